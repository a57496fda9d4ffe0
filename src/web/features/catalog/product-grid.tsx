import { pageAnchor, type ProductSummary } from '../../../shared/catalog.ts';
import { ProductCard } from './product-card.tsx';
import { GRID } from './product-skeletons.tsx';

/**
 * With `pageSize`, the first piece of each page after the first is an anchor: a Load More link
 * followed before the app ran lands there (shared/shown-pages.ts; its anchor is in shared/catalog.ts, which every grid has already), below the sticky header.
 */
export function ProductGrid({ products, cardHeading, pageSize }: { products: ProductSummary[]; cardHeading?: 2 | 3; pageSize?: number }) {
  const anchor = (i: number) => (pageSize && i > 0 && i % pageSize === 0 ? pageAnchor(i / pageSize + 1) : undefined);
  return (
    <ul className={GRID}>
      {products.map((p, i) => (
        <li key={p.id} id={anchor(i)} className="scroll-mt-32">
          <ProductCard product={p} eager={i < 4} headingLevel={cardHeading} />
        </li>
      ))}
    </ul>
  );
}

export { ProductGridSkeleton } from './product-skeletons.tsx';
