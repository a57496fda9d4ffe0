/** The messages sent about orders: each recorded once per order, step and channel. */
import { asc, eq } from 'drizzle-orm';
import { orderMessages } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';

export type Channel = (typeof orderMessages.$inferInsert)['channel'];

/** Records the message; false when this step was told on this channel already (nothing is written). */
export async function recordOnce(tx: Pick<Db, 'insert'>, message: { orderId: string; step: string; channel: Channel; summary: string; details?: unknown }): Promise<boolean> {
  const rows = await tx.insert(orderMessages).values(message).onConflictDoNothing().returning({ id: orderMessages.id });
  return rows.length > 0;
}

export const messagesOf = (db: Pick<Db, 'select'>, orderId: string) =>
  db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId)).orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));
