/** The messages sent about orders: each recorded once per order, step and channel; WhatsApp and SMS queued here until sent. */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderMessages } from '../../db/schema/index.ts';

export type Channel = (typeof orderMessages.$inferInsert)['channel'];
export type MessageRow = typeof orderMessages.$inferSelect;

/** Records the message; false when this step was told on this channel already (nothing is written). */
export async function recordOnce(
  tx: Pick<Db, 'insert'>,
  message: { orderId: string; step: string; channel: Channel; summary: string; details?: unknown; status?: 'queued' | 'sent' },
): Promise<boolean> {
  const rows = await tx.insert(orderMessages).values(message).onConflictDoNothing().returning({ id: orderMessages.id });
  return rows.length > 0;
}

export const messagesOf = (db: Pick<Db, 'select'>, orderId: string) =>
  db.select().from(orderMessages).where(eq(orderMessages.orderId, orderId)).orderBy(asc(orderMessages.createdAt), asc(orderMessages.id));

/**
 * The queued messages due now, claimed: each pushed `leaseSeconds` on, so a second sender (another
 * app server, the next round) passes over it while this one sends. Skips rows another claim holds.
 */
export async function claimDue(db: Db, limit: number, leaseSeconds: number): Promise<MessageRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orderMessages.id })
      .from(orderMessages)
      .where(and(eq(orderMessages.status, 'queued'), lte(orderMessages.sendAfter, sql`now()`)))
      .orderBy(asc(orderMessages.sendAfter))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(orderMessages)
      .set({ sendAfter: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${orderMessages.attempts} + 1` })
      .where(inArray(
        orderMessages.id,
        due.map((d) => d.id),
      ))
      .returning();
  });
}

export async function markSent(db: Db, id: number, providerId: string) {
  await db.update(orderMessages).set({ status: 'sent', providerId, error: null }).where(eq(orderMessages.id, id));
}

/** A try that failed: again after `retryInSeconds`, or given up (null). */
export async function markTried(db: Db, id: number, error: string, retryInSeconds: number | null) {
  await db
    .update(orderMessages)
    .set(retryInSeconds === null ? { status: 'failed', error } : { error, sendAfter: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(eq(orderMessages.id, id));
}
