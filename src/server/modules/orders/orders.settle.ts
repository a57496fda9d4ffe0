/**
 * What happens to an order after it is placed, each in one transaction with the order locked: the
 * one step that settles a payment (design.md Payments), whoever brings it: the browser's
 * confirmation, the webhook or the reconcile step; cancelling before it ships (issue 17); and a
 * lapsed payment window (issue 16). The same step arriving twice, or at once from two tabs and the
 * webhook, changes the order once.
 */
import { canCancel, CANCEL_TOO_LATE } from '../../../shared/cancel.ts';
import { shownStatus } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { StockService } from '../stock/stock.service.ts';
import { chargedOf } from '../../../shared/store-credit.ts';
import type { OrderParts } from './orders.place.ts';
import * as q from './orders.queries.ts';
import { LATE_STEP, movedOn, ORDER_NOT_FOUND, SYSTEM_STEP, type PaidOrder, type RefundDue, type Settlement } from './orders.shapes.ts';

/**
 * Marks the order of `providerOrderId` paid by `paymentId`, once. `amount`, when the provider
 * said it (a webhook, the reconcile step), must be the order's total. `onPaid` runs inside the
 * same transaction, as the server, only when this call is the one that paid it; `onRefundDue`
 * when this call is the one that recorded money to give back.
 */
export function settleOrder(
  db: Db,
  stock: StockService,
  { providerOrderId, paymentId, amount }: { providerOrderId: string; paymentId: string; amount: number | null },
  onPaid: (tx: q.Tx, paid: PaidOrder) => Promise<void>,
  onRefundDue: (tx: q.Tx, due: RefundDue) => Promise<void>,
): Promise<Settlement> {
  return db.transaction(async (tx): Promise<Settlement> => {
    const order = await q.lockByProviderOrder(tx, providerOrderId);
    if (!order) return { outcome: 'unknown-order' };
    const issue = async (kind: q.NewIssue['kind']) => {
      const ours = kind !== 'payment_reused';
      const first = await q.recordIssue(tx, { orderId: order.id, paymentId, kind, amount, refundStatus: ours ? 'due' : 'not_ours' });
      if (first && ours) await onRefundDue(tx, { order, paymentId, kind, amount, buyer: await q.buyerOf(tx, order.userId) });
    };
    if (order.paymentStatus === 'paid') {
      if (order.paymentId === paymentId) return { outcome: 'already', order };
      await issue('second_payment');
      return { outcome: 'other-payment', order };
    }
    // Money taken (the provider said how much) after the window closed buys the pieces if they
    // are all still there (issue 16): the order waits for payment again, and is paid below.
    // An order part paid with store credit is not revived: its credit went back when it lapsed; nor
    // one priced with an offer, whose use went back too (and may be someone else's now).
    const late =
      order.status === 'expired' &&
      order.stockState === 'released' &&
      order.creditUsed === 0 &&
      order.discount === 0 &&
      order.shippingDiscount === 0 &&
      amount === order.total &&
      !(await q.paidWith(tx, paymentId, order.id)) &&
      (await stock.retake(tx, order.id));
    if (late) await q.revive(tx, order.id, LATE_STEP);
    // A cancelled order, or an expired one whose pieces are gone, takes no payment: the money goes back.
    else if (order.status !== 'pending') {
      await issue(order.status === 'expired' ? 'order_expired' : 'order_cancelled');
      return { outcome: 'not-payable', order };
    }
    if (amount !== null && amount !== chargedOf(order)) return { outcome: 'amount-mismatch', order };
    if (await q.paidWith(tx, paymentId, order.id)) {
      await issue('payment_reused');
      return { outcome: 'payment-reused', order };
    }
    const paid = (await q.markPaid(tx, order.id, paymentId))!;
    await stock.sold(tx, order.id);
    await onPaid(tx, { order: paid, lines: await q.linesOf(tx, [order.id]), buyer: await q.buyerOf(tx, order.userId) });
    return { outcome: 'paid', order: paid };
  });
}

export interface CancelRequest {
  orderId: string;
  who: { userId: string; email: string; owner: boolean };
  reason: string;
  /** The status the owner saw, which must still be the order's. */
  from?: string;
}

/**
 * Cancels an order not yet shipped (issue 17), as its shopper or the owner, in one transaction:
 * its pieces back on sale (held or sold), and a paid online order's payment recorded as owed back
 * (the caller refunds it through the provider just after; the reconcile step tries again until it
 * is made). Safe to repeat: a cancelled order stays as it is. Another shopper's order is not found.
 */
export type OnCancelled = (tx: q.Tx, cancelled: PaidOrder & { refund: number | null; creditBack: number }) => Promise<void>;

export function cancelOrder(db: Db, { stock, credit, offers }: OrderParts, { orderId, who, reason, from }: CancelRequest, onCancelled: OnCancelled): Promise<{ order: q.OrderRow; refundPaymentId: string | null }> {
  return db.transaction(async (tx) => {
    const order = await q.lockOrder(tx, orderId);
    if (!order || (!who.owner && order.userId !== who.userId)) throw new NotFoundError(ORDER_NOT_FOUND);
    if (order.status === 'cancelled') return { order, refundPaymentId: null };
    if (from !== undefined && from !== order.status) throw new AppError(409, 'order_moved_on', movedOn(order.status, from));
    if (!canCancel(shownStatus(order.status))) throw new AppError(409, 'too_late', CANCEL_TOO_LATE);
    await q.markCancelled(tx, order, who, reason);
    if (!(await stock.release(tx, order.id))) await stock.putBack(tx, order.id);
    // What the provider took goes back to the payment; what store credit paid, to the credit.
    const refunded = order.paymentStatus === 'paid' && order.paymentMethod === 'online' && order.paymentId !== null;
    if (refunded) await q.recordIssue(tx, { orderId: order.id, paymentId: order.paymentId!, kind: 'order_refund', amount: chargedOf(order), refundStatus: 'due' });
    const creditBack = await credit.giveBackIn(tx, order.id);
    await offers.giveBackIn(tx, order.id);
    const cancelled = { ...order, status: 'cancelled' as const };
    await onCancelled(tx, { order: cancelled, lines: await q.linesOf(tx, [order.id]), buyer: await q.buyerOf(tx, order.userId), refund: refunded ? chargedOf(order) : null, creditBack });
    return { order: cancelled, refundPaymentId: refunded ? order.paymentId : null };
  });
}

/**
 * Marks a still-unpaid order expired (locked, from pending only) and gives its pieces back;
 * whether this call did. `by` is the window closing, or the shopper closing the payment.
 */
export const expireOrder = (db: Db, { stock, credit, offers }: OrderParts, orderId: string, by: string = SYSTEM_STEP) =>
  db.transaction(async (tx) => {
    if (!(await q.expire(tx, orderId, by))) return false;
    await stock.release(tx, orderId);
    await credit.giveBackIn(tx, orderId);
    await offers.giveBackIn(tx, orderId);
    return true;
  });
