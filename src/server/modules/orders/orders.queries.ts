/**
 * Orders' SQL. A shopper's own reads and the order's creation run in their shopper transaction
 * (migration 0010: they may read and create their own pending orders, nothing more); the payment's
 * settlement runs as the server, in a transaction of its own.
 */
import { and, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AddressFields } from '../../../shared/addresses.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, profiles, users } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

export type Tx = ShopperTx;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'orderNumber' | 'status' | 'paymentStatus' | 'paymentId' | 'paidAt'>;
export type NewLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;
export type LineRow = typeof orderItems.$inferSelect;

export async function insertOrder(tx: Tx, order: NewOrder, lines: NewLine[]): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(order).returning();
  await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: row!.id })));
  return row!;
}

/** The shopper's pending order for the very same purchase, if one was started in the last half hour. */
export async function pendingTwin(tx: Tx, userId: string, fingerprint: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.checkoutFingerprint, fingerprint),
        eq(orders.paymentStatus, 'pending'),
        isNotNull(orders.providerOrderId),
        gt(orders.createdAt, sql`now() - interval '30 minutes'`),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

/** As the server: the shopper's role may not update orders. */
export async function setProviderOrder(db: Db, orderId: string, providerOrderId: string): Promise<void> {
  await db.update(orders).set({ providerOrderId, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

export async function ownOrder(tx: Tx, userId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.id, orderId)));
  return row;
}

/** Newest first; orders never offered for payment (the provider was away) are left out. */
export function ownOrders(tx: Tx, userId: string, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.providerOrderId)))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

export function linesOf(tx: Tx, orderIds: string[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tx.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(orderItems.id);
}

/** The order a provider order belongs to, locked until the transaction ends: one settlement at a time. */
export async function lockByProviderOrder(tx: Tx, providerOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).for('update');
  return row;
}

export async function markPaid(tx: Tx, orderId: string, paymentId: string): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ paymentStatus: 'paid', status: 'processing', paymentId, paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  return row!;
}

/** Who to write to about an order. */
export async function buyerOf(tx: Tx, userId: string): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await tx
    .select({ email: users.email, firstName: sql<string>`coalesce(${profiles.firstName}, ${users.name})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Pending orders offered for payment between `from` and `to` seconds ago, oldest first. */
export function pendingOffered(db: Db, fromSeconds: number, toSeconds: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        isNotNull(orders.providerOrderId),
        lt(orders.createdAt, sql`now() - make_interval(secs => ${fromSeconds})`),
        gt(orders.createdAt, sql`now() - make_interval(secs => ${toSeconds})`),
      ),
    )
    .orderBy(orders.createdAt)
    .limit(limit);
}

export type { AddressFields };
