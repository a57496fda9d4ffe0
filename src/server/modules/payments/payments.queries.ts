/** The provider's webhook events, each kept once (its event id), so a redelivery changes nothing. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents, paymentIssues } from '../../db/schema/index.ts';

export interface NewEvent {
  eventId: string;
  provider: string;
  event: string;
  providerOrderId: string | null;
  paymentId: string | null;
  payload: unknown;
}

/** Whether this is the event's first delivery. */
export async function recordEvent(db: Db, e: NewEvent): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(e).onConflictDoNothing().returning({ id: paymentEvents.eventId });
  return rows.length > 0;
}

/** Forgets an event whose handling failed, so that Razorpay's retry of it is handled, not skipped. */
export async function forgetEvent(db: Db, eventId: string): Promise<void> {
  await db.delete(paymentEvents).where(eq(paymentEvents.eventId, eventId));
}

/** Refunds still owed, oldest first (the ones the reconcile step tries again). */
export function refundsDue(db: Db, limit: number) {
  return db.select().from(paymentIssues).where(eq(paymentIssues.refundStatus, 'due')).orderBy(asc(paymentIssues.createdAt)).limit(limit);
}

export function issueOf(db: Db, paymentId: string) {
  return db
    .select()
    .from(paymentIssues)
    .where(eq(paymentIssues.paymentId, paymentId))
    .then((rows) => rows[0]);
}

/** What the provider said of a refund (made, or why not yet). */
export async function refundTried(
  db: Db,
  paymentId: string,
  outcome: { refundStatus: 'due' | 'pending' | 'processed' | 'failed'; refundId?: string | null; refundError?: string | null },
): Promise<void> {
  await db
    .update(paymentIssues)
    .set({ ...outcome, refundAttempts: sql`${paymentIssues.refundAttempts} + 1`, updatedAt: sql`now()` })
    .where(eq(paymentIssues.paymentId, paymentId));
}
