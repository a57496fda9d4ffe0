/**
 * Reviews from people who bought the piece (issue 51, docs/decisions/0051). A buyer's lines are read
 * as the buyer (row-level security keeps them to their own orders), then the review is written by
 * the server in the same transaction: the review, its photographs, its first event and, when it is
 * published at once, its product's figures, all or nothing. The product's figures move in the
 * transaction that publishes or withdraws a review, so a card's stars and the page agree.
 */
import { PRODUCT_NOT_FOUND } from '../../../shared/cart.contract.ts';
import type { ReviewBody } from '../../../shared/reviews.contract.ts';
import {
  fitSentence,
  noReviewsSummary,
  REVIEW_PHOTO_STRIP,
  REVIEW_STATE_LABELS,
  REVIEW_WINDOW_DAYS,
  REVIEW_WORDS,
  reviewerName,
  REVIEWS_FIRST,
  REVIEWS_PAGE,
  type HoldReason,
  type OwnerReview,
  type OwnerReviewPage,
  OWNER_REVIEWS_PAGE,
  type PublicReview,
  type ReviewPage,
  type ReviewSort,
  type ReviewSummary,
  type SizeFit,
} from '../../../shared/reviews.ts';
import type { Db } from '../../db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-error.ts';
import { asServerFrom, asShopper } from '../../db/shopper.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { Outbox } from '../mail/mail.service.ts';
import { createReviewAsks } from './review-asks.ts';
import { DEFAULT_HELD_WORDS, holdsFor } from './review-holds.ts';
import { createReviewPhotos, reviewPhotoUrl } from './review-photos.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ShopperLimits } from '../limits/shopper-limits.ts';
import { reviewRejectedMail } from './review.mails.ts';
import * as q from './reviews.queries.ts';
import type { CatalogWatch } from '../catalog/catalog-watch.ts';
import { answerBytes, VersionedCache } from '../catalog/search-cache.ts';

const DAY_MS = 86_400_000;
const refused = (status: 403 | 409 | 422, code: string, message: string, fields?: Record<string, string>) => new AppError(status, code, message, fields);

type Line = Awaited<ReturnType<typeof q.linesBought>>[number];

/** The line a review is of: delivered, within the window, not wholly returned; else why not, most telling first. */
function reviewableLine(lines: Line[], now: Date): Line {
  if (lines.length === 0) throw refused(403, 'not_a_buyer', REVIEW_WORDS.notBuyer);
  const delivered = lines.filter((l) => l.deliveredAt);
  if (delivered.length === 0) throw refused(409, 'not_delivered', REVIEW_WORDS.notDelivered);
  const inWindow = delivered.filter((l) => now.getTime() - l.deliveredAt!.getTime() <= REVIEW_WINDOW_DAYS * DAY_MS);
  if (inWindow.length === 0) throw refused(409, 'window_passed', REVIEW_WORDS.windowPassed);
  const kept = inWindow.find((l) => l.returned < l.quantity);
  if (!kept) throw refused(409, 'returned', REVIEW_WORDS.returned);
  return kept;
}

/**
 * Which products have published reviews, read once per catalog version (publishing or withdrawing
 * a review moves it: the product's row changes). Every product page asks for its reviews beside
 * its product, in one round (issue 51: asked after it, a page with reviews drew at half the rate),
 * and most products have none: their answer is then made here, with no statement at all.
 */
function reviewedProducts(db: Db) {
  let read: { version: number; ids: Promise<Set<number>> } | null = null;
  return {
    at(version: number): Promise<Set<number>> {
      if (read?.version === version) return read.ids;
      const ids = q.reviewedProductIds(db).then((list) => new Set(list));
      const mine = { version, ids };
      read = mine;
      // A failed read is not kept: the next page reads again.
      ids.catch(() => {
        if (read === mine) read = null;
      });
      return ids;
    },
  };
}

/** A one-size piece's line says 'One size' (or nothing, before sizes): it has no fit to tell. */
const isSized = (size: string | null) => size !== null && size !== 'One size';

export interface ReviewsDeps {
  db: Db;
  outbox: Outbox;
  publicUrl: string | undefined;
  storage: Storage;
  limits: Pick<ShopperLimits, 'reviewPhotoAdded'>;
  /** The catalog's version: a review published, withdrawn or answered moves it (its product's row changes). */
  watch: Pick<CatalogWatch, 'version'>;
  /** What the kept answers may come to, in bytes (cache-budget.ts). */
  keptBytes: number;
  now?: () => Date;
}

