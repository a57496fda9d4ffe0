import { useSearchParams } from 'react-router';
import { PRODUCTS_PAGE_SIZE } from '../../shared/catalog.ts';
import { ProductsBrowse } from '../features/catalog/products-browse.tsx';
import { ProductsSearch } from '../features/catalog/products-search.tsx';
import { productPagesQuery, searchQuery } from '../features/catalog/catalog.api.ts';
import { preloading } from '../lib/route-data.ts';

/** /products and /products?search=term (spec §2). */
export function Component() {
  const [params] = useSearchParams();
  // Spec §5: blank search text is ignored.
  const term = (params.get('search') ?? '').trim();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      {term ? <ProductsSearch term={term} /> : <ProductsBrowse pageSize={PRODUCTS_PAGE_SIZE} />}
    </div>
  );
}

/** Drawn on the server with its list, or its search's answer. */
export const loader = preloading((client, { request }) => {
  const term = (new URL(request.url).searchParams.get('search') ?? '').trim();
  return term ? client.fetchQuery(searchQuery(term)) : client.fetchInfiniteQuery(productPagesQuery('newest', PRODUCTS_PAGE_SIZE));
});
