/**
 * "Write a review" on a delivered order (issue 51): for each piece of the order, the stars, a title,
 * the words, how the size bought fits (a sized piece), and up to five photographs; checked with the
 * API's own contract before it is sent. A piece reviewed already says where its review stands, and
 * its review can be withdrawn (reviews are never edited: withdraw, then write again).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { problems } from '../../../shared/contract-kit.ts';
import type { Order, OrderLine } from '../../../shared/orders.ts';
import { reviewContract } from '../../../shared/reviews.contract.ts';
import { FIT_LABELS, FITS, REVIEW_LIMITS, REVIEW_STATE_LABELS, type Fit, type ReviewState } from '../../../shared/reviews.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { FieldError, FormMessage, SubmitButton, TextAreaField, TextField } from '../../components/form-field.tsx';
import { ApiError, getJson, sendJson } from '../../lib/api.ts';
import { uploadPhoto } from '../../lib/upload.ts';

interface MyReview {
  id: string;
  productId: number;
  rating: number;
  title: string;
  state: ReviewState;
  rejectReason: string | null;
}

/**
 * The buyer's own reviews, under the profile's key so a log out forgets them. Named here, not in
 * lib/query-keys.ts, which home's first download carries (at its 110 KB budget).
 */
const mineKey = (shopperId: string) => ['profile', shopperId, 'reviews'] as const;
const useMine = (shopperId: string) => useQuery({ queryKey: mineKey(shopperId), queryFn: ({ signal, client }) => getJson<{ items: MyReview[] }>('/api/reviews/mine', { signal, client }) });

/** The pieces of a delivered order that can be reviewed: each product once, those still in the shop. */
const reviewable = (order: Order) => [...new Map(order.items.filter((l) => l.productId !== null).map((l) => [l.productId!, l])).values()];

/** `opened`: the order the review mail links to (`/orders?review=<id>`): its form open at once, scrolled to and focused. */
export function WriteReviews({ order, shopperId, opened = false }: { order: Order; shopperId: string; opened?: boolean }) {
  const [open, setOpen] = useState(opened);
  const mine = useMine(shopperId);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!opened) return;
    panel.current?.scrollIntoView({ block: 'start' });
    panel.current?.focus({ preventScroll: true });
  }, [opened]);
  if (reviewable(order).length === 0) return null;
  if (!open) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Write a review
      </button>
    );
  }
  return (
    <section ref={panel} tabIndex={-1} aria-label="Write a review" className="grid w-full scroll-mt-32 gap-4 rounded-xl border border-line bg-sand/30 p-4 outline-none sm:p-5">
      <h3 className="font-display text-xl font-semibold">Write a review</h3>
      {mine.isError && <FormMessage tone="error">{mine.error.message}</FormMessage>}
      {mine.data &&
        reviewable(order).map((line) => {
          const live = mine.data.items.find((r) => r.productId === line.productId && (r.state === 'published' || r.state === 'pending'));
          return live ? <Reviewed key={line.productId} line={line} review={live} shopperId={shopperId} /> : <ReviewForm key={line.productId} line={line} shopperId={shopperId} />;
        })}
    </section>
  );
}

function Reviewed({ line, review, shopperId }: { line: OrderLine; review: MyReview; shopperId: string }) {
  const client = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () => sendJson('DELETE', `/api/reviews/${review.id}`),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: mineKey(shopperId) }), client.invalidateQueries({ queryKey: ['products', 'reviews', line.productId] })]),
  });
  return (
    <div className="grid gap-2 rounded-lg bg-ivory px-3 py-3 text-sm">
      <p>
        <span className="font-medium">{line.name}</span>: your review “{review.title}” is {REVIEW_STATE_LABELS[review.state].toLowerCase()}
        {review.state === 'pending' ? ': it will appear once we have looked at it.' : ' on the product’s page.'}
      </p>
      {withdraw.isError && <FormMessage tone="error">{withdraw.error.message}</FormMessage>}
      <button type="button" className={`${secondaryButtonClass} justify-self-start`} disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
        Withdraw this review
      </button>
    </div>
  );
}