export function createReviews({ db, outbox, publicUrl, storage, limits, watch, keptBytes, now = () => new Date() }: ReviewsDeps) {
  const photos = createReviewPhotos(db, storage, now);
  const asks = createReviewAsks({ db, outbox, publicUrl, now });
  // Each product page drawn asks for its reviews: three statements, which on the embedded database
  // cost a first render two thirds of its rate. Kept while the catalog stands; "Helpful" does not
  // move it, so a kept answer's counts lag until the next change (the browser counts its own mark).
  const kept = new VersionedCache<{ summary: ReviewSummary | null } & ReviewPage>({ entries: 5000, bytes: keptBytes, sizeOf: answerBytes });
  const reviewed = reviewedProducts(db);
  const heldWords = async (): Promise<readonly string[]> => ((await q.settingsRow.read(db)) as { words?: string[] } | undefined)?.words ?? DEFAULT_HELD_WORDS;

  async function write(userId: string, body: ReviewBody): Promise<{ id: string; state: 'published' | 'pending' }> {
    const words = await heldWords();
    const made = await asShopper(db, userId, async (tx) => {
      const line = reviewableLine(await q.linesBought(tx, userId, body.productId), now());
      const size = isSized(line.size) ? line.size : null;
      if (size && !body.fit) throw refused(422, 'fit_needed', REVIEW_WORDS.fit, { fit: REVIEW_WORDS.fit });
      if (!size && body.fit) throw refused(422, 'no_fit', REVIEW_WORDS.noFitForOneSize, { fit: REVIEW_WORDS.noFitForOneSize });
      const photos = await q.loosePhotos(tx, userId, body.photos);
      if (photos.length !== body.photos.length) throw refused(422, 'photo_unknown', REVIEW_WORDS.photoUnknown, { photos: REVIEW_WORDS.photoUnknown });
      const holds = holdsFor(`${body.title}\n${body.text}`, photos.length > 0, words);
      const state = holds.length ? ('pending' as const) : ('published' as const);
      const server = await asServerFrom(tx);
      const review = { productId: body.productId, userId, orderItemId: line.id, rating: body.rating, title: body.title, body: body.text, fit: size ? body.fit : null, size, state, heldFor: holds, ...(state === 'published' && { publishedAt: now() }) };
      const id = await q.insertReview(server, review, photos.map((p) => p.id), holds);
      if (!id) throw refused(409, 'already_reviewed', REVIEW_WORDS.already);
      if (state === 'published') await q.countIn(server, body.productId, body.rating, 1);
      return { id, state };
    });
    return made;
  }

  /** The buyer's own review withdrawn (another's is not found); a published one leaves its product's figures. */
  async function withdraw(userId: string, reviewId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const review = await q.lockReview(tx, reviewId);
      if (!review || review.userId !== userId) throw new NotFoundError(REVIEW_WORDS.notFound);
      if (review.state === 'withdrawn') throw refused(409, 'withdrawn', REVIEW_WORDS.withdrawn);
      await q.setState(tx, reviewId, 'withdrawn', { withdrawnAt: now() });
      if (review.state === 'published') await q.countIn(tx, review.productId, review.rating, -1);
      await q.logEvent(tx, reviewId, 'withdrawn', userId);
    });
  }

  /** "Helpful", once per account, on a published review not the account's own. */
  async function helpful(userId: string, reviewId: string): Promise<{ helpful: true }> {
    await db.transaction(async (tx) => {
      const review = await q.lockReview(tx, reviewId);
      if (!review || review.state !== 'published') throw new NotFoundError(REVIEW_WORDS.notFound);
      if (review.userId === userId) throw refused(403, 'own_review', REVIEW_WORDS.helpfulOwn);
      if (!(await q.markHelpful(tx, reviewId, userId))) throw refused(409, 'helpful_twice', REVIEW_WORDS.helpfulTwice);
    });
    return { helpful: true };
  }

  const asPublic = (r: Awaited<ReturnType<typeof q.publishedPage>>[number]): PublicReview => ({
    id: r.id,
    rating: r.rating,
    title: r.title,
    text: r.body,
    fit: r.fit,
    size: r.size,
    reviewer: reviewerName(r.firstName, r.lastName),
    verified: true,
    createdAt: (r.publishedAt ?? new Date(0)).toISOString(),
    helpful: r.helpful,
    photos: r.photos.map((stem) => reviewPhotoUrl(stem)),
    reply: r.reply && r.repliedAt ? { text: r.reply, at: r.repliedAt.toISOString() } : null,
  });

  async function summary(productId: number): Promise<ReviewSummary> {
    const [f, strip] = [await q.figures(db, productId), await q.stripPhotos(db, productId, REVIEW_PHOTO_STRIP)];
    const fit = { small: f.small, true: f.true, large: f.large };
    return {
      productId,
      count: f.count,
      average: f.count ? Math.round((10 * f.sum) / f.count) / 10 : null,
      histogram: f.stars as ReviewSummary['histogram'],
      fit,
      fitSentence: fitSentence(fit),
      photos: strip.map((p) => ({ reviewId: p.reviewId!, url: reviewPhotoUrl(p.stem) })),
    };
  }

  async function page(productId: number, sort: ReviewSort, offset: number, limit = offset === 0 ? REVIEWS_FIRST : REVIEWS_PAGE): Promise<ReviewPage> {
    const rows = await q.publishedPage(db, productId, sort, offset, limit + 1);
    return { items: rows.slice(0, limit).map(asPublic), next: rows.length > limit ? offset + limit : null };
  }

  return {
    write: (userId: string, body: ReviewBody) =>
      write(userId, body).catch((err: unknown) => {
        if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new NotFoundError(PRODUCT_NOT_FOUND);
        throw err;
      }),
    withdraw,
    helpful,
    /** A buyer's photograph for the review they are writing: counted against their limits before it is decoded. */
    async addPhoto(userId: string, bytes: Uint8Array) {
      await limits.reviewPhotoAdded(userId);
      return photos.store(userId, bytes);
    },
    /** The minute pass: loose photographs a day old. */
    dropLoosePhotos: () => photos.dropLoose(),
    /** The hourly pass: the mails asking buyers for a review a few days after delivery (review-asks.ts); how many orders were asked. */
    asksDue: () => asks.due(),
    /** The product page's reviews: the figures with the first page, or a further page. */
    async forProduct(productId: number, sort: ReviewSort, offset: number): Promise<{ summary: ReviewSummary | null } & ReviewPage> {
      const version = await watch.version();
      if (!(await reviewed.at(version)).has(productId)) return { summary: offset === 0 ? noReviewsSummary(productId) : null, items: [], next: null };
      return kept.get(version, `${productId}|${sort}|${offset}`, async () => ({ summary: offset === 0 ? await summary(productId) : null, ...(await page(productId, sort, offset)) }));
    },
    /** The buyer's own reviews, any state (read as them). */
    mine: (userId: string) => asShopper(db, userId, (tx) => q.ownReviews(tx, userId)),
    owner: ownerSide({ db, outbox, publicUrl, now }),
    heldWords,
  };
}

