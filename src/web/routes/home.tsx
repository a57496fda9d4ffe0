import { PRODUCTS_PAGE_SIZE } from '../../shared/catalog.ts';
import { ProductsBrowse } from '../features/catalog/products-browse.tsx';

/** Home (spec §2). Being built: hero, collections, tiles and best sellers follow. */
export function Component() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <ProductsBrowse pageSize={PRODUCTS_PAGE_SIZE} />
    </div>
  );
}
