import { HOME_FEATURED_PAGE_SIZE } from '../../../shared/catalog.ts';
import { BrowseProductsLink } from '../../components/empty-state.tsx';
import { productPagesQuery } from './catalog.api.ts';
import { PagedProductGrid } from './paged-product-grid.tsx';

/** The grid's pages: home's loader asks for the first on the server, for the page's copy without JavaScript. */
export const bestsellersQuery = () => productPagesQuery('best-sellers', HOME_FEATURED_PAGE_SIZE);

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