function ReviewForm({ line, shopperId }: { line: OrderLine; shopperId: string }) {
  const id = useId();
  const client = useQueryClient();
  const sized = line.size !== null && line.size !== 'One size';
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [fit, setFit] = useState<Fit | null>(null);
  const [photos, setPhotos] = useState<{ id: string; name: string }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<'published' | 'pending' | null>(null);
  const post = useMutation({ mutationFn: (body: unknown) => sendJson<{ id: string; state: 'published' | 'pending' }>('POST', '/api/reviews', body) });

  const addPhotos = async (files: FileList | null) => {
    for (const file of [...(files ?? [])].slice(0, REVIEW_LIMITS.photos - photos.length)) {
      try {
        const { id } = await uploadPhoto<{ id: string }>('/api/uploads/review-photos', file);
        setPhotos((p) => [...p, { id, name: file.name }]);
      } catch (err) {
        setErrors((e) => ({ ...e, photos: err instanceof Error ? err.message : String(err) }));
      }
    }
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = { productId: line.productId, rating, title, text, fit: sized ? fit : null, photos: photos.map((p) => p.id) };
    const found = { ...problems(reviewContract, input), ...(sized && !fit && { fit: 'Choose how it fits: small, true to size or large.' }) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const made = await post.mutateAsync(reviewContract.parse(input));
      setDone(made.state);
      await Promise.all([client.invalidateQueries({ queryKey: mineKey(shopperId) }), client.invalidateQueries({ queryKey: ['products', 'reviews', line.productId] })]);
    } catch (err) {
      setErrors({ form: err instanceof ApiError || err instanceof Error ? err.message : String(err) });
    }
  };
  if (done) {
    return <FormMessage tone="success">{done === 'published' ? `Thank you! Your review of ${line.name} is on its page.` : `Thank you! Your review of ${line.name} will appear once we have looked at it.`}</FormMessage>;
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={`Review of ${line.name}`} className="grid gap-4 rounded-lg bg-ivory p-3 sm:p-4">
      <p className="font-medium">{line.name}</p>
      <fieldset aria-describedby={errors.rating ? `${id}-rating` : undefined}>
        <legend className="mb-1 text-sm font-medium">Your rating</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="relative cursor-pointer">
              {/* Over its star, unseen: the star is what is tapped, the radio what is chosen. */}
              <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} className="peer absolute inset-0 cursor-pointer opacity-0" />
              <span aria-hidden="true" className={`grid size-10 place-items-center rounded-full text-2xl ring-1 ring-line peer-focus-visible:ring-2 peer-focus-visible:ring-wine ${n <= rating ? 'text-gold' : 'text-line'}`}>
                ★
              </span>
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </label>
          ))}
        </div>
        {errors.rating && <FieldError id={`${id}-rating`}>{errors.rating}</FieldError>}
      </fieldset>
      <TextField label="Title" value={title} maxLength={REVIEW_LIMITS.title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      <TextAreaField label="Your review" hint="What you liked, or did not: the fabric, the colour, the fall." value={text} maxLength={REVIEW_LIMITS.text} onChange={(e) => setText(e.target.value)} error={errors.text} />
      {sized && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium">How does size {line.size} fit?</legend>
          <div className="flex flex-wrap gap-2">
            {FITS.map((f) => (
              <label key={f} className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full px-4 text-sm ring-1 ring-line has-[:checked]:bg-wine has-[:checked]:text-ivory">
                <input type="radio" name={`${id}-fit`} value={f} checked={fit === f} onChange={() => setFit(f)} className="sr-only" />
                {FIT_LABELS[f]}
              </label>
            ))}
          </div>
          {errors.fit && <FieldError>{errors.fit}</FieldError>}
        </fieldset>
      )}
      <div className="grid gap-1 text-sm">
        <label htmlFor={`${id}-photos`} className="font-medium">
          Photographs (up to {REVIEW_LIMITS.photos}, optional)
        </label>
        <input id={`${id}-photos`} type="file" accept="image/jpeg,image/png,image/webp" multiple disabled={photos.length >= REVIEW_LIMITS.photos} onChange={(e) => void addPhotos(e.target.files)} />
        {photos.length > 0 && <p className="text-muted">Added: {photos.map((p) => p.name).join(', ')}. A review with photographs appears once we have looked at it.</p>}
        {errors.photos && <FieldError>{errors.photos}</FieldError>}
      </div>
      {errors.form && <FormMessage tone="error">{errors.form}</FormMessage>}
      <div>
        <SubmitButton busy={post.isPending} busyText="Posting...">
          Post review
        </SubmitButton>
      </div>
    </form>
  );
}
