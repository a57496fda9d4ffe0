/** Reviews' SQL (issue 51): what a buyer may review, the review and its photographs, "helpful", the product's figures, and the owner's list. */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneRowSettings } from '../../db/one-row-settings.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { orderItems, orders, products, returnLines, returnRequests, reviewEvents, reviewHelpful, reviewPhotos, reviews, reviewSettings, profiles } from '../../db/schema/index.ts';
import type { Fit, HoldReason, ReviewSort, ReviewState } from '../../../shared/reviews.ts';

type Reader = Pick<Db, 'select'>;
type Tx = ShopperTx;

export const settingsRow = oneRowSettings(reviewSettings);

/** A return whose piece has left the buyer for good (a refund, picked up or further): what "returned" counts. */
export const PIECE_GONE = sql`${returnRequests.resolution} = 'refund' and ${returnRequests.state} in ('picked_up', 'received', 'passed', 'refunded')`;

/** The buyer's lines of this product (their own orders only: read as them), the latest delivered first, with how many pieces went back. */
export async function linesBought(on: Reader, userId: string, productId: number) {
  return on
    .select({
      id: orderItems.id,
      size: orderItems.size,
      quantity: orderItems.quantity,
      deliveredAt: orders.deliveredAt,
      returned: sql<number>`coalesce((select sum(${returnLines.quantity}) from ${returnLines} join ${returnRequests} on ${returnRequests.id} = ${returnLines.requestId} where ${returnLines.orderItemId} = ${orderItems.id} and ${PIECE_GONE}), 0)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, productId), eq(orders.userId, userId)))
    .orderBy(sql`${orders.deliveredAt} desc nulls last`, desc(orderItems.id));
}

/** The buyer's loose photographs among `ids` (not yet with a review), in the order named. */
export async function loosePhotos(on: Reader, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await on
    .select({ id: reviewPhotos.id, stem: reviewPhotos.stem })
    .from(reviewPhotos)
    .where(and(eq(reviewPhotos.userId, userId), inArray(reviewPhotos.id, ids), isNull(reviewPhotos.reviewId)));
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

export type NewReview = typeof reviews.$inferInsert;

/** The review, its photographs tied in order, its first event; null when the buyer has a live review of the product already. */
export async function insertReview(tx: Tx, review: NewReview, photoIds: string[], holds: HoldReason[]): Promise<string | null> {
  const [made] = await tx.insert(reviews).values(review).onConflictDoNothing().returning({ id: reviews.id });
  if (!made) return null;
  for (const [position, id] of photoIds.entries()) await tx.update(reviewPhotos).set({ reviewId: made.id, position }).where(eq(reviewPhotos.id, id));
  await tx.insert(reviewEvents).values({ reviewId: made.id, action: review.state === 'published' ? 'published' : 'held', byUserId: review.userId, note: holds.length ? holds.join(', ') : null });
  return made.id;
}

/** The products with published reviews: few, and all in the partial index products_reviewed. */
export async function reviewedProductIds(db: Reader): Promise<number[]> {
  const rows = await db.select({ id: products.id }).from(products).where(sql`${products.reviewCount} > 0`);
  return rows.map((r) => r.id);
}

/** A published review counted in (or out of, `sign` -1) its product's figures, in the review's own transaction. */
export async function countIn(tx: Tx, productId: number, rating: number, sign: 1 | -1): Promise<void> {
  await tx
    .update(products)
    .set({ reviewCount: sql`${products.reviewCount} + ${sign}`, ratingSum: sql`${products.ratingSum} + ${sign * rating}` })
    .where(eq(products.id, productId));
}

export async function logEvent(tx: Tx, reviewId: string, action: string, byUserId: string | null, note: string | null = null): Promise<void> {
  await tx.insert(reviewEvents).values({ reviewId, action, byUserId, note });
}

/** A review locked for a change of state. */
export async function lockReview(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: reviews.id, userId: reviews.userId, productId: reviews.productId, rating: reviews.rating, state: reviews.state, title: reviews.title })
    .from(reviews)
    .where(eq(reviews.id, id))
    .for('update');
  return row;
}

export async function setState(tx: Tx, id: string, state: ReviewState, extra: Partial<NewReview> = {}): Promise<void> {
  await tx.update(reviews).set({ state, ...extra }).where(eq(reviews.id, id));
}

/** "Helpful" once: true when this account's mark is new (and counted). */
export async function markHelpful(tx: Tx, reviewId: string, userId: string): Promise<boolean> {
  const [made] = await tx.insert(reviewHelpful).values({ reviewId, userId }).onConflictDoNothing().returning({ at: reviewHelpful.at });
  if (!made) return false;
  await tx.update(reviews).set({ helpful: sql`${reviews.helpful} + 1` }).where(eq(reviews.id, reviewId));
  return true;
}

/** The product's published reviews in figures: count, stars, the histogram and the fit answers. */
export async function figures(on: Reader, productId: number) {
  const [row] = await on
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      stars: sql<number[]>`array[${sql.join(
        [5, 4, 3, 2, 1].map((n) => sql`count(*) filter (where ${reviews.rating} = ${n})::int`),
        sql`, `,
      )}]`,
      small: sql<number>`count(*) filter (where ${reviews.fit} = 'small')::int`,
      true: sql<number>`count(*) filter (where ${reviews.fit} = 'true')::int`,
      large: sql<number>`count(*) filter (where ${reviews.fit} = 'large')::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.state, 'published')));
  return row!;
}

