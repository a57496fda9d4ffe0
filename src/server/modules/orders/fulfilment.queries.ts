/**
 * The owner's order SQL: every shopper's orders (as the server, outside any shopper's row-level
 * security), one order with its history, and the status step, taken with the order locked.
 */
import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrdersQuery } from '../../../shared/admin-orders.contract.ts';
import type { OrderStatus } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { orderItems, orders, orderStatusChanges, paymentIssues, profiles, users } from '../../db/schema/index.ts';
import { offered } from './orders.queries.ts';

type Tx = ShopperTx;

const customerName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})), ''), ${users.name})`;
const escape = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(q: AdminOrdersQuery): SQL | undefined {
  // Orders never offered for payment (the provider was away) are no one's business.
  const parts: (SQL | undefined)[] = [offered()];
  if (q.status) parts.push(eq(orders.status, q.status));
  // Orders never paid within their window leave the owner's list (docs/decisions/0016); found by their filter or number.
  else if (!q.search) parts.push(ne(orders.status, 'expired'));
  if (q.search) {
    const number = q.search.toUpperCase().replace(/^#/, '');
    parts.push(or(eq(orders.orderNumber, number), eq(orders.orderNumber, `VA${number}`), ilike(users.email, `%${escape(q.search)}%`)));
  }
  return and(...parts);
}

export async function orderPage(db: Db, q: AdminOrdersQuery, pageSize: number) {
  const where = filters(q);
  const pieces = sql<number>`(select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = "orders"."id")`;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
        total: orders.total,
        customerEmail: users.email,
        customerName,
        pieces,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(profiles, eq(profiles.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .offset((q.page - 1) * pageSize)
      .limit(pageSize),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function orderWithCustomer(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ order: orders, email: users.email, name: customerName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(eq(orders.id, id));
  return row;
}

export const linesOfOrder = (db: Db | Tx, id: string) => db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));

export const issuesOf = (db: Db | Tx, id: string) =>
  db.select().from(paymentIssues).where(eq(paymentIssues.orderId, id)).orderBy(asc(paymentIssues.createdAt), asc(paymentIssues.id));

export const historyOf = (db: Db | Tx, id: string) =>
  db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, id)).orderBy(asc(orderStatusChanges.changedAt), asc(orderStatusChanges.id));

/** The order's status, locked until the step is taken: two owners' clicks take turns. */
export async function lockStatus(tx: Tx, id: string) {
  const [row] = await tx
    .select({ status: orders.status, trackingNumber: orders.trackingNumber, paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  return row;
}

/** `deliveredAt`: when it reached the shopper (a delivered step), the courier's scan time or now. */
export async function setStatus(tx: Tx, id: string, to: OrderStatus, trackingNumber: string | null | undefined, deliveredAt?: Date) {
  await tx
    .update(orders)
    .set({ status: to, ...(trackingNumber !== undefined && { trackingNumber }), ...(deliveredAt && { deliveredAt }), updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}

/** Cash on Delivery's money in hand (issue 17): the order counts as paid from now. */
export async function markCashCollected(tx: Tx, id: string) {
  await tx.update(orders).set({ paymentStatus: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` }).where(and(eq(orders.id, id), eq(orders.paymentMethod, 'cod')));
}

export async function setTracking(tx: Tx, id: string, trackingNumber: string | null) {
  await tx.update(orders).set({ trackingNumber, updatedAt: sql`now()` }).where(eq(orders.id, id));
}

export async function recordChange(
  tx: Tx,
  change: { orderId: string; fromStatus: string; toStatus: string; trackingNumber: string | null; changedBy: string | null; changedByEmail: string },
) {
  await tx.insert(orderStatusChanges).values(change);
}
