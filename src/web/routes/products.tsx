import { useSearchParams } from 'react-router';
import { ProductsBrowse } from '../features/catalog/products-browse.tsx';
import { ProductsSearch } from '../features/catalog/products-search.tsx';
import { filteredPagesQuery, searchQuery } from '../features/catalog/list-queries.ts';
import { filtersOfUrl, shownIn } from '../features/catalog/use-list-filters.ts';
import { preloading } from '../drawing/route-data.ts';

/** /products and /products?search=term (spec §2), with the address's filters (issue 20). */
export function Component() {
  const [params] = useSearchParams();
  // Spec §5: blank search text is ignored.
  const term = (params.get('search') ?? '').trim();
  return <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">{term ? <ProductsSearch term={term} /> : <ProductsBrowse />}</div>;
}

/** Drawn on the server with its list, or its search's answer, as the address filters them. */
export const loader = preloading((client, { request }) => {
  const term = (new URL(request.url).searchParams.get('search') ?? '').trim();
  const filters = filtersOfUrl(request.url);
  return term ? client.fetchQuery(searchQuery(term, filters)) : client.fetchInfiniteQuery(shownIn(filteredPagesQuery('newest', filters), request.url));
});
