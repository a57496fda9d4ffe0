/**
 * The product page's shape while it loads: the 3:4 picture box, its thumbnails and the text
 * beside it, so the footer sits below the fold from the start instead of jumping when the
 * product arrives (that jump cost the page its layout-shift score).
 */
export function ProductPageSkeleton() {
  const bar = 'animate-pulse rounded bg-sand';
  return (
    <div
      role="status"
      aria-label="Loading product"
      className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,560px)_1fr] lg:gap-10 lg:py-10"
    >
      <div>
        <div className="aspect-[3/4] animate-pulse rounded-lg bg-sand" />
        <div className="mt-3 flex gap-2">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="aspect-[3/4] w-16 animate-pulse rounded bg-sand sm:w-20" />
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-4">
        <div className={`h-10 w-4/5 ${bar}`} />
        <div className={`h-8 w-2/5 ${bar}`} />
        <div className={`h-4 w-1/3 ${bar}`} />
        <div className={`h-20 w-full ${bar}`} />
        <div className={`h-12 w-3/5 rounded-full ${bar}`} />
        <div className={`h-64 w-full ${bar}`} />
      </div>
    </div>
  );
}
