import type { Db } from '../../db/client.ts';
import {
  SEARCH_RESULTS_LIMIT,
  SUGGESTIONS_LIMIT,
  type Category,
  type Collection,
  type ProductDetail,
  type ProductPage,
  type ProductSummary,
  type SearchResults,
  type Suggestion,
} from '../../../shared/catalog.ts';
import type { ProductTax } from '../../../shared/gst.ts';
import type { SizeChart } from '../../../shared/sizes.ts';
import type { HeadGroup } from '../../../shared/group-head.ts';
import type { HeadProduct } from '../../../shared/page-head.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { StockService } from '../stock/stock.service.ts';
import * as q from './catalog.queries.ts';
import type { CatalogWatch } from './catalog-watch.ts';
import * as matching from './search.queries.ts';
import { answerBytes, searchKey, VersionedCache } from './search-cache.ts';
import { createFilteredLists } from './filtered-lists.ts';
import { cacheBudget, type CacheBudget } from '../../cache-budget.ts';

type Range = { offset: number; limit: number };

/** Spec §4: another page exists only when the last one came back full. */
function page(items: ProductPage['items'], limit: number): ProductPage {
  return { items, hasMore: items.length === limit };
}

/** A search answer as cached: catalog data only. */
type FoundCards = { cards: q.ProductCard[]; total: number };

/** Likes change without a catalog write, so they are read fresh and joined to the cached cards. */
function withLikes(found: FoundCards, likes: Map<number, number>): SearchResults {
  return { items: found.cards.map((c) => ({ ...c, likeCount: likes.get(c.id) ?? 0 })), total: found.total };
}

/** A list's chart as the page shows it: the product's own sizes, in the list's order. */
function chartFor(list: { name: string; sizes: string[]; measures: string[]; chart: Record<string, (number | null)[]> }, sizes: string[]): SizeChart | null {
  const rows = list.sizes.filter((s) => sizes.includes(s)).map((size) => ({ size, inches: list.measures.map((_, i) => list.chart[size]?.[i] ?? null) }));
  return list.measures.length === 0 || rows.length === 0 ? null : { listName: list.name, measures: list.measures, rows };
}

/** Lists kept at once (a page is at most 48 cards): a crawler walking every offset only churns them. */
const LISTS_KEPT = 500;

/** The catalog's memory: what its steps share beside the database (the watch says when it is current). */
export interface CatalogMemory {
  db: Db;
  watch: CatalogWatch;
  searches: VersionedCache<FoundCards>;
  suggestions: VersionedCache<Suggestion[]>;
  /** Answers carrying like counts (lists, searches), kept only while the watch is live. */
  withCounts: VersionedCache<unknown>;
}

/** The LIKE pattern a search term becomes (the benchmark counts its expected matches with it). */
export const containsPattern = matching.containsPattern;

export function catalogMemory(db: Db, watch: CatalogWatch, budget: CacheBudget): CatalogMemory {
  const kept = <V,>(entries: number, bytes: number) => new VersionedCache<V>({ entries, bytes, sizeOf: answerBytes });
  return { db, watch, searches: kept(1000, budget.searches / 3), suggestions: kept(1000, budget.searches / 3), withCounts: kept(LISTS_KEPT, budget.lists) };
}

/**
 * An answer that shows like counts: from memory while the watch hears every catalog and like
 * change, so a busy list costs no round trip; read afresh while it does not.
 */
export function counted<V>(memory: CatalogMemory, key: string, compute: () => Promise<V>): Promise<V> {
  const stamp = memory.watch.live();
  return stamp ? (memory.withCounts.get(`${stamp.catalog}.${stamp.likes}`, key, compute) as Promise<V>) : compute();
}

/** A product's page: the row, what the shopper may be told of its sizes, and its size chart. */
export async function productDetail(db: Db, stock: StockService, id: number): Promise<ProductDetail> {
  const found = await q.productById(db, id);
  if (!found) throw new NotFoundError('Product not found');
  const { sizes: offered, sizeList, fabric, colour, colourName, occasions, weave, origin, ...row } = found;
  const sizes = await stock.choicesOf(id, offered);
  const sizeChart = sizeList ? chartFor(sizeList, sizes.map((s) => s.size)) : null;
  return { ...row, sizes, sizeChart, attributes: { fabric, colour, colourName, occasions, weave, origin } };
}

/** A search's best matches with fresh like counts, the cards kept per term while the catalog stands still. */
export async function searchProducts(memory: CatalogMemory, term: string): Promise<SearchResults> {
  if (term === '') return { items: [], total: 0 };
  const { db, watch, searches } = memory;
  // The key is the very term the SQL searches for: one answer per key, whoever asked first.
  const key = searchKey(term);
  const compute = async () => {
    const { ids, total } = await matching.searchIds(db, key, SEARCH_RESULTS_LIMIT);
    return { cards: await q.cardsByIds(db, ids), total };
  };
  const idsOf = (found: FoundCards) => found.cards.map((c) => c.id);
  const stamp = watch.live();
  if (stamp) {
    return counted(memory, `search:${key}`, async () => {
      const found = await searches.get(stamp.catalog, key, compute);
      return withLikes(found, await q.likeCounts(db, idsOf(found)));
    });
  }
  // The usual case, a term searched before: the version check and the fresh like counts share
  // one round trip, and the cached cards are used if the catalog has not changed since.
  const seen = searches.peek(key);
  if (seen) {
    const found = await seen.value;
    const { version, likes } = await matching.versionWithLikeCounts(db, idsOf(found));
    if (version === seen.version) return withLikes(found, likes);
    const fresh = await searches.get(version, key, compute);
    return withLikes(fresh, await q.likeCounts(db, idsOf(fresh)));
  }
  const fresh = await searches.get(await watch.version(), key, compute);
  return withLikes(fresh, await q.likeCounts(db, idsOf(fresh)));
}

