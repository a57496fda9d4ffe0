/**
 * The product page's reviews (issue 51): the average and count, the five-bar histogram, the fit bar
 * once three buyers have answered, the buyers' photographs, and the reviews newest first or most
 * helpful, the first few (REVIEWS_FIRST) drawn with the page and the rest on demand.
 */
import { useState } from 'react';
import { FIT_LABELS, FITS, noReviewsSummary, REVIEW_SORTS, type ReviewSort, type ReviewSummary } from '../../../shared/reviews.ts';
import { imageAtWidth, photoSrc } from '../../../shared/images.ts';
import { PhotoZoom, zoomOnClick, type Zoomed, type ZoomGallery } from './photo-zoom.tsx';
import { ReviewItem } from './review-item.tsx';
import { useReviews } from './reviews.api.ts';
import { Stars } from '../../components/stars.tsx';

/**
 * The strip's thumbnails (72 px wide) at the shop's smallest width, enough for a phone's three
 * pixels to one: near enough the top of a phone's page, Chrome fetches all twelve beside the
 * product's own photograph, and at 480 px they took 480 KB of a slow network from it (issue 51's
 * Lighthouse run: the largest paint 1.7 s against 1.35 s without reviews).
 */
const STRIP_WIDTH = 320;

const SORT_LABELS: Record<ReviewSort, string> = { newest: 'Newest first', helpful: 'Most helpful' };

const FIT_FILLS: Record<(typeof FITS)[number], string> = { small: 'fill-gold', true: 'fill-emerald-700', large: 'fill-wine' };

/**
 * A bar of shares (percent) side by side, drawn as SVG: its widths are attributes, since a drawn
 * page's policy allows no style attribute it does not know (http/security-headers.ts).
 */
function Bar({ parts }: { parts: { share: number; fill: string }[] }) {
  let x = 0;
  return (
    <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-2 w-full overflow-hidden rounded-full bg-sand" aria-hidden="true">
      {parts.map(({ share, fill }, i) => {
        const at = x;
        x += share;
        return <rect key={i} x={at} width={share} height="8" className={fill} />;
      })}
    </svg>
  );
}

function Histogram({ summary }: { summary: ReviewSummary }) {
  return (
    <ul className="grid gap-1.5 text-sm" aria-label="Reviews by stars">
      {summary.histogram.map((n, i) => {
        const stars = 5 - i;
        const share = summary.count ? Math.round((100 * n) / summary.count) : 0;
        return (
          <li key={stars} className="grid grid-cols-[3.5rem_1fr_2rem] items-center gap-2">
            <span className="text-muted">{stars} star{stars === 1 ? '' : 's'}</span>
            <Bar parts={[{ share, fill: 'fill-gold' }]} />
            <span className="text-right tabular-nums text-muted">{n}</span>
          </li>
        );
      })}
    </ul>
  );
}

function FitBar({ summary }: { summary: ReviewSummary }) {
  if (!summary.fitSentence) return null;
  const total = FITS.reduce((n, f) => n + summary.fit[f], 0);
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">How it fits</h3>
      <p className="text-sm">{summary.fitSentence}</p>
      <Bar parts={FITS.map((f) => ({ share: (100 * summary.fit[f]) / total, fill: FIT_FILLS[f] }))} />
      <p className="flex flex-wrap gap-x-3 text-xs text-muted">
        {FITS.map((f) => (
          <span key={f}>
            {FIT_LABELS[f]}: {summary.fit[f]}
          </span>
        ))}
      </p>
    </div>
  );
}

export function ReviewsSection({ productId, reviewCount, gallery }: { productId: number; reviewCount: number; gallery: ZoomGallery }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [zoomed, setZoomed] = useState<Zoomed | null>(null);
  const reviews = useReviews(productId, sort, reviewCount > 0);
  const first = reviews.data?.pages[0];
  // The figures come with the first page of the newest order, which the page was drawn with.
  const newest = useReviews(productId, 'newest', reviewCount > 0);
  const summary = reviewCount === 0 ? noReviewsSummary(productId) : (newest.data?.pages[0]?.summary ?? first?.summary);
  if (!summary) return null;
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];
  const strip = summary.photos.map((p) => p.url);
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mx-auto grid max-w-7xl gap-6 px-4 pb-10 sm:px-6 lg:grid-cols-[280px_1fr] lg:gap-10">
      <div className="grid content-start gap-5">
        <h2 id="reviews-heading" className="font-display text-2xl font-semibold">
          Reviews
        </h2>
        {summary.count === 0 ? (
          <p className="text-muted">No reviews yet. Every review here comes from a shopper who bought the piece.</p>
        ) : (
          <>
            <div className="flex items-center gap-3">
              <span className="font-display text-4xl font-semibold">{summary.average!.toFixed(1)}</span>
              <div className="grid gap-1">
                <Stars rating={summary.average!} size="lg" />
                <span className="text-sm text-muted">
                  {summary.count} review{summary.count === 1 ? '' : 's'}, from buyers
                </span>
              </div>
            </div>
            <Histogram summary={summary} />
            <FitBar summary={summary} />
          </>
        )}
      </div>
      {summary.count > 0 && (
        <div className="grid content-start gap-5">
          {summary.photos.length > 0 && (
            <div className="grid gap-2">
              <h3 className="text-sm font-semibold">Buyers’ photographs</h3>
              <ul className="flex gap-2 overflow-x-auto pb-1">
                {strip.map((full, i) => (
                  <li key={full} className="shrink-0">
                    <a href={photoSrc(full)} onClick={zoomOnClick(() => setZoomed({ photos: strip, start: i }))} className="block overflow-hidden rounded-lg ring-1 ring-line/70">
                      <img src={imageAtWidth(full, STRIP_WIDTH)} alt={`A buyer’s photograph, ${i + 1} of ${strip.length}`} width={72} height={96} loading="lazy" className="aspect-[3/4] w-[72px] object-cover" />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted">Sort</span>
            <select value={sort} onChange={(e) => setSort(e.target.value as ReviewSort)} className="h-10 rounded-lg bg-white px-3 ring-1 ring-line">
              {REVIEW_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <ol className="grid gap-4">
            {items.map((r) => (
              <ReviewItem key={r.id} review={r} productId={productId} onZoom={(photos, start) => setZoomed({ photos, start })} />
            ))}
          </ol>
          {reviews.hasNextPage && (
            <button
              type="button"
              onClick={() => void reviews.fetchNextPage()}
              disabled={reviews.isFetchingNextPage}
              className="inline-flex min-h-11 items-center justify-self-start rounded-full px-6 text-sm font-medium text-wine ring-1 ring-wine/60 hover:bg-wine hover:text-white disabled:opacity-60"
            >
              {reviews.isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
            </button>
          )}
        </div>
      )}
      <PhotoZoom zoomed={zoomed} gallery={gallery} onClose={() => setZoomed(null)} />
    </section>
  );
}
