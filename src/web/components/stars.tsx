import { Star } from 'lucide-react';

/** Five stars, filled to the rating (whole stars, the average rounded to the nearest half), with its words for a screen reader. */
export function Stars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'lg' }) {
  const halves = Math.round(rating * 2);
  const icon = size === 'sm' ? 'size-4' : 'size-5';
  return (
    <span className="inline-flex items-center gap-0.5 text-gold" role="img" aria-label={`${rating.toLocaleString('en-IN', { maximumFractionDigits: 1 })} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className="relative inline-block" aria-hidden="true">
          <Star className={`${icon} text-line`} fill="currentColor" strokeWidth={0} />
          {halves >= n * 2 - 1 && (
            <span className={`absolute inset-y-0 left-0 overflow-hidden ${halves >= n * 2 ? 'w-full' : 'w-1/2'}`}>
              <Star className={icon} fill="currentColor" strokeWidth={0} />
            </span>
          )}
        </span>
      ))}
    </span>
  );
}
