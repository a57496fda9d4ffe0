/** Placeholders in the grid's final layout while products load, so nothing jumps when they come. */
export const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4';

/** Cards in their final layout while data loads, so nothing jumps when it arrives. */
export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-lg bg-white ring-1 ring-line/70" aria-hidden="true">
      <div className="aspect-[3/4] animate-pulse bg-sand" />
      <div className="space-y-2 p-3">
        <div className="h-4 w-4/5 animate-pulse rounded bg-sand" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-sand" />
        <div className="mt-2 h-9 animate-pulse rounded-full bg-sand" />
      </div>
    </div>
  );
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className={GRID} role="status" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
