/**
 * Reviews from people who bought the piece (issue 51): the rules, the words a shopper and the owner
 * read, and what the product page shows. One review per product per buyer, from a delivered line
 * not wholly returned, within REVIEW_WINDOW_DAYS of delivery; withdrawn, never edited (IS 19000).
 */

/** Days after delivery a buyer may review a piece. */
export const REVIEW_WINDOW_DAYS = 180;

/** Days after delivery the mail asking for a review goes: time to have opened the parcel and worn the piece once. */
export const REVIEW_ASK_AFTER_DAYS = 4;

/**
 * Days after delivery past which no mail asks any more: an ask months after the parcel came reads
 * as a mistake (the first pass after a shop upgrades would otherwise ask for every order of the
 * last half year). The buyer may still write from Your Orders until REVIEW_WINDOW_DAYS.
 */
export const REVIEW_ASK_UNTIL_DAYS = 30;

export const REVIEW_LIMITS = {
  title: 80,
  text: 2000,
  photos: 5,
  /** Per photograph: a phone's photograph is 2 to 8 MB. */
  photoBytes: 10 * 1024 * 1024,
} as const;

/** How a sized piece fits, as the buyer says. */
export const FITS = ['small', 'true', 'large'] as const;
export type Fit = (typeof FITS)[number];
export const FIT_LABELS: Readonly<Record<Fit, string>> = { small: 'Runs small', true: 'True to size', large: 'Runs large' };
/** The fit bar shows once this many buyers have said how it fits. */
export const FIT_MIN_ANSWERS = 3;

/**
 * A review's state: published at once, or pending for the owner (photographs, or words the shop
 * holds), rejected by the owner with a reason the reviewer is told, or withdrawn by its writer.
 */
