/**
 * Orders' SQL. A shopper's own reads and the order's creation run in their shopper transaction
 * (migration 0010: they may read and create their own pending orders, nothing more); the payment's
 * settlement runs as the server, in a transaction of its own.
 */
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { AddressFields } from '../../../shared/addresses.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, orderStatusChanges, paymentIssues, profiles, users } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

export type Tx = ShopperTx;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'orderNumber' | 'status' | 'paymentStatus' | 'paymentId' | 'paidAt'>;
export type NewLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>;
export type LineRow = typeof orderItems.$inferSelect;
export type IssueRow = typeof paymentIssues.$inferSelect;

export async function insertOrder(tx: Tx, order: NewOrder, lines: NewLine[]): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(order).returning();
  await tx.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: row!.id })));
  return row!;
}

/**
 * The shopper's checkouts take turns (until the transaction ends), so two Pay presses at once find
 * each other's order instead of each making one (PostgreSQL runs them side by side).
 */
export async function takeCheckoutTurn(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`);
}

/**
 * The shopper's order for the very same purchase, still waiting for its payment and started in
 * the last half hour: offered to the provider already, or being offered by a request under way.
 * Never one the owner cancelled or that expired.
 */
export async function pendingTwin(tx: Tx, userId: string, fingerprint: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.checkoutFingerprint, fingerprint),
        eq(orders.status, 'pending'),
        eq(orders.paymentStatus, 'pending'),
        gt(orders.createdAt, sql`now() - interval '30 minutes'`),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

/** What the shopper's unpaid orders hold: each line's order, piece, size and pieces. */
export async function unpaidHolds(tx: Tx, userId: string): Promise<{ orderId: string; productId: number | null; size: string | null; quantity: number }[]> {
  return tx
    .select({ orderId: orderItems.orderId, productId: orderItems.productId, size: orderItems.size, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), eq(orders.paymentStatus, 'pending')));
}

/** The pieces the shopper gave back by closing a payment within `minutes`, with when (as the server: the history is not the shopper's to read). */
export async function givenBackWithin(tx: Tx, userId: string, by: string, minutes: number): Promise<{ productId: number | null; size: string | null; at: Date }[]> {
  return tx
    .select({ productId: orderItems.productId, size: orderItems.size, at: orderStatusChanges.changedAt })
    .from(orderStatusChanges)
    .innerJoin(orders, eq(orders.id, orderStatusChanges.orderId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orderStatusChanges.changedByEmail, by), gt(orderStatusChanges.changedAt, sql`now() - make_interval(mins => ${minutes})`)));
}

/** The order one press of Place order made (issue 17), if it reached us before. */
export async function byPlacementKey(tx: Tx, userId: string, placementKey: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.placementKey, placementKey)));
  return row;
}

/** The shopper's Cash on Delivery orders still to be paid at the door (not cancelled, not come back). */
export async function openCod(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentMethod, 'cod'), eq(orders.paymentStatus, 'pending'), notInArray(orders.status, ['cancelled', 'returned'])));
  return row?.n ?? 0;
}

/** As the server: a Cash on Delivery order, its stock taken, goes straight to processing. */
export async function confirmCod(tx: Tx, orderId: string): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'processing', updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.paymentMethod, 'cod'), eq(orders.status, 'pending')))
    .returning();
  return row!;
}

/**
 * As the server (the shopper's role may not update orders): records the provider's order unless
 * a request racing this one recorded its own first; answers the one the order keeps.
 */
export async function setProviderOrder(db: Db, orderId: string, providerOrderId: string): Promise<string> {
  const [set] = await db
    .update(orders)
    .set({ providerOrderId, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.providerOrderId)))
    .returning({ id: orders.providerOrderId });
  if (set?.id) return set.id;
  const [kept] = await db.select({ id: orders.providerOrderId }).from(orders).where(eq(orders.id, orderId));
  return kept!.id!;
}

export async function ownOrder(tx: Tx, userId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.id, orderId)));
  return row;
}

/**
 * Newest first; orders never offered for payment (the provider was away) and orders that lapsed
 * unpaid are left out: there is nothing in them to follow (docs/decisions/0016).
 */
/** An order offered for payment, placed on delivery, or paid with store credit alone: one there is something in to follow. */
export const offered = () => or(isNotNull(orders.providerOrderId), eq(orders.paymentMethod, 'cod'), eq(orders.paymentStatus, 'paid'));
export const isOffered = (o: Pick<OrderRow, 'providerOrderId' | 'paymentMethod' | 'paymentStatus'>) => o.providerOrderId !== null || o.paymentMethod === 'cod' || o.paymentStatus === 'paid';

export function ownOrders(tx: Tx, userId: string, limit: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), offered(), ne(orders.status, 'expired')))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** Refunds and other payment issues of these orders (a shopper sees only their own: migration 0020). */
export function issuesOfOrders(tx: Tx, orderIds: string[]): Promise<IssueRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tx.select().from(paymentIssues).where(inArray(paymentIssues.orderId, orderIds)).orderBy(paymentIssues.id);
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

/** Pending to processing, paid; from pending only (a cancelled or expired order is never revived). */
/** `paymentId` null: store credit paid all of it (issue 49). */
export async function markPaid(tx: Tx, orderId: string, paymentId: string | null): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ paymentStatus: 'paid', status: 'processing', paymentId, paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), eq(orders.paymentStatus, 'pending')))
    .returning();
  return row;
}

/** The order (other than `orderId`) a payment id already paid, if any. */
export async function paidWith(tx: Tx, paymentId: string, orderId: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.paymentId, paymentId), ne(orders.id, orderId)));
  return row?.id;
}

export type NewIssue = Pick<typeof paymentIssues.$inferInsert, 'orderId' | 'paymentId' | 'kind' | 'amount' | 'refundStatus'>;

/** Money that came for an order that could not take it, kept once per payment: whether this call is the one that recorded it. */
export async function recordIssue(tx: Tx, issue: NewIssue): Promise<boolean> {
  const rows = await tx.insert(paymentIssues).values(issue).onConflictDoNothing({ target: paymentIssues.paymentId }).returning({ id: paymentIssues.id });
  return rows.length > 0;
}

/** An unpaid order past its payment window: expired, with the step in its history, from pending only. */
export async function expire(tx: Tx, orderId: string, by: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), eq(orders.paymentStatus, 'pending')))
    .returning({ id: orders.id });
  if (rows.length === 0) return false;
  await tx.insert(orderStatusChanges).values({ orderId, fromStatus: 'pending', toStatus: 'expired', trackingNumber: null, changedBy: null, changedByEmail: by });
  return true;
}

/** An expired order a late payment has bought after all: pending again, to be marked paid in the same transaction. */
export async function revive(tx: Tx, orderId: string, by: string): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'pending', updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'expired'), eq(orders.paymentStatus, 'pending')))
    .returning({ id: orders.id });
  if (rows.length === 0) return false;
  await tx.insert(orderStatusChanges).values({ orderId, fromStatus: 'expired', toStatus: 'pending', trackingNumber: null, changedBy: null, changedByEmail: by });
  return true;
}

/** Pending orders (offered or not) older than `minutes`, oldest first: the ones whose payment window has closed. */
export function pendingOlderThan(db: Db, minutes: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), eq(orders.paymentStatus, 'pending'), lt(orders.createdAt, sql`now() - make_interval(mins => ${minutes})`)))
    .orderBy(orders.createdAt)
    .limit(limit);
}

/** Who to write to about an order. */
export async function buyerOf(tx: Tx, userId: string): Promise<{ email: string; firstName: string; orderUpdates: boolean } | undefined> {
  const [row] = await tx
    .select({ email: users.email, firstName: sql<string>`coalesce(${profiles.firstName}, ${users.name})`, orderUpdates: sql<boolean>`${profiles.parcelMessagesSince} is not null` })
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
        eq(orders.status, 'pending'),
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

/** One order, locked until the transaction ends: a cancel and a shipment or a payment take turns. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** Cancelled, with the step, who took it and why in its history. */
export async function markCancelled(tx: Tx, order: OrderRow, by: { userId: string; email: string }, reason: string): Promise<void> {
  await tx.update(orders).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  await tx
    .insert(orderStatusChanges)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: 'cancelled', trackingNumber: null, changedBy: by.userId, changedByEmail: by.email, reason });
}
