/** A star in a 24-unit square, and its left half (a half star is drawn over an empty one). */
const STAR = '12,2 15.09,8.26 22,9.27 17,14.14 18.18,21.02 12,17.77 5.82,21.02 7,14.14 2,9.27 8.91,8.26';
const HALF_STAR = '12,2 8.91,8.26 2,9.27 7,14.14 5.82,21.02 12,17.77';
/** Each star's 24 units and the 3 between them. */
const STEP = 27;
const HEIGHTS = { sm: 16, lg: 20 } as const;

/**
 * Five stars, filled to the rating (the average rounded to the nearest half), with its words for a
 * screen reader. One SVG of polygons, not ten icon components: a product page with reviews draws six
 * of these, and as icons they were a third of what the reviews added to its first render (issue 51).
 * The rating is written by hand, not toLocaleString: one to five with a decimal reads the same in
 * en-IN, and each Intl format made was a tenth of a millisecond of every first render.
 */
export function Stars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'lg' }) {
  const halves = Math.round(rating * 2);
  const height = HEIGHTS[size];
  return (
    <svg
      role="img"
      aria-label={`${Math.round(rating * 10) / 10} out of 5 stars`}
      viewBox={`0 0 ${5 * STEP - 3} 24`}
      width={((5 * STEP - 3) * height) / 24}
      height={height}
      className="inline-block shrink-0"
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i} transform={`translate(${i * STEP})`}>
          <polygon points={STAR} className={halves >= 2 * i + 2 ? 'fill-gold' : 'fill-line'} />
          {halves === 2 * i + 1 && <polygon points={HALF_STAR} className="fill-gold" />}
        </g>
      ))}
    </svg>
  );
}
