/**
 * Returns and size exchanges (issue 49): the owner's rules, each request with its lines, its
 * photographs and its history.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Resolution, ReturnReason, ReturnState } from '../../../shared/returns.ts';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { orderItems, orders } from './orders.ts';

export const returnSettings = pgTable(
  'return_settings',
  {
    /** There is one row: the key is always true. */
    id: boolean('id').primaryKey().default(true),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('return_settings_one_row', sql`${t.id}`)],
);

/** One request: some lines of one delivered order, one reason, an exchange or a refund. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ReturnReason>().notNull(),
    resolution: text('resolution').$type<Resolution>().notNull(),
    note: text('note').notNull().default(''),
    state: text('state').$type<ReturnState>().notNull().default('requested'),
    /** The owner's words when refusing, or the check's note when it failed. */
    ownerNote: text('owner_note'),
    /** An exchange's new sizes are held until then (or until the old piece is received). */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('return_requests_order').on(t.orderId),
    index('return_requests_open').on(t.state).where(sql`${t.state} in ('requested', 'approved', 'pickup_booked', 'picked_up', 'received', 'passed')`),
  ],
);

/** A line of the order asked back, and for an exchange the size wanted instead (held while `held`). */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    exchangeSize: text('exchange_size'),
    held: boolean('held').notNull().default(false),
  },
  (t) => [uniqueIndex('return_lines_once').on(t.requestId, t.orderItemId), index('return_lines_item').on(t.orderItemId), check('return_lines_quantity', sql`${t.quantity} > 0`)],
);

/**
 * A shopper's photograph of a damaged or wrong piece, re-encoded (location and every other
 * metadata dropped) and kept out of the public images, under a random id of its own (the same
 * picture sent again for another request is another photograph); tied to a request when the
 * request is made.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => returnRequests.id, { onDelete: 'cascade' }),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_photos_user').on(t.userId, t.createdAt), index('return_photos_request').on(t.requestId)],
);

/** Every step of a request, who took it and why: the order's history shows them. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    state: text('state').$type<ReturnState>().notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_events_request').on(t.requestId, t.at)],
);
