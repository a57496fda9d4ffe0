/**
 * The catalog's endpoints: one queryOptions factory each (address, key, typed answer), and the
 * hooks the screens read them with (docs/decisions/0017). Screens name a list, never an address.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PAGE_SIZE, type ProductDetail, type ProductPage, type Suggestion } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** `path` with more of a query after its own (a search's path has one already). */
export const withQuery = (path: string, query: string) => (query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path);

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

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.product(id),
    queryFn: ({ signal, client }) => getJson<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal, client }),
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

export const useSuggestions = (term: string) => useQuery({ ...suggestionsQuery(term), enabled: term !== '', placeholderData: keepPreviousData });
