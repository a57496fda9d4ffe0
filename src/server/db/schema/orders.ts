/**
 * Orders (design.md resolutions: one `orders` table plus `order_items`), the pricing settings they
 * are priced with, and the payment provider's events. An order is written before the payment
 * dialog opens (status pending), with its address and items snapshotted and every amount in paise
 * as the server computed it; the payment's confirmation, by the browser, the webhook or the
 * reconcile step, settles it once.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AddressFields } from '../../../shared/addresses.ts';
import type { Taxed } from '../../../shared/gst.ts';
import type { AppliedOffer } from '../../../shared/offers.ts';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { timestamps } from './columns.ts';
import { addresses } from './shelf.ts';

/** Spec §3 pricing_settings: name, value (as text, as the spec's schema keeps it), description. */
export const pricingSettings = pgTable('pricing_settings', {
  settingName: text('setting_name').primaryKey(),
  settingValue: text('setting_value').notNull(),
  description: text('description'),
  ...timestamps,
});

export const orderNumbers = pgSequence('order_number_seq', { startWith: 100001 });

/** `expired`: pending past its payment window and never paid (the reconcile step says so, docs/decisions/0016). */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'failed', 'expired', 'returned'] as const;
/** How the order is paid (issue 17): online through the provider, or in cash (or UPI) to the courier. */
export const PAYMENT_METHODS = ['online', 'cod'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
/**
 * Where the order's pieces are (docs/decisions/0018): `held` off the stock while it waits for payment,
 * `released` back to it (the window closed, the shopper gave up, the owner cancelled), `sold` for good,
 * `returned` by a cancellation after payment; `none` for orders from before stock was kept.
 */
export const STOCK_STATES = ['none', 'held', 'released', 'sold', 'returned'] as const;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the shopper and the owner call it: VA100001, VA100002, ... (no padding to outgrow) */
    orderNumber: text('order_number')
      .notNull()
      .unique()
      .default(sql`'VA' || nextval('order_number_seq')::text`),
    // An account with orders is never deleted out from under them.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<(typeof ORDER_STATUSES)[number]>().notNull().default('pending'),
    paymentStatus: text('payment_status').$type<(typeof PAYMENT_STATUSES)[number]>().notNull().default('pending'),
    /** 'cart' (its lines leave the cart when paid) or 'buy_now' (the cart is left alone). */
    source: text('source').$type<'cart' | 'buy_now'>().notNull(),
    paymentProvider: text('payment_provider').$type<'razorpay' | 'test'>().notNull(),
    paymentMethod: text('payment_method').$type<(typeof PAYMENT_METHODS)[number]>().notNull().default('online'),
    /** Cash on Delivery's own charge (paise), part of the total; 0 for an online order. */
    codFee: integer('cod_fee').notNull().default(0),
    /**
     * The browser's key for one press of Place order (issue 17): the same press sent again (a double
     * tap, a retry after a dropped connection) finds the order it made instead of making another.
     */
    placementKey: uuid('placement_key'),
    providerOrderId: text('provider_order_id').unique(),
    paymentId: text('payment_id').unique(),
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    addressJson: jsonb('address_json').$type<AddressFields>().notNull(),
    currency: text('currency').notNull().default('INR'),
    subtotal: integer('subtotal').notNull(),
    gstAmount: integer('gst_amount').notNull(),
    /** The shop's rate when placed; since issue 18 each line has its own and `gstByRate` sums them. */
    gstRateBp: integer('gst_rate_bp').notNull(),
    /** Issue 18: the GST per rate, goods and charges (null on older orders: one rate, `gstRateBp`). */
    gstByRate: jsonb('gst_by_rate').$type<Taxed[]>(),
    /** Issue 18: the rate shipping and the COD fee were taxed at (the main piece's). */
    chargesGstRateBp: integer('charges_gst_rate_bp'),
    pricesIncludeGst: boolean('prices_include_gst').notNull(),
    /** Issue 50: what was paid for shipping, after any free-shipping offer (`shippingDiscount`). */
    shippingCharges: integer('shipping_charges').notNull(),
    /** Issue 50: taken off the goods by offers and a code (shared over the lines: `order_items.discount`), and off shipping. */
    discount: integer('discount').notNull().default(0),
    shippingDiscount: integer('shipping_discount').notNull().default(0),
    /** Issue 50: the offers and code applied, as the shopper was shown them (null: none). */
    offers: jsonb('offers').$type<AppliedOffer[]>(),
    total: integer('total').notNull(),
    /** Part of the total paid with the shopper's store credit (issue 49); the provider is asked for the rest. */
    creditUsed: integer('credit_used').notNull().default(0),
    shippingMethod: text('shipping_method').notNull().default('Standard Delivery'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The courier's number, given when the owner ships it. */
    trackingNumber: text('tracking_number'),
    /** When it reached the shopper (the courier's delivered scan, or the owner's step): the return window counts from it (issue 48). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * What was being bought (source, address, lines and total): a second Pay for the same thing
     * while its order is still pending reuses that order instead of making another.
     */
    checkoutFingerprint: text('checkout_fingerprint').notNull(),
    stockState: text('stock_state').$type<(typeof STOCK_STATES)[number]>().notNull().default('none'),
    ...timestamps,
  },
  (t) => [
    index('orders_user_created').on(t.userId, t.createdAt.desc()),
    // The owner's list: newest first, all or one status at a time.
    index('orders_created').on(t.createdAt.desc()),
    index('orders_status_created').on(t.status, t.createdAt.desc()),
    index('orders_user_fingerprint').on(t.userId, t.checkoutFingerprint).where(sql`${t.paymentStatus} = 'pending'`),
    // Orders left pending, for the reconcile step.
    index('orders_pending').on(t.createdAt).where(sql`${t.paymentStatus} = 'pending'`),
    // Orders holding pieces while they wait for payment: the product page says a sold-out size is
    // only in someone's cart, and until when (issue 53). Few at any moment, whatever the shop's size.
    index('orders_held').on(t.createdAt).where(sql`${t.stockState} = 'held'`),
    uniqueIndex('orders_user_placement').on(t.userId, t.placementKey).where(sql`${t.placementKey} is not null`),
    // A shopper's open Cash on Delivery orders, counted against the owner's limit at each placement.
    index('orders_open_cod').on(t.userId).where(sql`${t.paymentMethod} = 'cod' and ${t.paymentStatus} = 'pending'`),
    check('orders_status_check', sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'failed', 'expired', 'returned')`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('online', 'cod') and ${t.codFee} >= 0 and (${t.paymentMethod} = 'cod' or ${t.codFee} = 0)`),
    check('orders_payment_status_check', sql`${t.paymentStatus} in ('pending', 'paid', 'failed')`),
    check('orders_stock_state_check', sql`${t.stockState} in ('none', 'held', 'released', 'sold', 'returned')`),
    check('orders_amounts_check', sql`${t.subtotal} > 0 and ${t.gstAmount} >= 0 and ${t.shippingCharges} >= 0 and ${t.total} >= 100`),
    check('orders_discount_check', sql`${t.discount} >= 0 and ${t.discount} < ${t.subtotal} and ${t.shippingDiscount} >= 0`),
    // Store credit pays all of the total, or leaves at least ₹1 for the provider (its least).
    check('orders_credit_check', sql`${t.creditUsed} >= 0 and (${t.creditUsed} = ${t.total} or ${t.total} - ${t.creditUsed} >= 100)`),
    // A paid order carries its payment (cash collected carries only its time); nothing else does.
    // Paid means a payment, cash on delivery, or store credit for all of it (issue 49).
    check('orders_paid_check', sql`(${t.paymentStatus} = 'paid') = (${t.paidAt} is not null and (${t.paymentId} is not null or ${t.paymentMethod} = 'cod' or ${t.creditUsed} = ${t.total}))`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The product may later leave the catalog; the order keeps its own name and price.
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The size bought ('One size' for a one-size piece); null on orders from before sizes. */
    size: text('size'),
    name: text('name').notNull(),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
    /** Issue 18, as placed: the piece's HSN code, the line's rate, its value before GST and its GST (null on older orders). */
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    taxableValue: integer('taxable_value'),
    gstAmount: integer('gst_amount'),
    /** Issue 50: the line's share of the order's discount; it paid `line_total - discount`. */
    discount: integer('discount').notNull().default(0),
  },
  (t) => [
    index('order_items_order').on(t.orderId),
    check('order_items_check', sql`${t.quantity} > 0 and ${t.unitPrice} >= 0 and ${t.lineTotal} = ${t.unitPrice} * ${t.quantity}`),
    check('order_items_discount_check', sql`${t.discount} >= 0 and ${t.discount} <= ${t.lineTotal}`),
  ],
);

