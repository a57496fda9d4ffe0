/**
 * The catalog's endpoints: one queryOptions factory each (address, key, typed answer), and the
 * hooks the screens read them with (docs/decisions/0017). Screens name a list, never an address.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PAGE_SIZE, type FilteredPage, type ProductDetail, type ProductPage, type Suggestion } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** `path` with more of a query after its own (a search's path has one already). */
export const withQuery = (path: string, query: string) => (query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path);

/**
 * A listing asks for its choices (`filters`, as shared/filters.ts writes them) and always for the
 * counts beside every choice, so its filters can be drawn from the same answer (issue 20).
 */
export const withCounts = (filters: string) => (filters ? `${filters}&counts=1` : 'counts=1');

/**
 * Spec §4 paging: pages of `pageSize`; another page exists only when the last one came back
 * full. Shared by the plain lists and the category and collection pages (groups.api.ts).
 */
export function pagedQuery<T extends ProductPage>(queryKey: readonly unknown[], path: string, pageSize: number = PRODUCTS_PAGE_SIZE, query = '') {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal, client }) => getJson<T>(withQuery(path, `${query ? `${query}&` : ''}offset=${pageParam}&limit=${pageSize}`), { signal, client }),
    getNextPageParam: (last: T, pages: T[]) => (last.hasMore ? pages.length * pageSize : undefined),
  });
}

/** The shop's plain lists: every product, newest first (spec §2 Products, Just Landed), and design.md's best sellers. */
const LISTS = { newest: '/api/products', 'best-sellers': '/api/products/best-sellers' } as const;
export type ProductList = keyof typeof LISTS;

export const productPagesQuery = (list: ProductList, pageSize: number = PRODUCTS_PAGE_SIZE) =>
  pagedQuery<ProductPage>(queryKeys.productPages(list, pageSize), LISTS[list], pageSize);

export type ProductPagesQuery = ReturnType<typeof pagedQuery<ProductPage>>;

/** The API's address of a list: what the filter sheet asks its counts of. */
export const listPath = (list: ProductList) => LISTS[list];

/** A listing screen's list (all products, Just Landed, Best Seller) with the address's choices, 12 at a time, with counts. */
export const filteredPagesQuery = (list: ProductList, filters: string) =>
  pagedQuery<FilteredPage>(queryKeys.listPages(list, filters), LISTS[list], PRODUCTS_PAGE_SIZE, withCounts(filters));

/**
 * What `filters` would give in the list at `path` (its total and counts; one card comes along): the
 * phone's sheet shows it for choices not applied yet.
 */
export const listCountsQuery = (path: string, filters: string) =>
  queryOptions({
    queryKey: queryKeys.listCounts(path, filters),
    queryFn: ({ signal, client }) => getJson<FilteredPage>(withQuery(path, `${withCounts(filters)}&offset=0&limit=1`), { signal, client }),
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal, client }) => getJson<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal, client }),
  });

/** The search's address in the API, for its answer and for the filter sheet's counts. */
export const searchPath = (term: string) => `/api/products/search?q=${encodeURIComponent(term)}`;

/** A search's best matches with the address's choices, and the counts beside every choice. */
export const searchQuery = (term: string, filters: string) =>
  queryOptions({
    queryKey: queryKeys.search(term, filters),
    queryFn: ({ signal, client }) => getJson<FilteredPage>(withQuery(searchPath(term), withCounts(filters)), { signal, client }),
  });

/** Spec §2: up to 10 suggestions for the search box. */
export const suggestionsQuery = (term: string) =>
  queryOptions({
    queryKey: queryKeys.suggestions(term),
    queryFn: ({ signal, client }) => getJson<Suggestion[]>(`/api/products/suggestions?q=${encodeURIComponent(term)}`, { signal, client }),
    staleTime: 5 * 60_000,
  });

export const useProduct = (id: string, enabled = true) => useQuery({ ...productQuery(id), enabled });

export const useProductPages = (query: ProductPagesQuery) => useInfiniteQuery(query);

/** An empty term asks nothing; the last answer stays on screen while the next one comes. */
export const useProductSearch = (term: string, filters: string) => useQuery({ ...searchQuery(term, filters), enabled: term !== '', placeholderData: keepPreviousData });

/** The same list with other choices: its key but for the choices at its end. */
const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.slice(0, -1).every((part, i) => part === b[i]);

/**
 * A list with its choices; the cards shown stay (dimmed) while the next choice's come. Another
 * list (a new category) starts from its skeleton: its heading must not sit over the last one's cards.
 */
export const useFilteredPages = <T extends FilteredPage>(query: ReturnType<typeof pagedQuery<T>>, enabled = true) =>
  useInfiniteQuery({ ...query, enabled, placeholderData: (previous, last) => (last && sameList(last.queryKey, query.queryKey) ? previous : undefined) });

export const useSuggestions = (term: string) => useQuery({ ...suggestionsQuery(term), enabled: term !== '', placeholderData: keepPreviousData });
