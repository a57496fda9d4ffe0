/**
 * Orders: the shopper's own list (spec §2 Orders), and the one step that settles a payment
 * (design.md Payments), whoever brings it: the browser's confirmation, the webhook or the
 * reconcile step. It runs in one transaction with the order locked, so the same payment arriving
 * twice, or at once from two tabs and the webhook, changes the order once; what paying means
 * besides (the cart's lines leaving, the mail) runs inside the same transaction.
 */
import type { Order, OrderLine } from '../../../shared/orders.ts';
import { shownStatus } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { asShopper } from '../../db/shopper.ts';
import * as q from './orders.queries.ts';

/** The most orders the list shows at once. */
export const ORDERS_SHOWN = 50;

export function asOrder(row: q.OrderRow, lines: q.LineRow[]): Order {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: shownStatus(row.status),
    paymentStatus: row.paymentStatus,
    paymentId: row.paymentId,
    amounts: {
      subtotal: row.subtotal,
      gstAmount: row.gstAmount,
      shippingCharges: row.shippingCharges,
      total: row.total,
      gstRateBp: row.gstRateBp,
      gstIncluded: row.pricesIncludeGst,
    },
    address: row.addressJson,
    items: lines.map(({ productId, name, unitPrice, quantity, lineTotal }): OrderLine => ({ productId, name, unitPrice, quantity, lineTotal })),
    trackingNumber: row.trackingNumber,
  };
}

export type Settlement =
  | { outcome: 'paid'; order: q.OrderRow }
  | { outcome: 'already'; order: q.OrderRow }
  /** Paid already, by another payment: nothing changes (Razorpay refuses or refunds a second one). */
  | { outcome: 'other-payment'; order: q.OrderRow }
  | { outcome: 'unknown-order' }
  | { outcome: 'amount-mismatch'; order: q.OrderRow };

export interface PaidOrder {
  order: q.OrderRow;
  lines: q.LineRow[];
  buyer: { email: string; firstName: string } | undefined;
}

export function createOrdersService(db: Db) {
  return {
    async list(userId: string): Promise<Order[]> {
      return asShopper(db, userId, async (tx) => {
        const rows = await q.ownOrders(tx, userId, ORDERS_SHOWN);
        const lines = await q.linesOf(tx, rows.map((r) => r.id));
        return rows.map((r) => asOrder(r, lines.filter((l) => l.orderId === r.id)));
      });
    },

    /** A new pending order with its lines, written in the shopper's transaction (migration 0010 allows no more). */
    create: (userId: string, order: q.NewOrder, lines: q.NewLine[]) => asShopper(db, userId, (tx) => q.insertOrder(tx, order, lines)),

    /** The shopper's pending order for the very same purchase, if one was offered for payment in the last half hour. */
    pendingTwin: (userId: string, fingerprint: string) => asShopper(db, userId, (tx) => q.pendingTwin(tx, userId, fingerprint)),

    /** Records the provider's order for ours (as the server: the shopper may not update orders). */
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
    ): Promise<Settlement> {
      return db.transaction(async (tx): Promise<Settlement> => {
        const order = await q.lockByProviderOrder(tx, providerOrderId);
        if (!order) return { outcome: 'unknown-order' };
        if (order.paymentStatus === 'paid') return { outcome: order.paymentId === paymentId ? 'already' : 'other-payment', order };
        if (amount !== null && amount !== order.total) return { outcome: 'amount-mismatch', order };
        const paid = await q.markPaid(tx, order.id, paymentId);
        await onPaid(tx, { order: paid, lines: await q.linesOf(tx, [order.id]), buyer: await q.buyerOf(tx, order.userId) });
        return { outcome: 'paid', order: paid };
      });
    },

    /** Pending orders offered for payment between `fromSeconds` and `toSeconds` ago (the reconcile step's work). */
    pendingOffered: (fromSeconds: number, toSeconds: number, limit = 100) => q.pendingOffered(db, fromSeconds, toSeconds, limit),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
