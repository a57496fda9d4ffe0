/**
 * Cancelling before dispatch (issue 17), whoever asks: the shopper from /orders or the owner from
 * the admin. The order, its stock and the refund owed change in one transaction with the buyer's
 * mail (orders.cancel); the refund goes to the provider just after, through the same path as every
 * other refund (refunds.ts: idempotent by payment, retried by the reconcile step, left to the owner
 * when the provider keeps refusing). A refund not yet made is never shown as made.
 */
import type { ShopperLimits } from '../limits/shopper-limits.ts';
import type { Outbox } from '../mail/mail.service.ts';
import { cancelledMail } from '../orders/orders.mails.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { Refunds } from './refunds.ts';

export interface Canceller {
  userId: string;
  email: string;
  owner: boolean;
}

/** What must happen before an order is cancelled elsewhere: its parcel's booking cancelled with the courier (modules/shipping). */
export type BeforeCancel = (orderId: string, who: Canceller) => Promise<void>;

export function createCancellation(orders: OrdersService, refunds: Refunds, outbox: Outbox, limits: Pick<ShopperLimits, 'codCancelled'>, beforeCancel: BeforeCancel = async () => {}) {
  return async function cancel(orderId: string, who: Canceller, reason: string, from?: string) {
    await beforeCancel(orderId, who);
    let mailed = false;
    let cancelledNow = false;
    const { order, refundPaymentId } = await orders.cancel(
      orderId,
      who,
      reason,
      async (tx, cancelled) => {
        cancelledNow = true;
        if (!cancelled.buyer) return;
        await outbox.send(tx, cancelledMail({ ...cancelled, buyer: cancelled.buyer }, reason, who.owner));
        mailed = true;
      },
      from,
    );
    if (mailed) outbox.nudge();
    if (refundPaymentId) await refunds.refund(refundPaymentId);
    // A shopper's own Cash on Delivery cancel counts towards pausing COD for them (issue 53).
    if (cancelledNow && !who.owner && order.paymentMethod === 'cod') await limits.codCancelled(who.userId);
    return order;
  };
}

export type Cancel = ReturnType<typeof createCancellation>;
