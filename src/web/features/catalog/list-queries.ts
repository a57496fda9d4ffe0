/**
 * The listing screens' queries (issue 20): a list, a search, a category or collection (groups.api.ts)
 * asked with the address's choices and the counts beside every choice. Apart from catalog.api.ts,
 * which the search box in every page's header imports: these are the listing screens' own code,
 * not the first download's.
 */
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PRODUCTS_PAGE_SIZE, type FilteredPage } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { listPath, pagedQuery, withQuery, type ProductList } from './catalog.api.ts';

/**
 * A listing asks for its choices (`filters`, as shared/filters.ts writes them) and always for the
 * counts beside every choice, so its filters can be drawn from the same answer (issue 20).
 */
export const withCounts = (filters: string) => (filters ? `${filters}&counts=1` : 'counts=1');

/** A listing screen's list (all products, Just Landed, Best Seller) with the address's choices, 12 at a time, with counts. */
export const filteredPagesQuery = (list: ProductList, filters: string) =>
  pagedQuery<FilteredPage>(queryKeys.listPages(list, filters), listPath(list), PRODUCTS_PAGE_SIZE, withCounts(filters));

/**
 * What `filters` would give in the list at `path` (its total and counts; one card comes along): the
 * phone's sheet shows it for choices not applied yet.
 */
export const listCountsQuery = (path: string, filters: string) =>
  queryOptions({
    queryKey: queryKeys.listCounts(path, filters),
    queryFn: ({ signal, client }) => getJson<FilteredPage>(withQuery(path, `${withCounts(filters)}&offset=0&limit=1`), { signal, client }),
  });

/** The search's address in the API, for its answer and for the filter sheet's counts. */
export const searchPath = (term: string) => `/api/products/search?q=${encodeURIComponent(term)}`;

/** A search's best matches with the address's choices, and the counts beside every choice. */
export const searchQuery = (term: string, filters: string) =>
  queryOptions({
    queryKey: queryKeys.search(term, filters),
    queryFn: ({ signal, client }) => getJson<FilteredPage>(withQuery(searchPath(term), withCounts(filters)), { signal, client }),
  });

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