/** A row of the owner's list as their screen reads it: the reviewer's whole name, the photographs' addresses. */
const asOwners = ({ firstName, lastName, body, photos, createdAt, ...r }: Awaited<ReturnType<typeof q.ownerList>>[number]): OwnerReview => ({
  ...r,
  text: body,
  heldFor: r.heldFor as HoldReason[],
  reviewer: [firstName, lastName].filter(Boolean).join(' ') || 'A buyer',
  createdAt: createdAt.toISOString(),
  photos: photos.map((stem) => ({ thumb: reviewPhotoUrl(stem, 320), full: reviewPhotoUrl(stem) })),
});

/** The owner's side: the list, publishing, rejecting with a reason the reviewer is told, replying; every act logged with who and when. */
function ownerSide({ db, outbox, publicUrl, now }: Pick<ReviewsDeps, 'db' | 'outbox' | 'publicUrl'> & { now: () => Date }) {
  const pendingOnly = (state: string) => {
    if (state !== 'pending') throw refused(409, 'not_pending', REVIEW_WORDS.notPending(REVIEW_STATE_LABELS[state as keyof typeof REVIEW_STATE_LABELS]));
  };
  return {
    /** A page of the list, and the review to continue after when there is more. */
    async list(f: q.OwnerFilter, before?: string): Promise<OwnerReviewPage> {
      const rows = await q.ownerList(db, f, OWNER_REVIEWS_PAGE + 1, before);
      const items = rows.slice(0, OWNER_REVIEWS_PAGE).map(asOwners);
      return { items, next: rows.length > OWNER_REVIEWS_PAGE ? items.at(-1)!.id : null };
    },
    fitBySize: (productId: number): Promise<SizeFit[]> => q.fitBySize(db, productId) as Promise<SizeFit[]>,
    async publish(reviewId: string, byUserId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const review = await q.lockReview(tx, reviewId);
        if (!review) throw new NotFoundError(REVIEW_WORDS.notFound);
        pendingOnly(review.state);
        await q.setState(tx, reviewId, 'published', { publishedAt: now() });
        await q.countIn(tx, review.productId, review.rating, 1);
        await q.logEvent(tx, reviewId, 'published', byUserId);
      });
    },
    async reject(reviewId: string, byUserId: string, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        const review = await q.lockReview(tx, reviewId);
        if (!review) throw new NotFoundError(REVIEW_WORDS.notFound);
        pendingOnly(review.state);
        await q.setState(tx, reviewId, 'rejected', { rejectReason: reason });
        await q.logEvent(tx, reviewId, 'rejected', byUserId, reason);
        const reviewer = await q.reviewerOf(tx, review.userId);
        const productName = await q.productName(tx, review.productId);
        if (reviewer) await outbox.send(tx, reviewRejectedMail(reviewer, { productName, title: review.title, reason, productUrl: publicUrl ? `${publicUrl}/product/${review.productId}` : null }));
      });
      outbox.nudge();
    },
    async reply(reviewId: string, byUserId: string, text: string): Promise<void> {
      await db.transaction(async (tx) => {
        const review = await q.lockReview(tx, reviewId);
        if (!review) throw new NotFoundError(REVIEW_WORDS.notFound);
        if (review.state !== 'published') throw refused(409, 'cannot_reply', REVIEW_WORDS.cannotReply);
        await q.setReply(tx, reviewId, review.productId, text, now());
        await q.logEvent(tx, reviewId, 'replied', byUserId, text);
      });
    },
    async saveWords(words: string[]): Promise<void> {
      await q.settingsRow.save(db, { words });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviews>;
