/**
 * A star in a 24-unit square, as a path from its top point (12, 2) in relative steps, so the same
 * words draw it anywhere; and its left half (a half star is drawn over an empty one). After each
 * `z` the pen is back at the star's top point, so `m27 0` moves to the next star's.
 */
const STAR = 'l3.09 6.26 6.91 1.01-5 4.87 1.18 6.88-6.18-3.25-6.18 3.25 1.18-6.88-5-4.87 6.91-1.01z';
const HALF_STAR = 'l-3.09 6.26-6.91 1.01 5 4.87-1.18 6.88 6.18-3.25z';
/** Each star's 24 units and the 3 between them. */
const STEP = 27;
const NEXT = `m${STEP} 0`;
const WIDTH = 5 * STEP - 3;
const HEIGHTS = { sm: 16, lg: 20 } as const;

/** Five stars, the first `halves / 2` of them filled (a half star for an odd count): one path. */
const starsPath = (halves: number) => {
  const whole = Array.from({ length: Math.floor(halves / 2) }, () => STAR);
  if (halves % 2) whole.push(HALF_STAR);
  return whole.length ? `M12 2${whole.join(NEXT)}` : '';
};
const EMPTY = starsPath(10);
/** Every fill from none to five stars in halves, made once. */
const FILLED = Array.from({ length: 11 }, (_, halves) => starsPath(halves));

/**
 * Five stars, filled to the rating (the average rounded to the nearest half), with its words for a
 * screen reader. Two paths, the empty stars and the filled over them, not an element a star: a
 * product page with reviews draws six of these, and every element is work for each first render and
 * bytes on a slow network (issue 51, docs/decisions/0051). The rating is written by hand, not
 * toLocaleString: one to five with a decimal reads the same in en-IN, and each Intl format made was
 * a tenth of a millisecond of every first render.
 */
export function Stars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'lg' }) {
  const halves = Math.min(10, Math.max(0, Math.round(rating * 2)));
  const height = HEIGHTS[size];
  return (
    <svg role="img" aria-label={`${Math.round(rating * 10) / 10} out of 5 stars`} viewBox={`0 0 ${WIDTH} 24`} width={(WIDTH * height) / 24} height={height} className="inline-block shrink-0">
      <path d={EMPTY} className="fill-line" />
      {halves > 0 && <path d={FILLED[halves]} className="fill-gold" />}
    </svg>
  );
}
