/** The provider's webhook events, each kept once (its event id), so a redelivery changes nothing. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';

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
