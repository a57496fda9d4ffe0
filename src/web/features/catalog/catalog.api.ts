/** One hook per catalog endpoint, each with its own query key. */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PAGE_SIZE, type ProductDetail, type ProductPage, type SearchResults, type Suggestion } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';

export const catalogKeys = {
  pages: (path: string, pageSize: number) => ['products', 'pages', path, pageSize] as const,
  // The exact term: folding it here (`İ` and `i̇` lower-case alike in JavaScript) would show one
  // term's answer for another; the server decides what is the same search (searchKey).
  search: (term: string) => ['products', 'search', term] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  suggestions: (term: string) => ['products', 'suggestions', term] as const,
  bestSellers: (limit: number) => ['products', 'best-sellers', limit] as const,
};

export function useProduct(id: string) {
  return useQuery({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) => getJson<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, signal),
    // 'Product not found' is an answer, not a hiccup worth retrying.
    retry: false,
  });
}

/**
 * Spec §4: pages of 12 (8 on home); another page exists only when the last one came back full.
 * `path` is any endpoint answering a ProductPage for ?offset&limit.
 */
export function useProductPages(pageSize: number = PRODUCTS_PAGE_SIZE, path = '/api/products') {
  return useInfiniteQuery({
    queryKey: catalogKeys.pages(path, pageSize),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getJson<ProductPage>(`${path}?offset=${pageParam}&limit=${pageSize}`, signal),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * pageSize : undefined),
  });
}

export function useProductSearch(term: string) {
  return useQuery({
    queryKey: catalogKeys.search(term),
    queryFn: ({ signal }) => getJson<SearchResults>(`/api/products/search?q=${encodeURIComponent(term)}`, signal),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
}

/** Spec §2: up to 10 suggestions for the search box. An empty term asks nothing. */
export function useSuggestions(term: string) {
  return useQuery({
    queryKey: catalogKeys.suggestions(term),
    queryFn: ({ signal }) => getJson<Suggestion[]>(`/api/products/suggestions?q=${encodeURIComponent(term)}`, signal),
    enabled: term !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
