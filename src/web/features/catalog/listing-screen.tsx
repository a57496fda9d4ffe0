import type { ReactNode } from 'react';
import { BrowseProductsLink } from '../../components/empty-state.tsx';
import { ListingHeader } from './listing-header.tsx';
import type { ProductList } from './catalog.api.ts';
import { FilteredPages } from './filtered-pages.tsx';

/** A titled screen listing one of the shop's lists 12 at a time, with its filters (Best Seller, Just Landed). */
export function ListingScreen({
  kicker,
  title,
  intro,
  list,
  emptyAction = <BrowseProductsLink />,
}: {
  kicker: string;
  title: string;
  intro: ReactNode;
  list: ProductList;
  emptyAction?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <ListingHeader kicker={kicker} title={title}>
        {intro}
      </ListingHeader>
      <FilteredPages
        list={list}
        ownOrder={list === 'best-sellers' ? 'popular' : 'newest'}
        texts={{ failed: 'Failed to fetch products.', empty: 'No products found', emptyHint: 'Try again later.', emptyAction }}
      />
    </div>
  );
}
