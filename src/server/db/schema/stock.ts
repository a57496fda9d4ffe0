/**
 * Stock (issue 16, docs/decisions/0018): a count per product size that a database check keeps at 0
 * or above, and a ledger with a row for every change, so the count always equals the ledger's sum.
 * Only the stock module writes either table.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StockReason } from '../../../shared/stock.ts';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { timestamps } from './columns.ts';
import { orders } from './orders.ts';

export const productSizes = pgTable(
  'product_sizes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 'One size' for a piece sold in one size. */
    size: text('size').notNull(),
    /** Where the size sits in its list (XS before S). */
    position: integer('position').notNull().default(0),
    /** Pieces that can still be sold: reserved pieces are already taken off. */
    stock: integer('stock').notNull().default(0),
    /**
     * Set when the owner stops offering the size: its ledger stays (a size is never deleted while
     * its product lives), and offering it again clears it.
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('product_sizes_product_size').on(t.productId, t.size), check('product_sizes_stock_check', sql`${t.stock} >= 0`)],
);

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productSizeId: integer('product_size_id')
      .notNull()
      .references(() => productSizes.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: text('reason').$type<StockReason>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The person who made it (the owner); null for a shopper's order or the shop's own step. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_size').on(t.productSizeId, t.createdAt),
    index('stock_movements_order').on(t.orderId).where(sql`${t.orderId} is not null`),
    check('stock_movements_change_check', sql`${t.change} <> 0`),
    check('stock_movements_reason_check', sql`${t.reason} in ('reserved', 'released', 'sold', 'cancelled', 'restocked', 'corrected', 'imported', 'returned')`),
  ],
);

/**
 * Back in stock (issue 16): a signed-in shopper asks to be told when a sold-out size has pieces
 * again. One waiting request per shopper and size; when the size's count leaves 0 the stock module
 * mails each waiting shopper once (the outbox, in the same transaction) and marks the request
 * mailed. The token names the request in the mail's unsubscribe link (no session there).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productSizeId: integer('product_size_id')
      .notNull()
      .references(() => productSizes.id, { onDelete: 'cascade' }),
    token: uuid('token').notNull().defaultRandom().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the back-in-stock mail was written; null while the shopper waits. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_waiting').on(t.userId, t.productSizeId).where(sql`${t.mailedAt} is null`),
    index('stock_alerts_size_waiting').on(t.productSizeId).where(sql`${t.mailedAt} is null`),
    index('stock_alerts_user').on(t.userId, t.createdAt),
  ],
);