/** The search box's suggestions for a term, kept per term at the catalog's current version. */
export async function suggestionsFor(memory: CatalogMemory, term: string): Promise<Suggestion[]> {
  if (term === '') return [];
  const { db, watch } = memory;
  const key = searchKey(term);
  return memory.suggestions.get(await watch.version(), key, async () => {
    const cards = await q.cardsByIds(db, await matching.suggestionIds(db, key, SUGGESTIONS_LIMIT));
    return cards.map(({ id, name, thumbnail, images, price, offerPrice }) => ({
      id,
      name,
      thumbnail: thumbnail ?? images[0] ?? null,
      price,
      offerPrice,
    }));
  });
}

export function createCatalogService(db: Db, stock: StockService, watch: CatalogWatch, budget: CacheBudget = cacheBudget()) {
  const memory = catalogMemory(db, watch, budget);
  const lists = createFilteredLists(db, watch, budget);

  return {
    /** A list narrowed or sorted by the address's choices, with the counts beside them (issue 20). */
    filtered: lists.filtered,
    /** The filters' index built ahead of the first shopper (the shop's start). */
    warmFilters: lists.warm,

    list: ({ offset, limit }: Range): Promise<ProductPage> =>
      counted(memory, `list:${offset}:${limit}`, async () => page(await q.listProducts(db, offset, limit), limit)),

    bestSellers: ({ offset, limit }: Range): Promise<ProductPage> =>
      counted(memory, `best:${offset}:${limit}`, async () => page(await q.bestSellers(db, offset, limit), limit)),

    product: (id: number) => productDetail(db, stock, id),
    search: (term: string) => searchProducts(memory, term),
    suggestions: (term: string) => suggestionsFor(memory, term),

    /** Sitemap support: where each sitemap of `per` products starts, and one sitemap's products. */
    sitemapStarts: (per: number) => q.sitemapStarts(db, per),
    sitemapProducts: (firstId: number, per: number) => q.productIdsAfter(db, firstId - 1, per),

    /** What an undrawn product page's head is made from (shared/page-head.ts productHead); null when there is no such product. */
    async productForPage(id: number): Promise<HeadProduct | null> {
      // Ids beyond PostgreSQL's integer never exist; asking would be an error, not an answer.
      if (id > 2_147_483_647) return null;
      const p = await q.productById(db, id);
      if (!p) return null;
      const { name, description, price, offerPrice, availability, thumbnail, images } = p;
      return { name, description, price, offerPrice, availability, thumbnail, images };
    },

    /** What an undrawn category or collection page's head is made from (groupHead); null when there is no such group (a 404). */
    async groupForPage(kind: q.GroupKind, slug: string): Promise<HeadGroup | null> {
      return (await q.groupBySlug(db, kind, slug)) ?? null;
    },

    async likeCount(productId: number): Promise<number> {
      const n = await q.likeCountOf(db, productId);
      if (n === undefined) throw new NotFoundError('Product not found');
      return n;
    },

    /** Products for another module's list (a cart, a wishlist), in the order of the ids; gone ones are left out. */
    cards: (ids: number[]): Promise<q.ProductCard[]> => q.cardsByIds(db, ids),
    summaries: (ids: number[]): Promise<ProductSummary[]> => q.summariesByIds(db, ids),

    /** The catalog's version: any write to products or their groups moves it (a trigger). */
    version: () => watch.version(),

    /** How each piece is taxed (issue 18); a piece with no rule, or gone, takes the shop's rate. */
    /** What checkout needs of each piece beside its card: its tax rule, and its categories (an offer's scope, issue 50). */
    async pieceFacts(ids: number[]): Promise<Map<number, { tax: ProductTax; categoryIds: number[] }>> {
      const rows = await q.pieceFactsByIds(db, [...new Set(ids)]);
      return new Map(rows.map(({ id, categoryIds, ...tax }) => [id, { tax, categoryIds }]));
    },

    /** A piece's price to pay and whether it is sent by PIN code, for the PIN check; null when it is not on sale. */
    async deliveryFacts(id: number) {
      if (id > 2_147_483_647) return null;
      const p = await q.deliveryFactsById(db, id);
      return p ? { payPaise: p.offerPrice ?? p.price, pincodeDelivery: p.deliveryInfo.pincodeDelivery } : null;
    },

    categories: (): Promise<Category[]> => q.allCategories(db),
    collections: (): Promise<Collection[]> => q.allCollections(db),

    category: (slug: string, { offset, limit }: Range) =>
      counted(memory, `category:${slug}:${offset}:${limit}`, async () => {
        const category = (await q.allCategories(db)).find((c) => c.slug === slug);
        if (!category) throw new NotFoundError('Category not found');
        return { category, ...page(await q.productsInGroup(db, 'category', slug, offset, limit), limit) };
      }),

    collection: (slug: string, { offset, limit }: Range) =>
      counted(memory, `collection:${slug}:${offset}:${limit}`, async () => {
        const collection = (await q.allCollections(db)).find((c) => c.slug === slug);
        if (!collection) throw new NotFoundError('Collection not found');
        return { collection, ...page(await q.productsInGroup(db, 'collection', slug, offset, limit), limit) };
      }),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