export const REVIEW_STATES = ['pending', 'published', 'rejected', 'withdrawn'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_LABELS: Readonly<Record<ReviewState, string>> = { pending: 'Waiting', published: 'Published', rejected: 'Rejected', withdrawn: 'Withdrawn' };

/** Why a review waits for the owner. */
export const HOLD_REASONS = ['photos', 'link', 'phone', 'email', 'word'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];
export const HOLD_LABELS: Readonly<Record<HoldReason, string>> = {
  photos: 'has photographs',
  link: 'holds a link',
  phone: 'holds a phone number',
  email: 'holds an e-mail address',
  word: 'holds a word on your list',
};

/** How the reviews are ordered on the product page. */
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
/**
 * Reviews drawn with the product page, as Indian shops show them (three, then "more"); the rest load
 * on demand, this many at a time. Five cost a first render about 5% of its rate more on the bench
 * (docs/decisions/0051).
 */
export const REVIEWS_FIRST = 3;
export const REVIEWS_PAGE = 10;
/** Buyers' photographs in the product page's strip. */
export const REVIEW_PHOTO_STRIP = 12;

export const REVIEW_WORDS = {
  notBuyer: 'Only shoppers who bought this piece can review it.',
  notDelivered: 'You can review this piece once it has been delivered.',
  windowPassed: `Reviews can be written up to ${REVIEW_WINDOW_DAYS} days after delivery.`,
  returned: 'This piece was returned, so it cannot be reviewed.',
  already: 'You have reviewed this piece already. Withdraw that review to write a new one.',
  rating: 'Choose 1 to 5 stars.',
  titleNeeded: 'Give your review a title.',
  titleTooLong: `Keep the title under ${REVIEW_LIMITS.title} characters.`,
  textTooLong: `Keep the review under ${REVIEW_LIMITS.text.toLocaleString('en-IN')} characters.`,
  fit: 'Choose how it fits: small, true to size or large.',
  noFitForOneSize: 'This piece comes in one size, so it has no fit to tell.',
  tooManyPhotos: `Add at most ${REVIEW_LIMITS.photos} photographs.`,
  photoUnknown: 'A photograph was not found. Please add it again.',
  photoNotImage: 'That file is not a photograph. Choose a JPEG, PNG or WebP picture.',
  photoTooLarge: 'That photograph is larger than 10 MB. Choose a smaller one.',
  photoHeic:
    'This photograph is in HEIC, which not every phone and browser can show. On an iPhone, set Settings › Camera › Formats to “Most Compatible”, or share the photo as JPEG, then add it again.',
  notFound: 'Review not found.',
  helpfulTwice: 'You have marked this review helpful already.',
  helpfulOwn: 'You cannot mark your own review helpful.',
  notYours: 'You can withdraw only your own review.',
  withdrawn: 'This review is withdrawn already.',
  rejectReasonNeeded: 'Say why the review is not published, for the reviewer.',
  replyNeeded: 'Write your reply.',
  replyTooLong: `Keep the reply under ${REVIEW_LIMITS.text.toLocaleString('en-IN')} characters.`,
  notPending: (label: string) => `This review is “${label}”, so it cannot be published or rejected now.`,
  cannotReply: 'Only a published review can be answered.',
} as const;

/** The reviewer as the page names them: first name and the initial of the last (never the e-mail or the full name). */
export function reviewerName(firstName: string | null, lastName: string | null): string {
  const first = (firstName ?? '').trim().split(/\s+/)[0] || 'A buyer';
  const initial = [...(lastName ?? '').trim()][0];
  return initial ? `${first} ${initial.toLocaleUpperCase('en-IN')}.` : first;
}

/** The fit bar's sentence: "62% say true to size, 30% small, 8% large" (shares that round to 0 left out). */
export function fitSentence(counts: Readonly<Record<Fit, number>>): string | null {
  const total = FITS.reduce((n, f) => n + counts[f], 0);
  if (total < FIT_MIN_ANSWERS) return null;
  const words: Record<Fit, string> = { small: 'small', true: 'true to size', large: 'large' };
  const parts = [...FITS]
    .sort((a, b) => counts[b] - counts[a])
    .map((f) => ({ f, pct: Math.round((100 * counts[f]) / total) }))
    .filter((p) => p.pct > 0)
    .map((p, i) => `${p.pct}% ${i === 0 ? 'say ' : ''}${words[p.f]}`);
  return parts.join(', ');
}

/** A review as the product page shows it. */
export interface PublicReview {
  id: string;
  rating: number;
  title: string;
  text: string;
  fit: Fit | null;
  size: string | null;
  reviewer: string;
  /** Every review here is from a buyer whose piece was delivered. */
  verified: true;
  createdAt: string;
  helpful: number;
  photos: string[];
  reply: { text: string; at: string } | null;
}

/** What the product page shows above the reviews. */
export interface ReviewSummary {
  productId: number;
  count: number;
  /** The average of the stars, to one decimal; null with no reviews. */
  average: number | null;
  /** Reviews of 5, 4, 3, 2 and 1 stars, in that order. */
  histogram: [number, number, number, number, number];
  fit: Record<Fit, number>;
  fitSentence: string | null;
  /** The newest buyers' photographs (each the full photograph's URL: the page picks its width, as for a review's). */
  photos: { reviewId: string; url: string }[];
}

/** The figures of a product no one has reviewed (or that does not exist): nothing to show but that. */
export const noReviewsSummary = (productId: number): ReviewSummary => ({
  productId,
  count: 0,
  average: null,
  histogram: [0, 0, 0, 0, 0],
  fit: { small: 0, true: 0, large: 0 },
  fitSentence: null,
  photos: [],
});

export interface ReviewPage {
  items: PublicReview[];
  /** Where the next page starts, or null at the end. */
  next: number | null;
}

/** What the owner's log calls each act on a review. */
export const REVIEW_ACT_LABELS: Readonly<Record<string, string>> = { published: 'Published', held: 'Written; waiting for you', rejected: 'Rejected', replied: 'Replied', withdrawn: 'Withdrawn by the reviewer' };

/** A review as the owner's screen shows it: the reviewer's full name (never shown to shoppers), every state, and its log. */
export interface OwnerReview {
  id: string;
  productId: number;
  productName: string;
  rating: number;
  title: string;
  text: string;
  fit: Fit | null;
  size: string | null;
  state: ReviewState;
  heldFor: HoldReason[];
  rejectReason: string | null;
  reply: string | null;
  helpful: number;
  createdAt: string;
  reviewer: string;
  /** Each photograph's 320 px width, and the full one. */
  photos: { thumb: string; full: string }[];
  events: { action: string; at: string; by: string | null; note: string | null }[];
}

/** Reviews a page of the owner's list holds; "Show more" reads the next. */
export const OWNER_REVIEWS_PAGE = 50;

/** A page of the owner's list, and the review the next page continues after (null: no more). */
export interface OwnerReviewPage {
  items: OwnerReview[];
  next: string | null;
}

/** The owner's fit answers for one size of a product (published reviews). */
export interface SizeFit {
  size: string;
  small: number;
  true: number;
  large: number;
}
