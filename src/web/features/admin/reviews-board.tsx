/**
 * /admin/reviews (issue 51): every review by state, product and rating, newest first. A waiting one
 * (photographs, or words the shop holds) is published or rejected with a reason the reviewer is
 * told; a published one is answered. Nothing is hidden for being unkind: the rejection's reason is
 * for abuse, links and numbers. Each review's log says who did what and when.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { INDIA_TIME_ZONE } from '../../../shared/india-time.ts';
import { problems } from '../../../shared/contract-kit.ts';
import { rejectReviewContract, replyContract } from '../../../shared/reviews.contract.ts';
import { STORE } from '../../../shared/store.ts';
import { FIT_LABELS, HOLD_LABELS, REVIEW_ACT_LABELS, REVIEW_STATE_LABELS, REVIEW_STATES, type OwnerReview, type ReviewState } from '../../../shared/reviews.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass, EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { FormMessage, TextAreaField } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { ApiError } from '../../lib/api.ts';
import { Stars } from '../../components/stars.tsx';
import { useOwnerReviews, useReviewAct, type ReviewAct, type ReviewFilter } from './reviews.api.ts';
import { useListParams } from './use-list-params.ts';

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: INDIA_TIME_ZONE });
const smallButton = `${secondaryButtonClass} min-h-10 px-4`;
const STATE_TONES: Record<ReviewState, string> = { pending: 'bg-amber-100 text-amber-950', published: 'bg-emerald-50 text-emerald-900', rejected: 'bg-red-50 text-red-900', withdrawn: 'bg-sand text-ink' };

/** The filters as the URL keeps them: waiting reviews first, since those are the owner's to act on. */
function useReviewFilter() {
  const { params, go } = useListParams({ state: 'pending' });
  const state = params.get('state') ?? 'pending';
  const filter: ReviewFilter = {
    ...(REVIEW_STATES.includes(state as ReviewState) && { state: state as ReviewState }),
    ...(/^\d{1,9}$/.test(params.get('product') ?? '') && { productId: Number(params.get('product')) }),
    ...(/^[1-5]$/.test(params.get('rating') ?? '') && { rating: Number(params.get('rating')) }),
  };
  return { state, filter, go };
}