/**
 * Every fulfilment step the owner takes (design.md order status), with who and when: an order's
 * history, and the record of who shipped or cancelled what.
 */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    trackingNumber: text('tracking_number'),
    /** Why it was cancelled, as the shopper or the owner chose it (issue 17). */
    reason: text('reason'),
    // The owner's account may go one day; the step stays, with the email it was made under.
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedByEmail: text('changed_by_email').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_changes_order').on(t.orderId, t.changedAt)],
);

/** Every webhook event, once: its id is Razorpay's X-Razorpay-Event-Id, so a redelivery is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  providerOrderId: text('provider_order_id'),
  paymentId: text('payment_id'),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money that arrived for an order that cannot take it (docs/decisions/0016): a payment captured for
 * an order the owner cancelled or that expired unpaid, a second payment for a paid order, or a
 * payment id that already paid another order. Each is kept once (its payment id), shown to the owner
 * on the order, and refunded through the provider when it is this order's money to give back; a
 * refund that could not be made yet is tried again by the reconcile step, never twice (the provider's
 * idempotency key is the payment id).
 */
/** `order_refund` (issue 17): the order's own payment, given back because it was cancelled before dispatch. */
export const PAYMENT_ISSUE_KINDS = ['order_cancelled', 'order_expired', 'second_payment', 'payment_reused', 'order_refund'] as const;
export const REFUND_STATUSES = ['due', 'pending', 'processed', 'failed', 'not_ours'] as const;

export const paymentIssues = pgTable(
  'payment_issues',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull().unique(),
    kind: text('kind').$type<(typeof PAYMENT_ISSUE_KINDS)[number]>().notNull(),
    /** Paise, as the provider said it; null when no one said (the browser's confirmation carries none). */
    amount: integer('amount'),
    refundStatus: text('refund_status').$type<(typeof REFUND_STATUSES)[number]>().notNull(),
    refundId: text('refund_id'),
    refundError: text('refund_error'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('payment_issues_order').on(t.orderId),
    index('payment_issues_due').on(t.createdAt).where(sql`${t.refundStatus} = 'due'`),
    check('payment_issues_kind_check', sql`${t.kind} in ('order_cancelled', 'order_expired', 'second_payment', 'payment_reused', 'order_refund')`),
    check('payment_issues_refund_check', sql`${t.refundStatus} in ('due', 'pending', 'processed', 'failed', 'not_ours')`),
  ],
);
