/**
 * The listing screens' data: categories and collections, and each one's products. The plain lists
 * (best sellers, newest) page through useProductPages in catalog.api.ts.
 * One hook per endpoint, each with its own query key.
 */
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PAGE_SIZE, type Category, type Collection, type ProductPage } from '../../../shared/catalog.ts';
import { getJson, isNotFound } from '../../lib/api.ts';

export interface CategoryPage extends ProductPage {
  category: Category;
}
export interface CollectionPage extends ProductPage {
  collection: Collection;
}

export const groupKeys = {
  categories: ['categories'] as const,
  collections: ['collections'] as const,
  // Product lists live under 'products', so whatever refreshes product cards (a like, an admin
  // edit) refreshes these too.
  categoryPages: (slug: string) => ['products', 'category', slug] as const,
  collectionPages: (slug: string) => ['products', 'collection', slug] as const,
};

/** The API says so when a slug names no group: that is an answer, not a hiccup worth retrying. */
const retryUnlessMissing = (failures: number, error: Error) => failures < 3 && !isNotFound(error);

/** Spec §4 paging: pages of 12; another page exists only when the last one came back full. */
function pagedOptions<T extends ProductPage>(queryKey: readonly unknown[], path: string) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getJson<T>(`${path}?offset=${pageParam}&limit=${PRODUCTS_PAGE_SIZE}`, signal),
    getNextPageParam: (last: T, pages: T[]) => (last.hasMore ? pages.length * PRODUCTS_PAGE_SIZE : undefined),
    retry: retryUnlessMissing,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: groupKeys.categories,
    queryFn: ({ signal }) => getJson<Category[]>('/api/categories', signal),
  });
}

export function useCollections() {
  return useQuery({
    queryKey: groupKeys.collections,
    queryFn: ({ signal }) => getJson<Collection[]>('/api/collections', signal),
  });
}

export function useCategoryPages(slug: string) {
  return useInfiniteQuery(
    pagedOptions<CategoryPage>(groupKeys.categoryPages(slug), `/api/categories/${encodeURIComponent(slug)}`),
  );
}

export function useCollectionPages(slug: string) {
  return useInfiniteQuery(
    pagedOptions<CollectionPage>(groupKeys.collectionPages(slug), `/api/collections/${encodeURIComponent(slug)}`),
  );
}
