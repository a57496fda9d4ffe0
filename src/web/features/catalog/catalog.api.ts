/**
 * The catalog's endpoints: one queryOptions factory each (address, key, typed answer), and the
 * hooks the screens read them with (docs/decisions/0017). Screens name a list, never an address.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PAGE_SIZE, type ProductDetail, type ProductPage, type SearchResults, type Suggestion } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * Spec §4 paging: pages of `pageSize`; another page exists only when the last one came back
 * full. Shared by the plain lists and the category and collection pages (groups.api.ts).
 */
export function pagedQuery<T extends ProductPage>(queryKey: readonly unknown[], path: string, pageSize: number = PRODUCTS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal, client }) => getJson<T>(`${path}?offset=${pageParam}&limit=${pageSize}`, { signal, client }),
    getNextPageParam: (last: T, pages: T[]) => (last.hasMore ? pages.length * pageSize : undefined),
  });
}

/** The shop's plain lists: every product, newest first (spec §2 Products, Just Landed), and design.md's best sellers. */
const LISTS = { newest: '/api/products', 'best-sellers': '/api/products/best-sellers' } as const;
export type ProductList = keyof typeof LISTS;

export const productPagesQuery = (list: ProductList, pageSize: number = PRODUCTS_PAGE_SIZE) =>
  pagedQuery<ProductPage>(queryKeys.productPages(list, pageSize), LISTS[list], pageSize);

export type ProductPagesQuery = ReturnType<typeof pagedQuery<ProductPage>>;

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal, client }) => getJson<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal, client }),
  });

export const searchQuery = (term: string) =>
  queryOptions({
    queryKey: queryKeys.search(term),
    queryFn: ({ signal, client }) => getJson<SearchResults>(`/api/products/search?q=${encodeURIComponent(term)}`, { signal, client }),
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
export const useProductSearch = (term: string) => useQuery({ ...searchQuery(term), enabled: term !== '', placeholderData: keepPreviousData });

export const useSuggestions = (term: string) => useQuery({ ...suggestionsQuery(term), enabled: term !== '', placeholderData: keepPreviousData });
