/**
 * What settles orders whose browser never came back (design.md Payments): Razorpay's signed
 * webhook (raw body checked before it is parsed, each event once) and a reconcile step that asks
 * Razorpay about orders left pending. Both go through the same idempotent settlement as the
 * browser's confirmation. `payment.failed` is recorded and never cancels: Razorpay may capture
 * after a failure. The reconcile step also expires orders whose payment window has closed, and
 * tries again the refunds still owed (docs/decisions/0016).
 */
import { chargedOf } from '../../../shared/store-credit.ts';
import { storable } from '../../db/storable-json.ts';
import type { Db } from '../../db/client.ts';
import { isDataRefusal } from '../../db/pg-error.ts';
import { AppError } from '../../http/errors.ts';
import type { ShopperLimits } from '../limits/shopper-limits.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { forgetEvent, recordEvent } from './payments.queries.ts';
import type { PaymentProvider } from './provider.ts';
import type { Refunds } from './refunds.ts';
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

/** Razorpay's event ids are short and plain; anything else is no event of theirs to keep. */
const EVENT_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * `reservationMinutes`: the owner's window for an unpaid order (read at each pass: the owner may
 * change it). `limits`: a window left to lapse counts against its shopper as a payment closed
 * unpaid does (issue 53), so holding pieces by never paying is slowed down either way.
 */
export function createPaymentsService(
  db: Db,
  provider: PaymentProvider,
  orders: OrdersService,
  settle: Settle,
  refunds: Refunds,
  reservationMinutes: () => Promise<number>,
  limits: Pick<ShopperLimits, 'paymentAbandoned'>,
) {
  /** The provider's captured payment for the order, in full and in rupees, if it holds one. */
  const captured = async (order: { providerOrderId: string | null; total: number; creditUsed: number }) =>
    order.providerOrderId
      ? (await provider.orderPayments(order.providerOrderId)).find((p) => p.status === 'captured' && p.amount === chargedOf(order) && p.currency === 'INR')
      : undefined;

  /**
   * Expires what waited past its payment window with nothing paid, its pieces back on the shelf;
   * each is asked about once more first (a payment may have been captured just now). Run every
   * minute (boot.ts), so a piece "in someone's cart" is back within a minute of its window.
   */
  async function expireLapsed(paymentWindowMinutes?: number) {
    const minutes = paymentWindowMinutes ?? (await reservationMinutes());
    let settled = 0;
    let expired = 0;
    for (const order of await orders.pendingPastWindow(minutes)) {
      try {
        const paid = await captured(order);
        if (paid) {
          if ((await settle(order.providerOrderId!, paid.id, paid.amount)).outcome === 'paid') settled++;
        } else if (await orders.expire(order.id)) {
          expired++;
          // Only a payment the shopper was offered and left: one the provider never took (it was
          // away) is the shop's doing.
          if (order.providerOrderId) await limits.paymentAbandoned(order.userId);
        }
      } catch (err) {
        console.error(`Reconcile: order ${order.orderNumber}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return { settled, expired };
  }

  return {
    async webhook(rawBody: string, signature: string | undefined, eventId: string | undefined): Promise<{ handled: string }> {
      if (!signature || !provider.verifyWebhook(rawBody, signature)) throw new AppError(400, 'bad_signature', 'The signature does not match.');
      let body: { event?: unknown; payload?: { payment?: { entity?: PaymentEntity } } };
      try {
        body = storable(JSON.parse(rawBody)) as typeof body;
      } catch {
        throw new AppError(400, 'bad_request', 'The body is not JSON.');
      }
      const event = typeof body.event === 'string' ? body.event : 'unknown';
      const payment = body.payload?.payment?.entity ?? {};
      const paymentId = typeof payment.id === 'string' ? payment.id : null;
      const providerOrderId = typeof payment.order_id === 'string' ? payment.order_id : null;
      if (!eventId) throw new AppError(400, 'bad_request', 'The event id is missing.');
      if (!EVENT_ID.test(eventId)) throw new AppError(400, 'bad_request', 'The event id is not one of Razorpay’s.');
      const first = await recordEvent(db, { eventId, provider: provider.mode, event, providerOrderId, paymentId, payload: body });
      if (!first) return { handled: 'duplicate' };
      if (!SETTLING_EVENTS.has(event) || !paymentId || !providerOrderId) return { handled: 'recorded' };
      // The amount is checked against the order's: an event without one (or not in rupees) settles nothing.
      if (typeof payment.amount !== 'number' || payment.currency !== 'INR') return { handled: 'recorded' };
      const amount = payment.amount;
      // Handling failed on our side (the database away): forget the event, so that Razorpay's retry
      // settles it. Refused by the data itself, it would fail the same way for ever: keep it, say so.
      const settled = await settle(providerOrderId, paymentId, amount).catch(async (err: unknown) => {
        if (isDataRefusal(err)) {
          console.error(`Webhook ${eventId}: payment ${paymentId} for ${providerOrderId} was refused by the database (${(err as Error).message}); recorded, not settled`);
          return { outcome: 'refused' as const };
        }
        await forgetEvent(db, eventId).catch(() => {});
        throw err;
      });
      if (settled.outcome === 'amount-mismatch') console.error(`Webhook ${eventId}: payment ${paymentId} of ${amount} does not match order ${settled.order.orderNumber} (${settled.order.total}); not settled`);
      if (settled.outcome === 'payment-reused') console.error(`Webhook ${eventId}: payment ${paymentId} already paid another order; recorded on ${settled.order.orderNumber} for the owner`);
      return { handled: settled.outcome };
    },

    expireLapsed,

    /**
     * Asks the provider about each order left pending in the window and settles those it holds a
     * captured payment for; then expires the lapsed (above), and tries again the refunds still owed.
     */
    async reconcile(window: { from: number; to: number } = RECONCILE_WINDOW, paymentWindowMinutes?: number) {
      let settled = 0;
      const pending = await orders.pendingOffered(window.from, window.to);
      for (const order of pending) {
        try {
          const paid = await captured(order);
          if (paid && (await settle(order.providerOrderId!, paid.id, paid.amount)).outcome === 'paid') settled++;
        } catch (err) {
          console.error(`Reconcile: order ${order.orderNumber}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      const lapsed = await expireLapsed(paymentWindowMinutes);
      const refunded = await refunds.refundDue();
      return { checked: pending.length, settled: settled + lapsed.settled, expired: lapsed.expired, refunded };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
