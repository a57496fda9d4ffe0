import { ProductGrid } from '../features/catalog/product-grid.tsx';
import { FavoritesScreen } from '../features/wishlist/favorites-screen.tsx';

/** /favorites (spec §2): the shopper's liked products in the catalog's grid. */
export function Component() {
  return <FavoritesScreen grid={(products) => <ProductGrid products={products} />} />;
}
