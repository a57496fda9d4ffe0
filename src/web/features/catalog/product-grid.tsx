import type { ProductSummary } from '../../../shared/catalog.ts';
import { ProductCard } from './product-card.tsx';
import { GRID } from './product-skeletons.tsx';

export function ProductGrid({ products, cardHeading }: { products: ProductSummary[]; cardHeading?: 2 | 3 }) {
  return (
    <ul className={GRID}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < 4} headingLevel={cardHeading} />
        </li>
      ))}
    </ul>
  );
}

export { ProductGridSkeleton } from './product-skeletons.tsx';
