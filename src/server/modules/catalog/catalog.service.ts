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
import { NotFoundError } from '../../http/errors.ts';
import type { StockService } from '../stock/stock.service.ts';
import * as q from './catalog.queries.ts';
import * as matching from './search.queries.ts';
import { searchKey, VersionedCache } from './search-cache.ts';

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

export function createCatalogService(db: Db, stock: StockService) {
  const searches = new VersionedCache<FoundCards>();
  const suggestionCache = new VersionedCache<Suggestion[]>();

  /** The cached answer for this (already folded) term at the catalog's current version, computed on a miss. */
  async function cached<V>(cache: VersionedCache<V>, key: string, compute: () => Promise<V>): Promise<V> {
    const version = await matching.currentCatalogVersion(db);
    return cache.get(version, key, compute);
  }

  return {
    async list({ offset, limit }: Range): Promise<ProductPage> {
      return page(await q.listProducts(db, offset, limit), limit);
    },

    async bestSellers({ offset, limit }: Range): Promise<ProductPage> {
      return page(await q.bestSellers(db, offset, limit), limit);
    },

    async product(id: number): Promise<ProductDetail> {
      const found = await q.productById(db, id);
      if (!found) throw new NotFoundError('Product not found');
      const { sizeListId, ...row } = found;
      const [cats, cols, choices, list] = await Promise.all([
        q.groupsOfProduct(db, 'category', id),
        q.groupsOfProduct(db, 'collection', id),
        stock.choices([id]),
        sizeListId === null ? undefined : q.sizeListById(db, sizeListId),
      ]);
      const sizes = choices.get(id) ?? [];
      const sizeChart = list ? chartFor(list, sizes.map((s) => s.size)) : null;
      return { ...row, categories: cats, collections: cols, sizes, sizeChart };
    },

    async search(term: string): Promise<SearchResults> {
      if (term === '') return { items: [], total: 0 };
      // The key is the very term the SQL searches for: one answer per key, whoever asked first.
      const key = searchKey(term);
      const compute = async () => {
        const { ids, total } = await matching.searchIds(db, key, SEARCH_RESULTS_LIMIT);
        return { cards: await q.cardsByIds(db, ids), total };
      };
      const idsOf = (found: FoundCards) => found.cards.map((c) => c.id);
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
      const fresh = await searches.get(await matching.currentCatalogVersion(db), key, compute);
      return withLikes(fresh, await q.likeCounts(db, idsOf(fresh)));
    },

    async suggestions(term: string): Promise<Suggestion[]> {
      if (term === '') return [];
      const key = searchKey(term);
      return cached(suggestionCache, key, async () => {
        const cards = await q.cardsByIds(db, await matching.suggestionIds(db, key, SUGGESTIONS_LIMIT));
        return cards.map(({ id, name, thumbnail, images, price, offerPrice }) => ({
          id,
          name,
          thumbnail: thumbnail ?? images[0] ?? null,
          price,
          offerPrice,
        }));
      });
    },

    /** Sitemap support: where each sitemap of `per` products starts, and one sitemap's products. */
    sitemapStarts: (per: number) => q.sitemapStarts(db, per),
    sitemapProducts: (firstId: number, per: number) => q.productIdsAfter(db, firstId - 1, per),

    /** What a product page's head shows; null when there is no such product. */
    async productForPage(id: number) {
      // Ids beyond PostgreSQL's integer never exist; asking would be an error, not an answer.
      if (id > 2_147_483_647) return null;
      const p = await q.productById(db, id);
      if (!p) return null;
      const { name, description, price, offerPrice, availability } = p;
      // `image` is the shared link's picture; `galleryImage` the one the product page shows first.
      return { name, description, price, offerPrice, availability, image: p.thumbnail ?? p.images[0] ?? null, galleryImage: p.images[0] ?? p.thumbnail ?? null };
    },

    /** What a category or collection page's head shows; null when there is no such group (a 404). */
    async groupForPage(kind: q.GroupKind, slug: string) {
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

    /** A piece's price to pay and its delivery options, for the PIN check; null when it is not on sale. */
    /** The catalog's version: any write to products or their groups moves it (a trigger). */
    version: () => matching.currentCatalogVersion(db),

    /** How each piece is taxed (issue 18); a piece with no rule, or gone, takes the shop's rate. */
    async taxFacts(ids: number[]): Promise<Map<number, ProductTax>> {
      const rows = await q.taxFactsByIds(db, [...new Set(ids)]);
      return new Map(rows.map(({ id, ...tax }) => [id, tax]));
    },

    async deliveryFacts(id: number) {
      if (id > 2_147_483_647) return null;
      const p = await q.deliveryFactsById(db, id);
      return p ? { payPaise: p.offerPrice ?? p.price, pincodeDelivery: p.deliveryInfo.pincodeDelivery } : null;
    },

    categories: (): Promise<Category[]> => q.allCategories(db),
    collections: (): Promise<Collection[]> => q.allCollections(db),

    async category(slug: string, { offset, limit }: Range) {
      const category = (await q.allCategories(db)).find((c) => c.slug === slug);
      if (!category) throw new NotFoundError('Category not found');
      return { category, ...page(await q.productsInGroup(db, 'category', slug, offset, limit), limit) };
    },

    async collection(slug: string, { offset, limit }: Range) {
      const collection = (await q.allCollections(db)).find((c) => c.slug === slug);
      if (!collection) throw new NotFoundError('Collection not found');
      return { collection, ...page(await q.productsInGroup(db, 'collection', slug, offset, limit), limit) };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
