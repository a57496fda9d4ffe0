import type { ProductSummary } from '../../../shared/catalog.ts';
import { ProductCard } from './product-card.tsx';
import { GRID } from './product-skeletons.tsx';

export function ProductGrid({ products }: { products: ProductSummary[] }) {
  return (
    <ul className={GRID}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < 4} />
        </li>
      ))}
    </ul>
  );
}

export { ProductGridSkeleton } from './product-skeletons.tsx';
