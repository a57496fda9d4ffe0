import { HOME_FEATURED_PAGE_SIZE } from '../../../shared/catalog.ts';
import { BrowseProductsLink } from '../../components/empty-state.tsx';
import { PagedProductGrid } from './paged-product-grid.tsx';

const texts = {
  failed: 'Failed to load featured products',
  alwaysOwnMessage: true,
  empty: 'No featured products available',
  emptyHint: 'New pieces are on their way. Meanwhile, the whole store is open.',
  emptyAction: <BrowseProductsLink />,
};

/** Home's grid: 8 at a time in design.md's ranking (featured, most liked, newest), spec's texts. */
export default function BestsellersGrid() {
  return <PagedProductGrid list="best-sellers" pageSize={HOME_FEATURED_PAGE_SIZE} cardHeading={3} texts={texts} />;
}
