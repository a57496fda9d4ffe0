import { PRODUCTS_PAGE_SIZE } from '../../shared/catalog.ts';
import { Link } from 'react-router';
import { buttonClass } from '../components/empty-state.tsx';
import { ListingHeader } from '../features/catalog/listing-header.tsx';
import { PagedProductGrid } from '../features/catalog/paged-product-grid.tsx';

/** /best-seller (spec §2): design.md's ranking, the owner's picks and the most loved first. */
export function Component() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <ListingHeader kicker="Most loved" title="Best Seller">
        The pieces our shoppers like and order most, with a few of our own favourites from the looms.
      </ListingHeader>
      <PagedProductGrid
        path={'/api/products/best-sellers'}
        pageSize={PRODUCTS_PAGE_SIZE}
        texts={{
          failed: 'Failed to fetch products.',
          empty: 'No products found',
          emptyHint: 'Try again later.',
          emptyAction: (
            <Link to="/products" className={buttonClass}>
              Browse Products
            </Link>
          ),
        }}
      />
    </div>
  );
}
