/**
 * The listing screens' data: categories and collections, and each one's products (their keys sit
 * under 'products', so whatever refreshes product cards, a like or an admin edit, refreshes these
 * too). One queryOptions factory per endpoint.
 */
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Category, Collection, ProductPage } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { pagedQuery } from './catalog.api.ts';

export interface CategoryPage extends ProductPage {
  category: Category;
}
export interface CollectionPage extends ProductPage {
  collection: Collection;
}

export const categoriesQuery = () => queryOptions({ queryKey: queryKeys.categories, queryFn: ({ signal, client }) => getJson<Category[]>('/api/categories', { signal, client }) });

export const collectionsQuery = () => queryOptions({ queryKey: queryKeys.collections, queryFn: ({ signal, client }) => getJson<Collection[]>('/api/collections', { signal, client }) });

export const categoryPagesQuery = (slug: string) => pagedQuery<CategoryPage>(queryKeys.categoryPages(slug), `/api/categories/${encodeURIComponent(slug)}`);

export const collectionPagesQuery = (slug: string) => pagedQuery<CollectionPage>(queryKeys.collectionPages(slug), `/api/collections/${encodeURIComponent(slug)}`);

export const useCategories = () => useQuery(categoriesQuery());
export const useCollections = () => useQuery(collectionsQuery());
export const useCategoryPages = (slug: string, enabled = true) => useInfiniteQuery({ ...categoryPagesQuery(slug), enabled });
export const useCollectionPages = (slug: string, enabled = true) => useInfiniteQuery({ ...collectionPagesQuery(slug), enabled });
