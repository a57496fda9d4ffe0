/**
 * The product lists filtered and sorted (issue 20): the shop, Best Seller, a category, a collection
 * or a search, narrowed by the address's choices, with the counts beside every choice, in one
 * answer. Which ids and how many come from the filter index in memory (facet-catalog.ts); only the
 * page's cards are read from the database, with their like counts fresh.
 */
import { SEARCH_RESULTS_LIMIT, type Category, type Collection, type FilteredPage } from '../../../shared/catalog.ts';
import { writeFilters, type ListFilters } from '../../../shared/filters.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../http/errors.ts';
import { emptyBits } from './bitset.ts';
import type { CatalogWatch } from './catalog-watch.ts';
import * as q from './catalog.queries.ts';
import { facetCatalogSource, type FacetCatalog } from './facet-catalog.ts';
import type { FacetAnswer } from './facet-index.ts';
import * as matching from './search.queries.ts';
import { answerBytes, searchKey, VersionedCache } from './search-cache.ts';
import type { CacheBudget } from '../../cache-budget.ts';
import type { SearchMatches } from './search-index.ts';

/** Which list: its own products and its own order when the shopper chose none. */
export type Listing =
  | { kind: 'all' }
  | { kind: 'best' }
  | { kind: 'category'; slug: string }
  | { kind: 'collection'; slug: string }
  | { kind: 'search'; term: string };

/**
 * A search is filtered within its best matches, this many: enough for any shopper's question, and
 * a term's ranked ids stay small in memory (a term that matches the whole shop would be 100,000).
 */
export const SEARCH_FILTERED_WITHIN = 5_000;

/** Answers kept (ids and counts, no cards): the busy lists and their common choices. */
const ANSWERS_KEPT = 2_000;
/** Whole pages kept, cards and like counts too: what the listing screens ask most (a page is at most 48 cards). */
const PAGES_KEPT = 500;
const TERMS_KEPT = 200;
/** Addresses remembered with what their choices come to (a short key each): every busy one, and a stranger's thousands only churn it. */
const ADDRESSES_KEPT = 10_000;

type Range = { offset: number; limit: number };

/** Printable ASCII is lower-cased alike by every locale (searchKey has done it): any other term asks the database. */
const ASCII = /^[\u0020-\u007e]*$/;

