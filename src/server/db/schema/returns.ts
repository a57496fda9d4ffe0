/**
 * Returns and size exchanges (issue 49): the owner's rules, each request with its lines, its
 * photographs and its history.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PickupWay, RefundWay, Resolution, ReturnReason, ReturnState } from '../../../shared/returns.ts';
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
    /** How the piece comes back, once the owner has said: the courier's reverse pickup, or the shopper sends it. */
    pickup: text('pickup').$type<PickupWay>(),
    /**
     * The pickup fee, in paise: until the check, what the shopper was told at the request (taken
     * only if the shop's courier collects the piece); from a refund's check on, what was taken.
     */
    pickupFeePaise: integer('pickup_fee_paise').notNull().default(0),
    /** When the shop's courier collected the piece (its pickup's first scan on the way): only then is the pickup fee taken. */
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    /** The refund decided at the check, in paise: the credit note's total less any pickup fee. */
    refundPaise: integer('refund_paise'),
    ...timestamps,
  },
  (t) => [
    index('return_requests_order').on(t.orderId),
    index('return_requests_open').on(t.state).where(sql`${t.state} in ('requested', 'approved', 'pickup_booked', 'picked_up', 'received', 'passed')`),
    check('return_requests_pickup_fee', sql`${t.pickupFeePaise} >= 0`),
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

/**
 * The money a passed check gives back, once per request and way (the key): to the payment's source
 * through the provider (its idempotency key is the request's id), or as store credit. A refund the provider
 * could not make yet is tried again by the reconcile step.
 */
export const returnRefunds = pgTable(
  'return_refunds',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    way: text('way').$type<RefundWay>().notNull(),
    amount: integer('amount').notNull(),
    /** The provider's payment refunded (to the source only). */
    paymentId: text('payment_id'),
    /** `choosing`: a Cash-on-Delivery refund offered as store credit or a payout, waiting for the shopper. */
    status: text('status').$type<'choosing' | 'due' | 'pending' | 'processed' | 'failed'>().notNull(),
    /** The provider's refund, or payout, id. */
    providerRefundId: text('provider_refund_id'),
    /** A payout's fund account at the provider: the shop never keeps the account itself. */
    fundAccountId: text('fund_account_id'),
    /** A payout's account as the shopper reads it: masked ("account ending 1234 (HDFC0001234)"). */
    payoutTo: text('payout_to'),
    payoutMode: text('payout_mode').$type<'UPI' | 'IMPS'>(),
    /** The payout's idempotency key: one per choice of account (a key that failed fails for ever at RazorpayX). */
    payoutKey: text('payout_key'),
    /** A payout call under way holds the row until then: two servers never ask at once. */
    payoutUntil: timestamp('payout_until', { withTimezone: true }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // A request's money goes back once each way: to the payment, and (for what store credit paid, or a COD order) as credit.
    primaryKey({ columns: [t.requestId, t.way] }),
    index('return_refunds_order').on(t.orderId),
    index('return_refunds_due').on(t.createdAt).where(sql`${t.status} = 'due'`),
    check('return_refunds_amount', sql`${t.amount} > 0`),
    check('return_refunds_way', sql`${t.way} in ('source', 'store_credit', 'payout')`),
    check('return_refunds_status', sql`${t.status} in ('choosing', 'due', 'pending', 'processed', 'failed')`),
    check('return_refunds_payout_account', sql`${t.way} <> 'payout' or ${t.status} = 'choosing' or (${t.fundAccountId} is not null and ${t.payoutMode} is not null and ${t.payoutKey} is not null)`),
    check('return_refunds_source_payment', sql`${t.way} <> 'source' or ${t.paymentId} is not null`),
  ],
);

/**
 * Store credit (issue 49): money a shopper may spend at checkout, granted by a passed return of a
 * Cash-on-Delivery order, each grant valid a year. `remaining` is what is left of it; spending takes
 * from the grant that ends first.
 */
export const storeCredits = pgTable(
  'store_credits',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The return that granted it: one grant per request. */
    requestId: uuid('request_id')
      .unique()
      .references(() => returnRequests.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_credits_user').on(t.userId, t.expiresAt),
    check('store_credits_amount', sql`${t.amount} > 0`),
    check('store_credits_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/**
 * Store credit spent on an order (issue 49), taken from each grant in the transaction that places
 * it, the grant that ends first first; given back once (`givenBack`) when the order lapses unpaid
 * or is cancelled.
 */
export const storeCreditSpends = pgTable(
  'store_credit_spends',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    creditId: integer('credit_id')
      .notNull()
      .references(() => storeCredits.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    givenBack: boolean('given_back').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_credit_spends_once').on(t.orderId, t.creditId), index('store_credit_spends_credit').on(t.creditId), check('store_credit_spends_amount', sql`${t.amount} > 0`)],
);
