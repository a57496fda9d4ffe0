/** What the order tests share. */
import { and, eq } from 'drizzle-orm';
import { orders } from '../db/schema/index.ts';
import { onSocket } from './raw-http.ts';
import { startRazorpayStandin, type RazorpayStandin } from './razorpay-standin.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A shop paid through the Razorpay stand-in, listening on a real socket for the stand-in's webhooks. */
export interface ShopOnRazorpay {
  t: TestApp;
  standin: RazorpayStandin;
  /** Where Razorpay would send its webhooks. */
  hookUrl: string;
  close(): Promise<void>;
}

export async function startShopOnRazorpay(): Promise<ShopOnRazorpay> {
  const standin = await startRazorpayStandin();
  const t = await createTestApp({ razorpay: { keyId: standin.keyId, keySecret: standin.keySecret, webhookSecret: standin.webhookSecret, apiBase: standin.url } });
  const socket = await onSocket(t.app.fetch);
  return {
    t,
    standin,
    hookUrl: `http://127.0.0.1:${socket.port}/api/payments/razorpay/webhook`,
    async close() {
      await socket.close();
      await t.close();
      await standin.close();
    },
  };
}

/**
 * Lets the orders a test left waiting for payment lapse, as an hour would: the cap on a shopper's
 * unpaid orders (docs/decisions/0016) counts them, and each test starts with none.
 */
export async function lapseUnpaid(t: Pick<TestApp, 'database'>): Promise<void> {
  await t.database.db.update(orders).set({ status: 'expired' }).where(and(eq(orders.status, 'pending'), eq(orders.paymentStatus, 'pending')));
}
