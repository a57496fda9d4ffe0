/** One hook per catalog endpoint, each with its own query key. */
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PAGE_SIZE, type ProductDetail, type ProductPage, type SearchResults } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';

export const catalogKeys = {
  list: ['products', 'list'] as const,
  search: (term: string) => ['products', 'search', term.toLowerCase()] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};

export function useProduct(id: string) {
  return useQuery({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) => getJson<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, signal),
    // 'Product not found' is an answer, not a hiccup worth retrying.
    retry: false,
  });
}

/** Spec §4: pages of 12; another page exists only when the last one came back full. */
export function useProductPages() {
  return useInfiniteQuery({
    queryKey: catalogKeys.list,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      getJson<ProductPage>(`/api/products?offset=${pageParam}&limit=${PRODUCTS_PAGE_SIZE}`, signal),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * PRODUCTS_PAGE_SIZE : undefined),
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
