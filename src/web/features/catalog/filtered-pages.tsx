import type { ListSort } from '../../../shared/filters.ts';
import { listPath, type ProductList } from './catalog.api.ts';
import { filteredPagesQuery, useFilteredPages } from './list-queries.ts';
import { FilteredListing } from './filtered-listing.tsx';
import { ProductPagesView, type PagedGridTexts } from './paged-product-grid.tsx';
import { PRODUCTS_PAGE_SIZE } from '../../../shared/catalog.ts';
import { useListFilters, useMoreLink } from './use-list-filters.ts';

/** A shop list (all products, Just Landed, Best Seller) with its filters, sort and Load More. */
export function FilteredPages({ list, ownOrder, texts }: { list: ProductList; ownOrder: ListSort; texts: PagedGridTexts }) {
  const state = useListFilters();
  const pages = useFilteredPages(filteredPagesQuery(list, state.address));
  const moreLink = useMoreLink();
  return (
    <FilteredListing state={state} answer={pages.data?.pages[0]} countsPath={listPath(list)} ownOrder={ownOrder} stale={pages.isPlaceholderData}>
      <ProductPagesView pages={pages} pageSize={PRODUCTS_PAGE_SIZE} texts={texts} moreLink={moreLink} />
    </FilteredListing>
  );
}
