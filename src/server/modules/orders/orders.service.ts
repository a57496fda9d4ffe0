/**
 * Orders: the shopper's own list (spec §2 Orders), and the one step that settles a payment
 * (design.md Payments), whoever brings it: the browser's confirmation, the webhook or the
 * reconcile step. It runs in one transaction with the order locked, so the same payment arriving
 * twice, or at once from two tabs and the webhook, changes the order once; what paying means
 * besides (the cart's lines leaving, the mail) runs inside the same transaction.
 */
import { tooManyUnpaid } from '../../../shared/checkout.contract.ts';
import { codTooMany } from '../../../shared/cod.ts';
import { canCancel, CANCEL_TOO_LATE, type OrderRefund } from '../../../shared/cancel.ts';
import type { Order, OrderDocument, OrderLine } from '../../../shared/orders.ts';
import { MAX_UNPAID_ORDERS, ORDER_STATUS_LABELS, shownStatus } from '../../../shared/orders.ts';
import { DEFAULT_PRICING, type PricingSettings } from '../../../shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { asShopper, asServerFrom } from '../../db/shopper.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { StockService } from '../stock/stock.service.ts';
import { documentsOf } from '../invoices/invoices.service.ts';
import * as q from './orders.queries.ts';

export const ORDER_NOT_FOUND = 'Order not found.';

/** An order as stored, for the modules that take an order's steps with this one (checkout, payments). */
export type OrderRow = q.OrderRow;

/** What the owner hears when the order moved on since they looked. */
export const movedOn = (now: string, saw: string) =>
  `This order is ${ORDER_STATUS_LABELS[shownStatus(now)].toLowerCase()} now, not ${ORDER_STATUS_LABELS[shownStatus(saw)].toLowerCase()}. Look again before changing it.`;

/** The most orders the list shows at once. */
export const ORDERS_SHOWN = 50;

/** The refund of a cancelled order's own payment, from its payment issues, if there is one. */
export function refundOf(issues: q.IssueRow[]): OrderRefund | null {
  const mine = issues.find((i) => i.kind === 'order_refund');
  return mine ? { amount: mine.amount ?? 0, status: mine.refundStatus === 'not_ours' ? 'failed' : mine.refundStatus, refundId: mine.refundId } : null;
}

export function asOrder(row: q.OrderRow, lines: q.LineRow[], issues: q.IssueRow[] = [], documents: OrderDocument[] = []): Order {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: shownStatus(row.status),
    paymentStatus: row.paymentStatus,
    paymentId: row.paymentId,
    paymentMethod: row.paymentMethod,
    amounts: {
      subtotal: row.subtotal,
      gstAmount: row.gstAmount,
      shippingCharges: row.shippingCharges,
      total: row.total,
      gstRateBp: row.gstRateBp,
      gstIncluded: row.pricesIncludeGst,
      ...(row.gstByRate && { gstByRate: row.gstByRate }),
      ...(row.paymentMethod === 'cod' && { codFee: row.codFee }),
    },
    address: row.addressJson,
    items: lines.map(({ productId, name, size, unitPrice, quantity, lineTotal }): OrderLine => ({ productId, name, size, unitPrice, quantity, lineTotal })),
    trackingNumber: row.trackingNumber,
    refund: refundOf(issues),
    documents: documents.map(({ kind, number }) => ({ kind, number })),
  };
}

/** An order's lines as the stock takes them. */
const piecesOf = (lines: q.NewLine[]) =>
  lines.flatMap((l) => (l.productId == null || l.size == null ? [] : [{ productId: l.productId, size: l.size, quantity: l.quantity, name: l.name }]));

export type Settlement =
  | { outcome: 'paid'; order: q.OrderRow }
  | { outcome: 'already'; order: q.OrderRow }
  /** Paid already, by another payment: the order stays as it is; the second payment is recorded, to be refunded. */
  | { outcome: 'other-payment'; order: q.OrderRow }
  /** Cancelled or expired: never revived; the payment is recorded, to be refunded (docs/decisions/0016). */
  | { outcome: 'not-payable'; order: q.OrderRow }
  /** The payment already paid another order: recorded for the owner, nothing else changes. */
  | { outcome: 'payment-reused'; order: q.OrderRow }
  | { outcome: 'unknown-order' }
  | { outcome: 'amount-mismatch'; order: q.OrderRow };

/** Who the order history names for the steps the shop takes itself. */
export const SYSTEM_STEP = 'the shop (payment window closed)';
export const LATE_STEP = 'the shop (paid after its window, pieces still there)';
export const ABANDON_STEP = 'the shopper (closed the payment)';

export interface RefundDue {
  order: q.OrderRow;
  paymentId: string;
  kind: q.NewIssue['kind'];
  amount: number | null;
  buyer: { email: string; firstName: string } | undefined;
}

