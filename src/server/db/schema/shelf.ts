/**
 * A shopper's cart and address book (spec §3 cart item, address). Both are theirs alone: a shopper's
 * transaction reads and writes them under row-level security (migration 0008), and they go with the
 * account.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import type { IndiaState } from '../../../shared/india.ts';
import { users } from './accounts.ts';
import { products } from './catalog.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 'One size' for a piece sold in one size. */
    size: text('size').notNull().default('One size'),
    quantity: integer('quantity').notNull().default(1),
    selected: boolean('selected').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    // Spec §3: unique per user and product, and now size (issue 16), which the add's upsert leans on.
    uniqueIndex('cart_items_user_product_size').on(t.userId, t.productId, t.size),
    // The database's own floor and ceiling behind the app's rule (src/shared/cart.ts).
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    house: text('house').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').$type<IndiaState>().notNull(),
    pincode: text('pincode').notNull(),
    country: text('country').notNull().default('India'),
    ...timestamps,
  },
  // Spec §7: a shopper's addresses, newest first.
  (t) => [index('addresses_user_created').on(t.userId, t.createdAt.desc())],
);
