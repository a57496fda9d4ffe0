/**
 * The memory the shop's caches of drawn pages and answers may keep (issue 53, decision 0047): one
 * total the operator sets (CACHE_MEMORY_MB), shared out here once. A cache counted only by entries
 * let a stranger's crafted addresses fill it with big answers; each is now bounded by its bytes
 * too (`VersionedCache`'s limits), and together they keep at most the total.
 */
export const DEFAULT_CACHE_MEMORY_MB = 128;

/** Each cache's share of the total. */
export const CACHE_SHARES = {
  /** Drawn pages without a query (home, a product, a group page): any shop's busy pages. */
  pages: 0.24,
  /** A product's reviews as its page asks for them (issue 51): the figures and the first reviews, kept while the catalog stands. */
  reviews: 0.06,
  /**
   * Drawn pages with a query (a filtered list, page 3): each address is a copy of its own, so they
   * keep apart, where crafted addresses cannot push the product pages out.
   */
  pagesWithQuery: 0.1,
  /** Lists with their like counts (catalog.service's `withCounts`). */
  lists: 0.15,
  /** Filtered lists as whole pages, cards too (filtered-lists.ts). */
  filteredPages: 0.1,
  /** Filtered lists as ids and counts, three quarters; the addresses and what their choices come to, a quarter (filtered-lists.ts). */
  filterAnswers: 0.1,
  /** Searches' cards, their ranked matches for the filters, and the search box's suggestions, each a third. */
  searches: 0.15,
  /** The owner's photographs when they are in a bucket (issue 52, photos.routes.ts): their names never change. */
  photos: 0.1,
} as const;

export type CacheBudget = { readonly [K in keyof typeof CACHE_SHARES]: number };

/** The total in bytes, shared out. */
export function cacheBudget(totalMb = DEFAULT_CACHE_MEMORY_MB): CacheBudget {
  const total = totalMb * 1024 * 1024;
  return Object.fromEntries(Object.entries(CACHE_SHARES).map(([name, share]) => [name, Math.floor(total * share)])) as CacheBudget;
}
