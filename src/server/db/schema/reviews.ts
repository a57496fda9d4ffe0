/**
 * Reviews from people who bought the piece (issue 51, docs/decisions/0051): each review with the
 * order line it comes from, its photographs, the accounts that found it helpful, every act on it,
 * and the owner's list of words that hold a review for a look.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Fit, HoldReason, ReviewState } from '../../../shared/reviews.ts';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { orderItems, orders } from './orders.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivered line it is a review of: the size bought, and "Verified purchase". */
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    fit: text('fit').$type<Fit>(),
    size: text('size'),
    state: text('state').$type<ReviewState>().notNull(),
    /** Why it waited for the owner (empty: published at once). */
    heldFor: text('held_for').array().$type<HoldReason[]>().notNull().default(sql`'{}'::text[]`),
    rejectReason: text('reject_reason'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    helpful: integer('helpful').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    // One review a product a buyer, until withdrawn (or rejected: the reviewer may write again).
    uniqueIndex('reviews_one_live').on(t.userId, t.productId).where(sql`${t.state} in ('pending', 'published')`),
    index('reviews_product_published').on(t.productId, t.publishedAt).where(sql`${t.state} = 'published'`),
    index('reviews_state').on(t.state, t.createdAt),
    index('reviews_user').on(t.userId),
    check('reviews_rating', sql`${t.rating} between 1 and 5`),
    check('reviews_fit', sql`${t.fit} is null or ${t.fit} in ('small', 'true', 'large')`),
    check('reviews_state_known', sql`${t.state} in ('pending', 'published', 'rejected', 'withdrawn')`),
    check('reviews_helpful', sql`${t.helpful} >= 0`),
  ],
);

/**
 * A buyer's photograph for a review: re-encoded at the shop's widths (location and camera data
 * dropped) and stored through the storage port as `reviews/<stem>[-<width>].webp`, the stem the
 * hash of the upload; the row's id (random) is what the form names it by. Tied to a review when it
 * is written; a loose one is dropped after a day.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').references(() => reviews.id, { onDelete: 'cascade' }),
    stem: text('stem').notNull(),
    position: smallint('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_photos_user').on(t.userId, t.createdAt), index('review_photos_review').on(t.reviewId, t.position)],
);

/** "Helpful", once per account and review. */
export const reviewHelpful = pgTable(
  'review_helpful',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_helpful_user').on(t.userId)],
);

/** Every act on a review, with who and when: written, held, published, rejected, replied, withdrawn. */
export const reviewEvents = pgTable(
  'review_events',
  {
    id: serial('id').primaryKey(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_events_review').on(t.reviewId, t.at)],
);

/** The owner's review settings (one row): the words that hold a review for a look. */
export const reviewSettings = pgTable(
  'review_settings',
  {
    id: boolean('id').primaryKey().default(true),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('review_settings_one_row', sql`${t.id}`)],
);

/**
 * The orders whose buyer has been mailed to ask for a review (one mail an order, ever): written in
 * the transaction that puts the mail in the outbox, so a crash neither sends twice nor loses the
 * mark, and its key is what two app servers asking at once meet on.
 */
export const reviewAsks = pgTable('review_asks', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
});