export function createFilteredLists(db: Db, watch: CatalogWatch, budget: CacheBudget) {
  const facetCatalog = facetCatalogSource(db, watch);
  const answers = new VersionedCache<FacetAnswer>({ entries: ANSWERS_KEPT, bytes: (budget.filterAnswers * 3) / 4, sizeOf: answerBytes });
  const ranked = new VersionedCache<SearchMatches>({ entries: TERMS_KEPT, bytes: budget.searches / 3, sizeOf: (m) => 3 * m.positions.byteLength + 64 });
  const pages = new VersionedCache<FilteredPage & Partial<GroupOf>>({ entries: PAGES_KEPT, bytes: budget.filteredPages, sizeOf: answerBytes });
  // An address's own text and what its choices come to: small, but a stranger can make many, so counted too.
  const choicesOf = new VersionedCache<string>({ entries: ADDRESSES_KEPT, bytes: budget.filterAnswers / 4, sizeOf: (choices, address) => 2 * (choices.length + address.length) + 100 });

  /**
   * A search's best matches (ranked, best first) and how many match in all, from the index's own
   * copy of the search text (search-index.ts), so matches and filters are of one build; kept per
   * term with it. A term beyond ASCII is lower-cased by the database, as its text was, once per
   * term kept (not on every list that finds it kept).
   */
  async function matchesOf(catalog: FacetCatalog, term: string) {
    const key = searchKey(term);
    return ranked.get(catalog.build, key, async () => catalog.search.match(ASCII.test(key) ? key : await matching.lowered(db, key), SEARCH_FILTERED_WITHIN));
  }

  async function filtered(listing: Listing, filters: ListFilters, { offset, limit }: Range): Promise<FilteredPage & Partial<GroupOf>> {
    // No term searches nothing, filtered or not (as the plain search answers).
    if (listing.kind === 'search' && listing.term === '') return { items: [], hasMore: false, total: 0, counts: {}, inStock: 0 };
    const catalog = await facetCatalog();
    const { index } = catalog;
    // Only sizes some piece is sold in: an address naming others cannot make a new cache key.
    const sizes = filters.sizes.filter((s) => index.has('size', s));
    const chosen = { ...filters.chosen, size: sizes, discount: filters.discount ? [filters.discount] : [] };
    const search = listing.kind === 'search' ? await matchesOf(catalog, listing.term) : null;
    if (search) ({ offset, limit } = { offset: 0, limit: SEARCH_RESULTS_LIMIT });

    const scopeOf = () => {
      if (search) return index.bitsAt(search.positions);
      if (listing.kind === 'category' || listing.kind === 'collection') return catalog.scope(listing.kind, listing.slug) ?? emptyBits(index.size);
      return null;
    };
    const order = filters.sort ?? (search ? { positions: search.positions } : listing.kind === 'best' ? 'popular' : 'newest');
    const listKey = listing.kind === 'search' ? `search:${searchKey(listing.term)}` : 'slug' in listing ? `${listing.kind}:${listing.slug}` : listing.kind;
    // Keyed by what the choices come to, not by how the address spells them (FacetIndex.choiceKey):
    // addresses that narrow the list alike share one answer and one page.
    const address = `${listKey}|${writeFilters({ ...filters, sizes, sort: null })}`;
    const choices = await choicesOf.get(catalog.build, address, async () => index.choiceKey({ scope: scopeOf(), chosen, inStockOnly: filters.inStockOnly }));
    const key = `${listKey}|${choices}|${filters.sort ?? ''}|${offset}|${limit}`;
    const paged = async (): Promise<FilteredPage & Partial<GroupOf>> => {
      // A group that does not exist is a 404 before anything is kept for its address (a failure is never kept).
      const group = listing.kind === 'category' || listing.kind === 'collection' ? await groupOf(listing) : undefined;
      const answer = await answers.get(catalog.build, key, async () => index.query({ scope: scopeOf(), chosen, inStockOnly: filters.inStockOnly, order, offset, limit }));
      const items = await q.summariesByIds(db, answer.ids);
      // Unfiltered (or filtered by choices that narrow nothing), a search says every match, as the
      // plain search does (spec §2's count), though only its best are counted and listed.
      const total = search && choices === '' ? Math.max(search.total, answer.total) : answer.total;
      return { items, hasMore: !search && offset + answer.ids.length < answer.total, total, counts: answer.counts, inStock: answer.inStock, ...group };
    };
    // The cards carry names, prices, stock and like counts: kept whole only while the watch hears
    // every change to them, and read afresh when it does not (as the plain lists, catalog.service.ts).
    const stamp = watch.live();
    const page = stamp ? await pages.get(`${catalog.build}.${stamp.catalog}.${stamp.likes}.${stamp.stock}`, key, paged) : await paged();
    return page;
  }

  /**
   * Builds the index now, so the first shopper to filter does not wait for it (a second or two at
   * 100,000 products), and says how long it took.
   */
  async function warm(log: (line: string) => void) {
    // Stamped as the watch will stamp the first list: built before it listens, the index was built
    // again in that list's first seconds (the bench's first filtered row: p99 80 ms, cached).
    await watch.ready;
    const started = performance.now();
    const { index } = await facetCatalog();
    log(`Filters: ${index.size.toLocaleString('en-IN')} pieces indexed in ${Math.round(performance.now() - started)} ms.`);
  }

  return { filtered, warm };

  /** A group's page names the group, as unfiltered; one that does not exist is a 404 (one with nothing on sale, an empty list). */
  async function groupOf(listing: { kind: 'category' | 'collection'; slug: string }): Promise<Partial<GroupOf>> {
    if (listing.kind === 'category') {
      const category = (await q.allCategories(db)).find((g) => g.slug === listing.slug);
      if (!category) throw new NotFoundError('Category not found');
      return { category };
    }
    const collection = (await q.allCollections(db)).find((g) => g.slug === listing.slug);
    if (!collection) throw new NotFoundError('Collection not found');
    return { collection };
  }
}

type GroupOf = { category: Category; collection: Collection };
