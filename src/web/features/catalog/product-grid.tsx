import { pageAnchor, type ProductSummary } from '../../../shared/catalog.ts';
import { ProductCard } from './product-card.tsx';
import { GRID } from './product-skeletons.tsx';

/**
 * With `pageSize`, the first piece of each page after the first is an anchor (shared/catalog.ts):
 * a Load More link followed before the app ran lands there, below the sticky header
 * (shared/shown-pages.ts), and its first pictures come with the page, as the first page's do.
 */
export function ProductGrid({ products, cardHeading, pageSize }: { products: ProductSummary[]; cardHeading?: 2 | 3; pageSize?: number }) {
  const anchor = (i: number) => (pageSize && i > 0 && i % pageSize === 0 ? pageAnchor(i / pageSize + 1) : undefined);
  // The first screen is the last page's top: where such a link lands, or the only page.
  const top = pageSize && products.length > 0 ? Math.floor((products.length - 1) / pageSize) * pageSize : 0;
  return (
    <ul className={GRID}>
      {products.map((p, i) => (
        <li key={p.id} id={anchor(i)} className="scroll-mt-32">
          <ProductCard product={p} eager={i >= top && i < top + 4} headingLevel={cardHeading} />
        </li>
      ))}
    </ul>
  );
}

export { ProductGridSkeleton } from './product-skeletons.tsx';