export function ReviewsBoard() {
  const { state, filter, go } = useReviewFilter();
  const list = useOwnerReviews(filter);
  const items = list.data?.pages.flatMap((p) => p.items);
  const productName = items?.[0]?.productName;
  return (
    <section aria-labelledby="reviews-list" className="grid gap-4">
      <h2 id="reviews-list" className="sr-only">
        Reviews
      </h2>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="grid gap-1">
          <span className="font-medium">Showing</span>
          <select className="h-10 rounded-lg border border-line bg-white px-3" value={state} onChange={(e) => go({ state: e.target.value })}>
            {REVIEW_STATES.map((s) => (
              <option key={s} value={s}>
                {REVIEW_STATE_LABELS[s]}
              </option>
            ))}
            <option value="all">Every state</option>
          </select>
        </label>
        <label className="grid gap-1">
          <span className="font-medium">Stars</span>
          <select className="h-10 rounded-lg border border-line bg-white px-3" value={filter.rating ?? ''} onChange={(e) => go({ rating: e.target.value })}>
            <option value="">Any</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} star{n === 1 ? '' : 's'}
              </option>
            ))}
          </select>
        </label>
        {filter.productId && (
          <p className="flex min-h-10 items-center gap-2 rounded-full bg-sand px-4">
            <span>Only {productName ?? `product ${filter.productId}`}</span>
            <button type="button" className="font-medium text-wine underline underline-offset-4" onClick={() => go({ product: '' })}>
              Show every product
            </button>
          </p>
        )}
      </div>
      {list.isPending && <LoadingIndicator text="Loading the reviews..." />}
      {list.isError && <EmptyState title="We could not load the reviews." action={<RetryButton onRetry={() => void list.refetch()} />} />}
      {items?.length === 0 && (
        <EmptyState title={filter.state === 'pending' ? 'No reviews are waiting for you.' : 'No reviews here.'}>
          Buyers review a piece from their orders once it is delivered. Reviews with photographs, links, phone numbers or a word on your list wait here for you.
        </EmptyState>
      )}
      {items && items.length > 0 && (
        <ul className="grid gap-3">
          {items.map((r) => (
            <ReviewCard key={r.id} review={r} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" className={`${secondaryButtonClass} justify-self-start`} disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading…' : 'Show more reviews'}
        </button>
      )}
    </section>
  );
}

function ReviewCard({ review: r }: { review: OwnerReview }) {
  return (
    <li aria-label={`${r.title}, by ${r.reviewer}`} className="grid gap-3 rounded-xl border border-line bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <Stars rating={r.rating} />
          <span className="font-display text-lg font-semibold">{r.title}</span>
        </p>
        <span className={`rounded-full px-3 py-1 text-xs font-medium ${STATE_TONES[r.state]}`}>{REVIEW_STATE_LABELS[r.state]}</span>
      </div>
      <p className="text-muted">
        <Link className="font-medium text-wine underline-offset-4 hover:underline" to={`/admin/products/${r.productId}`}>
          {r.productName}
        </Link>
        {` · ${r.reviewer} · ${when.format(new Date(r.createdAt))}`}
        {r.size && ` · Size bought: ${r.size}`}
        {r.fit && ` · ${FIT_LABELS[r.fit]}`}
        {r.helpful > 0 && ` · ${r.helpful} found it helpful`}
      </p>
      {r.state === 'pending' && r.heldFor.length > 0 && <p className="font-medium text-amber-950">Waiting because it {r.heldFor.map((h) => HOLD_LABELS[h]).join(' and ')}.</p>}
      {r.text && <p className="whitespace-pre-line leading-relaxed">{r.text}</p>}
      {r.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="The buyer’s photographs">
          {r.photos.map((p, i) => (
            <li key={p.full}>
              <a href={p.full} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg ring-1 ring-line">
                <img src={p.thumb} alt={`Photograph ${i + 1} from ${r.reviewer}`} width={72} height={96} loading="lazy" className="aspect-[3/4] w-[72px] object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.rejectReason && <p className="rounded-lg bg-red-50 px-3 py-2 text-red-900">Not published: {r.rejectReason}</p>}
      {r.reply && (
        <div className="rounded-lg bg-sand/60 px-3 py-2">
          <p className="font-medium">Your reply</p>
          <p className="whitespace-pre-line">{r.reply}</p>
        </div>
      )}
      <ReviewActs review={r} />
      <details className="text-muted">
        <summary className="cursor-pointer">History</summary>
        <ol className="mt-1 grid gap-0.5">
          {r.events.map((e, i) => (
            <li key={i}>
              {when.format(new Date(e.at))}: {REVIEW_ACT_LABELS[e.action] ?? e.action}
              {e.by && ` by ${e.by}`}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

/** The owner's acts a review's state allows: publish or reject a waiting one, answer a published one. */
function ReviewActs({ review: r }: { review: OwnerReview }) {
  const act = useReviewAct(r.id);
  const [open, setOpen] = useState<'reject' | 'reply' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (a: ReviewAct) => {
    setError(null);
    try {
      await act.mutateAsync(a);
      setOpen(null);
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.message) : String(err));
    }
  };
  if (r.state !== 'pending' && r.state !== 'published') return null;
  return (
    <div className="grid gap-2">
      {!open && (
        <div className="flex flex-wrap gap-2">
          {r.state === 'pending' && (
            <>
              <button type="button" className={`${buttonClass} min-h-10`} disabled={act.isPending} onClick={() => void run({ act: 'publish' })}>
                Publish <span className="sr-only">{r.title}</span>
              </button>
              <button type="button" className={smallButton} onClick={() => setOpen('reject')}>
                Reject…
              </button>
            </>
          )}
          {r.state === 'published' && (
            <button type="button" className={smallButton} onClick={() => setOpen('reply')}>
              {r.reply ? 'Change the reply' : 'Reply'}
            </button>
          )}
        </div>
      )}
      {open && <ActForm kind={open} initial={open === 'reply' ? (r.reply ?? '') : ''} busy={act.isPending} onCancel={() => (setOpen(null), setError(null))} onSend={(text) => run(open === 'reply' ? { act: 'reply', text } : { act: 'reject', reason: text })} />}
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}

const ACT_FORMS = {
  reject: { label: 'Why it is not published (the reviewer reads this)', hint: 'For abuse, a link or a phone number; an unkind word about the piece is still a review.', send: 'Reject and tell the reviewer', contract: rejectReviewContract, field: 'reason' },
  reply: { label: 'Your reply (shown under the review)', hint: `Signed “Reply from ${STORE.name}”.`, send: 'Post the reply', contract: replyContract, field: 'text' },
} as const;

function ActForm({ kind, initial, busy, onCancel, onSend }: { kind: 'reject' | 'reply'; initial: string; busy: boolean; onCancel: () => void; onSend: (text: string) => Promise<void> }) {
  const form = ACT_FORMS[kind];
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = problems(form.contract, { [form.field]: text })[form.field];
    setError(found);
    if (!found) void onSend(text);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2">
      <TextAreaField label={form.label} hint={form.hint} rows={3} value={text} error={error} onChange={(e) => setText(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={`${buttonClass} min-h-10`} disabled={busy}>
          {busy ? 'Sending...' : form.send}
        </button>
        <button type="button" className={smallButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
