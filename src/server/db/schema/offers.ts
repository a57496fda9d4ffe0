/**
 * Coupons and offers (issue 50, docs/decisions/0050): the owner's offers, their codes and batches
 * of single-use codes, each use an order made of one, and the code a shopper has applied.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OfferKind, OfferMode, OfferStatus, OfferType } from '../../../shared/offers.ts';
import { users } from './accounts.ts';
import { timestamps } from './columns.ts';
import { orders } from './orders.ts';

/** An offer: a code's terms or an automatic offer's; `uses` counts the orders placed with it and not given back. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    /** What the shopper reads ("15% off 2 or more dupattas"). */
    name: text('name').notNull(),
    /** The owner's grouping for the figures ("Diwali 2026"); '' for none. */
    campaign: text('campaign').notNull().default(''),
    mode: text('mode').$type<OfferMode>().notNull(),
    kind: text('kind').$type<OfferKind>().notNull(),
    type: text('type').$type<OfferType>().notNull(),
    percent: integer('percent'),
    /** A percent offer's most, in paise (null: none). */
    capPaise: integer('cap_paise'),
    flatPaise: integer('flat_paise'),
    /** The goods as shown (after automatic offers) must come to this, in paise. */
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    /** At least this many pieces in the offer's scope ("2 or more dupattas"); 0: any. */
    minPieces: integer('min_pieces').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Orders one shopper may place with it (null: any). */
    perShopperMax: integer('per_shopper_max').default(1),
    /** Orders everyone together may place with it (null: any). */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    codAllowed: boolean('cod_allowed').notNull().default(true),
    /** Pieces already on sale (an offer price below the price) are left out unless this is on. */
    includeSaleItems: boolean('include_sale_items').notNull().default(false),
    status: text('status').$type<OfferStatus>().notNull().default('active'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('offers_live').on(t.mode).where(sql`${t.status} = 'active'`),
    check('offers_mode', sql`${t.mode} in ('code', 'automatic')`),
    check('offers_kind', sql`${t.kind} in ('product', 'order', 'shipping')`),
    check('offers_status', sql`${t.status} in ('active', 'paused', 'ended')`),
    check(
      'offers_type',
      sql`(${t.type} = 'percent' and ${t.percent} between 1 and 90 and ${t.flatPaise} is null and ${t.kind} <> 'shipping' and (${t.capPaise} is null or ${t.capPaise} > 0))
        or (${t.type} = 'flat' and ${t.flatPaise} between 100 and 1000000 and ${t.flatPaise} <= ${t.minOrderPaise} and ${t.percent} is null and ${t.capPaise} is null and ${t.kind} <> 'shipping')
        or (${t.type} = 'free_shipping' and ${t.kind} = 'shipping' and ${t.percent} is null and ${t.flatPaise} is null and ${t.capPaise} is null)`,
    ),
    check('offers_terms', sql`${t.minOrderPaise} >= 0 and ${t.minPieces} >= 0 and (${t.endsAt} is null or ${t.endsAt} > ${t.startsAt})`),
    check('offers_uses', sql`${t.uses} >= 0 and (${t.maxUses} is null or (${t.maxUses} > 0 and ${t.uses} <= ${t.maxUses})) and (${t.perShopperMax} is null or ${t.perShopperMax} > 0)`),
  ],
);

/** Which pieces an offer is for: products or categories, each included or left out (none listed: every piece). */
export const offerScope = pgTable(
  'offer_scope',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    target: text('target').$type<'product' | 'category'>().notNull(),
    targetId: integer('target_id').notNull(),
    included: boolean('included').notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.target, t.targetId] }), check('offer_scope_target', sql`${t.target} in ('product', 'category')`)],
);

/** A batch of single-use codes the owner made for a campaign (a mailer). */
export const offerBatches = pgTable('offer_batches', {
  id: serial('id').primaryKey(),
  offerId: integer('offer_id')
    .notNull()
    .references(() => offers.id, { onDelete: 'cascade' }),
  count: integer('count').notNull(),
  prefix: text('prefix').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A code, kept in capitals and unique across the shop; a batch's code has a use of its own. */
export const offerCodes = pgTable(
  'offer_codes',
  {
    code: text('code').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id').references(() => offerBatches.id, { onDelete: 'cascade' }),
    /** A batch's code: 1. Null: the offer's limits alone. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [
    index('offer_codes_offer').on(t.offerId),
    check('offer_codes_code', sql`${t.code} ~ '^[A-Z0-9-]{4,20}$'`),
    check('offer_codes_uses', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

/** An order placed with an offer: counted in the placing transaction, given back once when it lapses or is cancelled. */
export const offerUses = pgTable(
  'offer_uses',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    code: text('code'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Taken off the goods and off shipping, in paise: the owner's figures. */
    discountPaise: integer('discount_paise').notNull(),
    shippingDiscountPaise: integer('shipping_discount_paise').notNull().default(0),
    givenBackAt: timestamp('given_back_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One use of an offer per order, whatever retries or races.
    uniqueIndex('offer_uses_once').on(t.orderId, t.offerId),
    index('offer_uses_shopper').on(t.offerId, t.userId).where(sql`${t.givenBackAt} is null`),
    check('offer_uses_amounts', sql`${t.discountPaise} >= 0 and ${t.shippingDiscountPaise} >= 0`),
  ],
);

/** The code a shopper has applied: the cart and checkout price with it until it is removed or placed. */
export const appliedCodes = pgTable('applied_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
