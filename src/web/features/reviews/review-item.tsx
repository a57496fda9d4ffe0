import { BadgeCheck, ThumbsUp } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { dayInWords } from '../../../shared/returns.ts';
import { indiaDay } from '../../../shared/india-time.ts';
import { imageAtWidth, photoSrc } from '../../../shared/images.ts';
import { FIT_LABELS, type PublicReview } from '../../../shared/reviews.ts';
import { STORE } from '../../../shared/store.ts';
import { ApiError } from '../../lib/api.ts';
import { knownSession } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { zoomOnClick } from './photo-zoom.tsx';
import { useHelpful } from './reviews.api.ts';
import { Stars } from '../../components/stars.tsx';

/** One review as the product page shows it: written as text (never markup), with the buyer's first name and initial. */
export function ReviewItem({ review: r, productId, onZoom }: { review: PublicReview; productId: number; onZoom: (photos: string[], start: number) => void }) {
  const client = useQueryClient();
  const helpful = useHelpful(productId);
  const markHelpful = async () => {
    if ((await knownSession(client)).status !== 'signed-in') return void notify('Please log in to mark a review helpful.');
    helpful.mutate(r.id, {
      onSuccess: () => void notify('Thank you: marked helpful.', 'success'),
      onError: (error) => void notify(error instanceof ApiError ? error.message : 'That did not work. Please try again.', 'error'),
    });
  };
  return (
    <li className="grid gap-2 rounded-lg bg-white p-4 ring-1 ring-line/70 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={r.rating} />
        <h3 className="font-semibold">{r.title}</h3>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        <span className="font-medium text-ink">{r.reviewer}</span>
        <span className="inline-flex items-center gap-1 text-emerald-800">
          <BadgeCheck className="size-4" aria-hidden="true" /> Verified purchase
        </span>
        {r.size && <span>{`Size bought: ${r.size}`}</span>}
        {r.fit && <span>{`Fit: ${FIT_LABELS[r.fit]}`}</span>}
        <span>{dayInWords(indiaDay(new Date(r.createdAt)))}</span>
      </p>
      {r.text && <p className="whitespace-pre-line leading-relaxed text-ink/90">{r.text}</p>}
      {r.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {r.photos.map((url, i) => (
            <li key={url}>
              <a href={photoSrc(url)} onClick={zoomOnClick(() => onZoom(r.photos, i))} className="block overflow-hidden rounded-lg ring-1 ring-line/70">
                <img src={imageAtWidth(url, 320)} alt={`A photograph from ${r.reviewer}`} width={64} height={85} loading="lazy" className="aspect-[3/4] w-16 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.reply && (
        <div className="rounded-lg bg-sand/60 p-3 text-sm">
          <p className="font-medium">{`Reply from ${STORE.name}`}</p>
          <p className="whitespace-pre-line text-ink/90">{r.reply.text}</p>
        </div>
      )}
      <button
        type="button"
        onClick={() => void markHelpful()}
        disabled={helpful.isPending}
        className="inline-flex min-h-10 items-center gap-2 justify-self-start rounded-full px-4 text-sm text-muted ring-1 ring-line hover:text-wine hover:ring-wine disabled:opacity-60"
      >
        <ThumbsUp className="size-4" aria-hidden="true" /> Helpful{r.helpful > 0 && <span className="tabular-nums">({r.helpful})</span>}
      </button>
    </li>
  );
}
