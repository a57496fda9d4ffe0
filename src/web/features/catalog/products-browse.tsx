import { FilteredPages } from './filtered-pages.tsx';

/** /products without a search: 'Featured Collections', newest first, 12 at a time (spec §2), with filters (issue 20). */
export function ProductsBrowse() {
  return (
    <section aria-labelledby="products-heading">
      <header className="mb-6 sm:mb-8">
        <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Handpicked across India</p>
        <h1 id="products-heading" className="mt-1 font-display text-3xl font-semibold sm:text-4xl">
          Featured Collections
        </h1>
      </header>
      <FilteredPages list="newest" ownOrder="newest" texts={{ failed: 'Failed to fetch products.', empty: 'No products found', emptyHint: 'Try again later.' }} />
    </section>
  );
}
