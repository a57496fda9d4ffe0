import { useProductPages } from './catalog.api.ts';
import { EmptyState, buttonClass } from '../../components/empty-state.tsx';
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';

export function ProductsBrowse({ pageSize }: { pageSize: number }) {
  const pages = useProductPages();
  const products = pages.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="products-heading">
      <header className="mb-6 sm:mb-8">
        <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Handpicked across India</p>
        <h1 id="products-heading" className="mt-1 font-display text-3xl font-semibold sm:text-4xl">
          Featured Collections
        </h1>
      </header>

      {pages.isPending ? (
        <ProductGridSkeleton count={pageSize} />
      ) : pages.isError && products.length === 0 ? (
        <EmptyState
          title={pages.error.message || 'Failed to fetch products.'}
          action={
            <button type="button" className={buttonClass} onClick={() => void pages.refetch()}>
              Try again
            </button>
          }
        />
      ) : products.length === 0 ? (
        <EmptyState title="No products found">Try again later.</EmptyState>
      ) : (
        <>
          <ProductGrid products={products} />
          {pages.isFetchNextPageError && (
            <p role="alert" className="mt-6 text-center text-wine">
              {pages.error?.message || 'Failed to fetch products.'}
            </p>
          )}
          {pages.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <button
                type="button"
                className={buttonClass}
                onClick={() => void pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? 'Loading...' : 'Load More'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
