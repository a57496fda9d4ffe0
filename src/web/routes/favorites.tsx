import { StockAlertsList } from '../features/back-in-stock/stock-alerts-list.tsx';
import { ProductGrid } from '../features/catalog/product-grid.tsx';
import { FavoritesScreen } from '../features/wishlist/favorites-screen.tsx';

/** /favorites (spec §2): the shopper's liked products in the catalog's grid, then their back-in-stock requests (issue 16). */
export function Component() {
  return <FavoritesScreen grid={(products) => <ProductGrid products={products} />} after={(shopperId) => <StockAlertsList shopperId={shopperId} />} />;
}
