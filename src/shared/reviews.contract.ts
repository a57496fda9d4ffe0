/**
 * A review as the buyer's form and the API take it, and the owner's answers to one (issue 51): one
 * contract for both sides.
 */
import { PRODUCT_NOT_FOUND } from './cart.contract.ts';
import { FITS, REVIEW_LIMITS, REVIEW_SORTS, REVIEW_WORDS } from './reviews.ts';
import { tidy } from './text-rules.ts';
import { z } from './zod.ts';

/** Length as a person counts it (an emoji or a Tamil letter is one). */
const chars = (s: string) => [...s].length;

/** Paragraphs kept: each line tidied, no more than one empty line between them. */
export const tidyParagraphs = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(tidy)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** A review photograph's id as its upload answers it. */
export const reviewPhotoId = z.string().regex(/^[0-9a-f]{64}$/, REVIEW_WORDS.photoUnknown);

export const reviewContract = z.object({
  productId: z.number({ error: PRODUCT_NOT_FOUND }).int(PRODUCT_NOT_FOUND).min(1, PRODUCT_NOT_FOUND).max(2_147_483_647, PRODUCT_NOT_FOUND),
  rating: z.number({ error: REVIEW_WORDS.rating }).int(REVIEW_WORDS.rating).min(1, REVIEW_WORDS.rating).max(5, REVIEW_WORDS.rating),
  title: z
    .string({ error: REVIEW_WORDS.titleNeeded })
    .transform(tidy)
    .pipe(z.string().min(1, REVIEW_WORDS.titleNeeded).refine((t) => chars(t) <= REVIEW_LIMITS.title, REVIEW_WORDS.titleTooLong)),
  text: z
    .string({ error: 'The review must be text.' })
    .transform(tidyParagraphs)
    .pipe(z.string().refine((t) => chars(t) <= REVIEW_LIMITS.text, REVIEW_WORDS.textTooLong))
    .default(''),
  /** For a piece in sizes: how the size bought fits. */
  fit: z.enum(FITS, { error: REVIEW_WORDS.fit }).nullable().default(null),
  photos: z
    .array(reviewPhotoId, { error: REVIEW_WORDS.photoUnknown })
    .max(REVIEW_LIMITS.photos, REVIEW_WORDS.tooManyPhotos)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type ReviewInput = z.input<typeof reviewContract>;
export type ReviewBody = z.output<typeof reviewContract>;

/** The product page's further reviews. */
export const reviewListQuery = z.object({
  sort: z.enum(REVIEW_SORTS).default('newest'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** The owner rejecting a review: the words the reviewer reads. */
export const rejectReviewContract = z.object({
  reason: z
    .string({ error: REVIEW_WORDS.rejectReasonNeeded })
    .transform(tidy)
    .pipe(z.string().min(5, REVIEW_WORDS.rejectReasonNeeded).max(500, 'Keep the reason under 500 characters.')),
});

/** The owner's reply under a published review. */
export const replyContract = z.object({
  text: z
    .string({ error: REVIEW_WORDS.replyNeeded })
    .transform(tidyParagraphs)
    .pipe(z.string().min(1, REVIEW_WORDS.replyNeeded).refine((t) => chars(t) <= REVIEW_LIMITS.text, REVIEW_WORDS.replyTooLong)),
});

/** The owner's list of words that hold a review for a look (English and Hindi/Hinglish). */
export const heldWordsContract = z.object({
  words: z
    .array(z.string().transform(tidy).pipe(z.string().min(2, 'A word has at least 2 letters.').max(40, 'A word has at most 40 letters.')), { error: 'Give the words as a list.' })
    .max(500, 'Keep the list to 500 words.')
    .transform((ws) => [...new Set(ws.map((w) => w.toLocaleLowerCase('en-IN')))]),
});
