/**
 * What settles orders whose browser never came back (design.md Payments): Razorpay's signed
 * webhook (raw body checked before it is parsed, each event once) and a reconcile step that asks
 * Razorpay about orders left pending. Both go through the same idempotent settlement as the
 * browser's confirmation. `payment.failed` is recorded and never cancels: Razorpay may capture
 * after a failure.
 */
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { forgetEvent, recordEvent } from './payments.queries.ts';
import type { PaymentProvider } from './provider.ts';
import type { Settle } from './settle.ts';

interface PaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  status?: unknown;
  currency?: unknown;
}

const SETTLING_EVENTS = new Set(['order.paid', 'payment.captured']);

/** Reconcile looks at orders offered for payment between these ages (seconds): after the browser had its chance, before Razorpay's 3-day refund. */
export const RECONCILE_WINDOW = { from: 120, to: 3 * 24 * 3600 } as const;

export function createPaymentsService(db: Db, provider: PaymentProvider, orders: OrdersService, settle: Settle) {
  return {
    async webhook(rawBody: string, signature: string | undefined, eventId: string | undefined): Promise<{ handled: string }> {
      if (!signature || !provider.verifyWebhook(rawBody, signature)) throw new AppError(400, 'bad_signature', 'The signature does not match.');
      let body: { event?: unknown; payload?: { payment?: { entity?: PaymentEntity } } };
      try {
        body = JSON.parse(rawBody) as typeof body;
      } catch {
        throw new AppError(400, 'bad_request', 'The body is not JSON.');
      }
      const event = typeof body.event === 'string' ? body.event : 'unknown';
      const payment = body.payload?.payment?.entity ?? {};
      const paymentId = typeof payment.id === 'string' ? payment.id : null;
      const providerOrderId = typeof payment.order_id === 'string' ? payment.order_id : null;
      if (!eventId) throw new AppError(400, 'bad_request', 'The event id is missing.');
      const first = await recordEvent(db, { eventId, provider: provider.mode, event, providerOrderId, paymentId, payload: body });
      if (!first) return { handled: 'duplicate' };
      if (!SETTLING_EVENTS.has(event) || !paymentId || !providerOrderId) return { handled: 'recorded' };
      // The amount is checked against the order's: an event without one (or not in rupees) settles nothing.
      if (typeof payment.amount !== 'number' || payment.currency !== 'INR') return { handled: 'recorded' };
      const amount = payment.amount;
      // Handling failed (the database away): forget the event, so that Razorpay's retry settles it.
      const settled = await settle(providerOrderId, paymentId, amount).catch(async (err: unknown) => {
        await forgetEvent(db, eventId).catch(() => {});
        throw err;
      });
      if (settled.outcome === 'amount-mismatch') console.error(`Webhook ${eventId}: payment ${paymentId} of ${amount} does not match order ${settled.order.orderNumber} (${settled.order.total}); not settled`);
      return { handled: settled.outcome };
    },

    /** Asks the provider about each order left pending in the window; settles those it holds a captured payment for. */
    async reconcile(window: { from: number; to: number } = RECONCILE_WINDOW): Promise<{ checked: number; settled: number }> {
      let settled = 0;
      const pending = await orders.pendingOffered(window.from, window.to);
      for (const order of pending) {
        try {
          const payments = await provider.orderPayments(order.providerOrderId!);
          const captured = payments.find((p) => p.status === 'captured' && p.amount === order.total && p.currency === 'INR');
          if (captured && (await settle(order.providerOrderId!, captured.id, captured.amount)).outcome === 'paid') settled++;
        } catch (err) {
          console.error(`Reconcile: order ${order.orderNumber}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return { checked: pending.length, settled };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