export interface PaidOrder {
  order: q.OrderRow;
  lines: q.LineRow[];
  buyer: { email: string; firstName: string } | undefined;
}

/** The owner's stock settings an order is placed with (src/shared/pricing.ts). */
export type StockSettings = () => Promise<Pick<PricingSettings, 'reservationMinutes' | 'lowStockThreshold'>>;

export function createOrdersService(db: Db, stock: StockService, stockSettings: StockSettings = async () => DEFAULT_PRICING) {
  return {
    async list(userId: string): Promise<Order[]> {
      return asShopper(db, userId, async (tx) => {
        const rows = await q.ownOrders(tx, userId, ORDERS_SHOWN);
        const ids = rows.map((r) => r.id);
        const [lines, issues, documents] = [await q.linesOf(tx, ids), await q.issuesOfOrders(tx, ids), await documentsOf(tx, ids)];
        const of = <T extends { orderId: string }>(xs: T[], id: string) => xs.filter((x) => x.orderId === id);
        return rows.map((r) => asOrder(r, of(lines, r.id), of(issues, r.id), of(documents, r.id)));
      });
    },

    /** One of the shopper's own orders as the list shows it (another's is not found). */
    async one(userId: string, orderId: string): Promise<Order> {
      return asShopper(db, userId, async (tx) => {
        const row = await q.ownOrder(tx, userId, orderId);
        if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
        return asOrder(row, await q.linesOf(tx, [row.id]), await q.issuesOfOrders(tx, [row.id]), await documentsOf(tx, [row.id]));
      });
    },

    /**
     * The pending order for this purchase: the one already waiting for it (however many Pay presses
     * race: they take turns), or a new one with its lines, written in the shopper's transaction
     * (migration 0010 allows no more); refused when the shopper has too many waiting already.
     */
    async begin(userId: string, order: q.NewOrder, lines: q.NewLine[]): Promise<{ order: q.OrderRow; reused: boolean }> {
      // Read before the transaction: a read beside it would wait for it on the embedded database.
      // The low-stock mark read here too, for the labels the reservation moves: should the owner
      // move it at this moment, the labels are set again from every count when the setting is saved.
      const { reservationMinutes: minutes, lowStockThreshold } = await stockSettings();
      return asShopper(db, userId, async (tx) => {
        await q.takeCheckoutTurn(tx, userId);
        const twin = await q.pendingTwin(tx, userId, order.checkoutFingerprint);
        if (twin) return { order: twin, reused: true };
        if ((await q.openUnpaid(tx, userId)) >= MAX_UNPAID_ORDERS) throw new AppError(429, 'too_many_unpaid', tooManyUnpaid(minutes));
        const made = await q.insertOrder(tx, order, lines);
        // Its pieces leave the stock in the same transaction, all or none (a refusal writes no order).
        await stock.reserve(await asServerFrom(tx), made.id, { pieces: piecesOf(lines), lowStockThreshold });
        return { order: made, reused: false };
      });
    },

    /**
     * A Cash on Delivery order (issue 17), in one shopper transaction: the order (as the shopper, as
     * row-level security allows), then as the server its pieces taken and sold, processing at once,
     * and `onPlaced` (the cart's lines, the mail). The same press again finds the order it made.
     */
    async placeCod(
      userId: string,
      order: q.NewOrder & { placementKey: string },
      lines: q.NewLine[],
      { openLimit, onPlaced }: { openLimit: number; onPlaced: (tx: q.Tx, placed: PaidOrder) => Promise<void> },
    ): Promise<{ order: q.OrderRow; placed: boolean }> {
      const { lowStockThreshold } = await stockSettings();
      return asShopper(db, userId, async (tx) => {
        await q.takeCheckoutTurn(tx, userId);
        const same = await q.byPlacementKey(tx, userId, order.placementKey);
        if (same) return { order: same, placed: false };
        const open = await q.openCod(tx, userId);
        if (open >= openLimit) throw new AppError(409, 'cod_limit', codTooMany(open));
        const made = await q.insertOrder(tx, order, lines);
        const server = await asServerFrom(tx);
        await stock.reserve(server, made.id, { pieces: piecesOf(lines), lowStockThreshold });
        await stock.sold(server, made.id);
        const placed = await q.confirmCod(server, made.id);
        await onPlaced(server, { order: placed, lines: await q.linesOf(server, [made.id]), buyer: await q.buyerOf(server, userId) });
        return { order: placed, placed: true };
      });
    },

    /** The order one press of Place order made, if any. */
    placedBy: (userId: string, placementKey: string) => asShopper(db, userId, (tx) => q.byPlacementKey(tx, userId, placementKey)),

    /** The shopper's Cash on Delivery orders still to be paid at the door. */
    openCod: (userId: string) => asShopper(db, userId, (tx) => q.openCod(tx, userId)),

    /** Records the provider's order for ours, unless a racing request recorded its own: answers the one kept. */
    offered: (orderId: string, providerOrderId: string) => q.setProviderOrder(db, orderId, providerOrderId),

    /** One of the shopper's own orders, or undefined (another's is invisible). */
    own: (userId: string, orderId: string) => asShopper(db, userId, (tx) => q.ownOrder(tx, userId, orderId)),

    /**
     * Marks the order of `providerOrderId` paid by `paymentId`, once. `amount`, when the provider
     * said it (a webhook, the reconcile step), must be the order's total. `onPaid` runs inside the
     * same transaction, as the server, only when this call is the one that paid it.
     */
    settle(
      providerOrderId: string,
      paymentId: string,
      amount: number | null,
      onPaid: (tx: q.Tx, paid: PaidOrder) => Promise<void>,
      /** Runs in the same transaction when this call is the one that recorded money to give back. */
      onRefundDue: (tx: q.Tx, due: RefundDue) => Promise<void> = async () => {},
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
        const late =
          order.status === 'expired' && order.stockState === 'released' && amount === order.total && !(await q.paidWith(tx, paymentId, order.id)) && (await stock.retake(tx, order.id));
        if (late) await q.revive(tx, order.id, LATE_STEP);
        // A cancelled order, or an expired one whose pieces are gone, takes no payment: the money goes back.
        else if (order.status !== 'pending') {
          await issue(order.status === 'expired' ? 'order_expired' : 'order_cancelled');
          return { outcome: 'not-payable', order };
        }
        if (amount !== null && amount !== order.total) return { outcome: 'amount-mismatch', order };
        if (await q.paidWith(tx, paymentId, order.id)) {
          await issue('payment_reused');
          return { outcome: 'payment-reused', order };
        }
        const paid = (await q.markPaid(tx, order.id, paymentId))!;
        await stock.sold(tx, order.id);
        await onPaid(tx, { order: paid, lines: await q.linesOf(tx, [order.id]), buyer: await q.buyerOf(tx, order.userId) });
        return { outcome: 'paid', order: paid };
      });
    },

    /**
     * Cancels an order not yet shipped (issue 17), as its shopper or the owner, in one transaction:
     * its pieces back on sale (held or sold), and a paid online order's payment recorded as owed back
     * (the caller refunds it through the provider just after; the reconcile step tries again until it
     * is made). Safe to repeat: a cancelled order stays as it is. `from`, when the owner saw a status,
     * must still be it. Another shopper's order is not found.
     */
    async cancel(
      orderId: string,
      who: { userId: string; email: string; owner: boolean },
      reason: string,
      onCancelled: (tx: q.Tx, cancelled: PaidOrder & { refund: number | null }) => Promise<void>,
      from?: string,
    ): Promise<{ order: q.OrderRow; refundPaymentId: string | null }> {
      return db.transaction(async (tx) => {
        const order = await q.lockOrder(tx, orderId);
        if (!order || (!who.owner && order.userId !== who.userId)) throw new NotFoundError(ORDER_NOT_FOUND);
        if (order.status === 'cancelled') return { order, refundPaymentId: null };
        if (from !== undefined && from !== order.status) throw new AppError(409, 'order_moved_on', movedOn(order.status, from));
        if (!canCancel(shownStatus(order.status))) throw new AppError(409, 'too_late', CANCEL_TOO_LATE);
        await q.markCancelled(tx, order, who, reason);
        if (!(await stock.release(tx, order.id))) await stock.putBack(tx, order.id);
        const refunded = order.paymentStatus === 'paid' && order.paymentMethod === 'online' && order.paymentId !== null;
        if (refunded) await q.recordIssue(tx, { orderId: order.id, paymentId: order.paymentId!, kind: 'order_refund', amount: order.total, refundStatus: 'due' });
        const cancelled = { ...order, status: 'cancelled' as const };
        await onCancelled(tx, { order: cancelled, lines: await q.linesOf(tx, [order.id]), buyer: await q.buyerOf(tx, order.userId), refund: refunded ? order.total : null });
        return { order: cancelled, refundPaymentId: refunded ? order.paymentId : null };
      });
    },

    /** Pending orders offered for payment between `fromSeconds` and `toSeconds` ago (the reconcile step's work). */
    pendingOffered: (fromSeconds: number, toSeconds: number, limit = 100) => q.pendingOffered(db, fromSeconds, toSeconds, limit),

    /** Pending orders whose payment window closed `minutes` ago or more. */
    pendingPastWindow: (minutes: number, limit = 100) => q.pendingOlderThan(db, minutes, limit),

    /**
     * Marks a still-unpaid order expired (locked, from pending only) and gives its pieces back;
     * whether this call did. `by` is the window closing, or the shopper closing the payment.
     */
    expire: (orderId: string, by: string = SYSTEM_STEP) =>
      db.transaction(async (tx) => {
        if (!(await q.expire(tx, orderId, by))) return false;
        await stock.release(tx, orderId);
        return true;
      }),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
