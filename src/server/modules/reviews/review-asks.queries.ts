/** The review asks' SQL (issue 51): the orders due a mail asking for a review, what that mail says, and the order marked asked. */
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { orderItems, orders, profiles, returnLines, returnRequests, reviewAsks, reviews, users } from '../../db/schema/index.ts';
import { PIECE_GONE } from './reviews.queries.ts';

/**
 * A line of the order its buyer could still review, as the form on Your Orders offers it: its
 * product still in the shop, not every piece gone back for a refund, and no live review of that
 * product by the buyer (a withdrawn or rejected one leaves room to write again).
 */
const STILL_REVIEWABLE = sql`${orderItems.productId} is not null
  and ${orderItems.quantity} > coalesce((select sum(${returnLines.quantity}) from ${returnLines} join ${returnRequests} on ${returnRequests.id} = ${returnLines.requestId} where ${returnLines.orderItemId} = ${orderItems.id} and ${PIECE_GONE}), 0)
  and not exists (select 1 from ${reviews} where ${reviews.userId} = ${orders.userId} and ${reviews.productId} = ${orderItems.productId} and ${reviews.state} in ('pending', 'published'))`;

/**
 * Orders delivered between `from` and `to` (the days after delivery the ask waits, and the last
 * day it asks), not asked yet, with a piece still to review: the latest delivered first, so a backlog
 * (the first pass after an outage) never holds back the timely asks. Only an order Your Orders
 * offers "Write a review" on (delivered or completed), so the mail's link finds its form.
 */
export async function dueOrders(db: Db, from: Date, to: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['delivered', 'completed']),
        gte(orders.deliveredAt, from),
        lte(orders.deliveredAt, to),
        sql`not exists (select 1 from ${reviewAsks} where ${reviewAsks.orderId} = ${orders.id})`,
        sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${STILL_REVIEWABLE})`,
      ),
    )
    .orderBy(desc(orders.deliveredAt), orders.id)
    .limit(limit);
}

/** What the order's mail says: to whom, the order's number, and its pieces still to review (each product once, in the order's order). */
export async function askOf(tx: ShopperTx, orderId: string) {
  const [buyer] = await tx
    .select({ email: users.email, firstName: sql<string>`coalesce(${profiles.firstName}, ${users.name})`, orderNumber: orders.orderNumber })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(orders.id, orderId));
  if (!buyer) return undefined;
  const lines = await tx
    .selectDistinctOn([orderItems.productId], { productId: orderItems.productId, name: orderItems.name, id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.orderId, orderId), STILL_REVIEWABLE))
    .orderBy(orderItems.productId, orderItems.id);
  return { ...buyer, pieces: lines.sort((a, b) => a.id - b.id).map((l) => l.name) };
}

/** The order marked asked; false when it was already (another app server's pass got there first: its insert waits for that one's commit). */
export async function markAsked(tx: ShopperTx, orderId: string, at: Date): Promise<boolean> {
  const [made] = await tx.insert(reviewAsks).values({ orderId, askedAt: at }).onConflictDoNothing().returning({ orderId: reviewAsks.orderId });
  return made !== undefined;
}
