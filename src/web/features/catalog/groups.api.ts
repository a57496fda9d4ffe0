/**
 * The listing screens' data: categories and collections, and each one's products (their keys sit
 * under 'products', so whatever refreshes product cards, a like or an admin edit, refreshes these
 * too). One queryOptions factory per endpoint.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PAGE_SIZE, type Category, type Collection, type FilteredPage } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { pagedQuery } from './catalog.api.ts';
import { withCounts } from './list-queries.ts';

export interface CategoryPage extends FilteredPage {
  category: Category;
}
export interface CollectionPage extends FilteredPage {
  collection: Collection;
}

export const categoriesQuery = () => queryOptions({ queryKey: queryKeys.categories, queryFn: ({ signal, client }) => getJson<Category[]>('/api/categories', { signal, client }) });

export const collectionsQuery = () => queryOptions({ queryKey: queryKeys.collections, queryFn: ({ signal, client }) => getJson<Collection[]>('/api/collections', { signal, client }) });

/** The API's address of a category's or collection's list. */
export const groupApiPath = (kind: 'category' | 'collection', slug: string) => `/api/${kind === 'category' ? 'categories' : 'collections'}/${encodeURIComponent(slug)}`;

/** A category's pieces with the address's choices (shared/filters.ts), 12 at a time, with counts. */
export const categoryPagesQuery = (slug: string, filters: string) =>
  pagedQuery<CategoryPage>(queryKeys.categoryPages(slug, filters), groupApiPath('category', slug), PRODUCTS_PAGE_SIZE, withCounts(filters));

export const collectionPagesQuery = (slug: string, filters: string) =>
  pagedQuery<CollectionPage>(queryKeys.collectionPages(slug, filters), groupApiPath('collection', slug), PRODUCTS_PAGE_SIZE, withCounts(filters));

export const useCategories = () => useQuery(categoriesQuery());
export const useCollections = () => useQuery(collectionsQuery());

