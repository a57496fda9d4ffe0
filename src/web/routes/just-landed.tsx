import { PRODUCTS_PAGE_SIZE } from '../../shared/catalog.ts';
import { Link } from 'react-router';
import { buttonClass } from '../components/empty-state.tsx';
import { ListingHeader } from '../features/catalog/listing-header.tsx';
import { PagedProductGrid } from '../features/catalog/paged-product-grid.tsx';

/** /just-landed (spec §2): the newest pieces first, the API's own order for /api/products. */
export function Component() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <ListingHeader kicker="Fresh from the looms" title="Just Landed">
        New sarees, kurtas and lehengas, newest first. Good pieces go quickly; this is where they arrive.
      </ListingHeader>
      <PagedProductGrid
        path={'/api/products'}
        pageSize={PRODUCTS_PAGE_SIZE}
        texts={{
          failed: 'Failed to fetch products.',
          empty: 'No products found',
          emptyHint: 'Try again later.',
          emptyAction: (
            <Link to="/collections" className={buttonClass}>
              See our collections
            </Link>
          ),
        }}
      />
    </div>
  );
}