/** The newest buyers' photographs of the product's published reviews. */
export async function stripPhotos(on: Reader, productId: number, limit: number) {
  return on
    .select({ reviewId: reviewPhotos.reviewId, stem: reviewPhotos.stem })
    .from(reviewPhotos)
    .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId))
    .where(and(eq(reviews.productId, productId), eq(reviews.state, 'published')))
    .orderBy(desc(reviews.publishedAt), asc(reviewPhotos.position))
    .limit(limit);
}

const photoStems = sql<string[]>`coalesce((select array_agg(${reviewPhotos.stem} order by ${reviewPhotos.position}) from ${reviewPhotos} where ${reviewPhotos.reviewId} = ${reviews.id}), '{}')`;

const ORDERS: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.publishedAt), desc(reviews.id)],
  helpful: [desc(reviews.helpful), desc(reviews.publishedAt), desc(reviews.id)],
};

/** A page of the product's published reviews, with the reviewer's names (first name and initial are made of them) and photographs. */
export async function publishedPage(on: Reader, productId: number, sort: ReviewSort, offset: number, limit: number) {
  return on
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      fit: reviews.fit,
      size: reviews.size,
      helpful: reviews.helpful,
      publishedAt: reviews.publishedAt,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      photos: photoStems,
    })
    .from(reviews)
    .innerJoin(profiles, eq(profiles.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.state, 'published')))
    .orderBy(...ORDERS[sort])
    .offset(offset)
    .limit(limit);
}

export interface OwnerFilter {
  state?: ReviewState;
  productId?: number;
  rating?: number;
}

/**
 * The owner's list: reviews by state, product and rating, the newest first, with who wrote them and
 * why each waits; `before` (a review's id) continues after that review. By the review's own time and
 * id, not an offset: publishing from the Waiting list while reading it moves no one past the next page.
 */
export async function ownerList(on: Reader, f: OwnerFilter, limit: number, before?: string) {
  const where = and(
    f.state ? eq(reviews.state, f.state) : undefined,
    f.productId ? eq(reviews.productId, f.productId) : undefined,
    f.rating ? eq(reviews.rating, f.rating) : undefined,
    before ? sql`(${reviews.createdAt}, ${reviews.id}) < (select r.created_at, r.id from ${reviews} r where r.id = ${before})` : undefined,
  );
  return on
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productName: products.name,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      fit: reviews.fit,
      size: reviews.size,
      state: reviews.state,
      heldFor: reviews.heldFor,
      rejectReason: reviews.rejectReason,
      reply: reviews.reply,
      helpful: reviews.helpful,
      createdAt: reviews.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      photos: photoStems,
      events: eventLog,
    })
    .from(reviews)
    .innerJoin(profiles, eq(profiles.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** A review's acts, oldest first, each with who (their name as their profile has it; null once the account is gone) and when. */
const eventLog = sql<{ action: string; at: string; by: string | null; note: string | null }[]>`coalesce((
  select json_agg(json_build_object('action', e.action, 'at', e.at, 'note', e.note, 'by', nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), '')) order by e.at, e.id)
  from ${reviewEvents} e left join ${profiles} p on p.id = e.by_user_id where e.review_id = ${reviews.id}), '[]'::json)`;

/** Per size of the product: how buyers said it fits (published reviews), beside its size chart. */
export async function fitBySize(on: Reader, productId: number) {
  return on
    .select({
      size: reviews.size,
      small: sql<number>`count(*) filter (where ${reviews.fit} = 'small')::int`,
      true: sql<number>`count(*) filter (where ${reviews.fit} = 'true')::int`,
      large: sql<number>`count(*) filter (where ${reviews.fit} = 'large')::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.state, 'published'), sql`${reviews.fit} is not null`))
    .groupBy(reviews.size)
    .orderBy(asc(reviews.size));
}

/** The reviewer's e-mail and first name, for the mail that says their review was not published. */
export async function reviewerOf(on: Reader, userId: string) {
  const [row] = await on.select({ email: profiles.email, firstName: profiles.firstName }).from(profiles).where(eq(profiles.id, userId));
  return row;
}

export type FitCounts = Record<Fit, number>;

/** The buyer's own reviews (read as them: row-level security), the newest first. */
export async function ownReviews(on: Reader, userId: string) {
  return on
    .select({ id: reviews.id, productId: reviews.productId, rating: reviews.rating, title: reviews.title, state: reviews.state, rejectReason: reviews.rejectReason, createdAt: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt));
}

export async function productName(on: Reader, productId: number): Promise<string> {
  const [row] = await on.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return row?.name ?? 'the piece';
}

/** The owner's reply; its product touched, so the product's kept pages are drawn again with it. */
export async function setReply(tx: Tx, reviewId: string, productId: number, text: string, at: Date): Promise<void> {
  await tx.update(reviews).set({ reply: text, repliedAt: at }).where(eq(reviews.id, reviewId));
  await tx.update(products).set({ updatedAt: at }).where(eq(products.id, productId));
}
