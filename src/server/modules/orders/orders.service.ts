/**
 * Orders: the shopper's own list (spec §2 Orders), and the steps an order goes through, each a
 * function of its own: placed (orders.place.ts: waiting for payment, or Cash on Delivery), then
 * settled, cancelled or lapsed (orders.settle.ts), each in one transaction with the order locked;
 * what it means besides (the cart's lines leaving, the mail) runs inside the same transaction.
 */
import type { OrderRefund } from '../../../shared/cancel.ts';
import type { Order, OrderDocument, OrderLine } from '../../../shared/orders.ts';
import type { ParcelTracking } from '../../../shared/parcels.ts';
import { shownStatus } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { asShopper } from '../../db/shopper.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { StockService } from '../stock/stock.service.ts';
import { documentsOf } from '../invoices/invoices.service.ts';
import { beginOrder, placeCodOrder, type CodPlacement, type OnPaidByCredit, type OrderParts, type StockSettings } from './orders.place.ts';
import { createOfferUses } from '../offers/offers.service.ts';
import { createStoreCredit } from '../store-credit/store-credit.service.ts';
import * as q from './orders.queries.ts';
import { ORDER_NOT_FOUND, type PaidOrder, type RefundDue, type Settlement } from './orders.shapes.ts';
import { cancelOrder, expireOrder, settleOrder, type CancelRequest, type OnCancelled } from './orders.settle.ts';

export * from './orders.shapes.ts';
export type { StockSettings };

/** The most orders the list shows at once. */
export const ORDERS_SHOWN = 50;

/** The refund of a cancelled order's own payment, from its payment issues, if there is one. */
export function refundOf(issues: q.IssueRow[]): OrderRefund | null {
  const mine = issues.find((i) => i.kind === 'order_refund');
  return mine ? { amount: mine.amount ?? 0, status: mine.refundStatus === 'not_ours' ? 'failed' : mine.refundStatus, refundId: mine.refundId } : null;
}

export function asOrder(row: q.OrderRow, lines: q.LineRow[], issues: q.IssueRow[] = [], documents: OrderDocument[] = [], parcel: ParcelTracking | null = null): Order {
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
      ...(row.discount > 0 && { discount: row.discount }),
      ...(row.shippingDiscount > 0 && { shippingDiscount: row.shippingDiscount }),
    },
    offers: row.offers ?? [],
    creditUsed: row.creditUsed,
    address: row.addressJson,
    items: lines.map(({ productId, name, size, unitPrice, quantity, lineTotal, discount }): OrderLine => ({ productId, name, size, unitPrice, quantity, lineTotal, ...(discount > 0 && { discount }) })),
    trackingNumber: row.trackingNumber,
    refund: refundOf(issues),
    documents: documents.map(({ kind, number }) => ({ kind, number })),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    parcel,
  };
}

/** The parcels of orders, read in the shopper's transaction (the shipping module's, handed in by compose.ts). */
export type ParcelsOf = (tx: q.Tx, orders: { id: string; deliveredAt: Date | null }[]) => Promise<Map<string, ParcelTracking>>;
const noParcels: ParcelsOf = async () => new Map();

/** The shopper's latest orders, newest first, each whole (lines, refund, documents), in one shopper transaction. */
export function listOrders(db: Db, userId: string, parcelsOf: ParcelsOf = noParcels): Promise<Order[]> {
  return asShopper(db, userId, async (tx) => {
    const rows = await q.ownOrders(tx, userId, ORDERS_SHOWN);
    const ids = rows.map((r) => r.id);
    const [lines, issues, documents, parcels] = [await q.linesOf(tx, ids), await q.issuesOfOrders(tx, ids), await documentsOf(tx, ids), await parcelsOf(tx, rows)];
    const of = <T extends { orderId: string }>(xs: T[], id: string) => xs.filter((x) => x.orderId === id);
    return rows.map((r) => asOrder(r, of(lines, r.id), of(issues, r.id), of(documents, r.id), parcels.get(r.id) ?? null));
  });
}

/** One of the shopper's own orders as the list shows it (another's is not found). */
export function oneOrder(db: Db, userId: string, orderId: string, parcelsOf: ParcelsOf = noParcels): Promise<Order> {
  return asShopper(db, userId, async (tx) => {
    const row = await q.ownOrder(tx, userId, orderId);
    if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
    const parcel = (await parcelsOf(tx, [row])).get(row.id) ?? null;
    return asOrder(row, await q.linesOf(tx, [row.id]), await q.issuesOfOrders(tx, [row.id]), await documentsOf(tx, [row.id]), parcel);
  });
}

export function createOrdersService(db: Db, stock: StockService, parcelsOf: ParcelsOf = noParcels, credit: OrderParts['credit'] = createStoreCredit(db), offers: OrderParts['offers'] = createOfferUses()) {
  const parts: OrderParts = { stock, credit, offers };
  return {
    list: (userId: string) => listOrders(db, userId, parcelsOf),
    one: (userId: string, orderId: string) => oneOrder(db, userId, orderId, parcelsOf),
    /** The pending order for this purchase, placed with the checkout quote's stock settings (orders.place.ts). */
    begin: (userId: string, order: q.NewOrder, lines: q.NewLine[], settings: StockSettings, onPaidByCredit: OnPaidByCredit = async () => {}) =>
      beginOrder(db, parts, userId, order, lines, settings, onPaidByCredit),
    /** A Cash on Delivery order, placed at once (orders.place.ts). */
    placeCod: (userId: string, order: q.NewOrder & { placementKey: string }, lines: q.NewLine[], placement: CodPlacement) => placeCodOrder(db, parts, userId, order, lines, placement),

    /** The order one press of Place order made, if any. */
    placedBy: (userId: string, placementKey: string) => asShopper(db, userId, (tx) => q.byPlacementKey(tx, userId, placementKey)),

    /** What the shopper's unpaid orders hold (a new checkout of theirs may take it over). */
    heldBy: (userId: string) => asShopper(db, userId, (tx) => q.unpaidHolds(tx, userId)),

    /** The shopper's Cash on Delivery orders still to be paid at the door. */
    openCod: (userId: string) => asShopper(db, userId, (tx) => q.openCod(tx, userId)),

    /** Records the provider's order for ours, unless a racing request recorded its own: answers the one kept. */
    offered: (orderId: string, providerOrderId: string) => q.setProviderOrder(db, orderId, providerOrderId),

    /** One of the shopper's own orders, or undefined (another's is invisible). */
    own: (userId: string, orderId: string) => asShopper(db, userId, (tx) => q.ownOrder(tx, userId, orderId)),

    /** Settles a payment once (orders.settle.ts). */
    settle: (
      providerOrderId: string,
      paymentId: string,
      amount: number | null,
      onPaid: (tx: q.Tx, paid: PaidOrder) => Promise<void>,
      onRefundDue: (tx: q.Tx, due: RefundDue) => Promise<void> = async () => {},
    ): Promise<Settlement> => settleOrder(db, stock, { providerOrderId, paymentId, amount }, onPaid, onRefundDue),

    /** Cancels an order not yet shipped (orders.settle.ts); `from`, when the owner saw a status, must still be it. */
    cancel: (orderId: string, who: CancelRequest['who'], reason: string, onCancelled: OnCancelled, from?: string) =>
      cancelOrder(db, parts, { orderId, who, reason, from }, onCancelled),

    /** Pending orders offered for payment between `fromSeconds` and `toSeconds` ago (the reconcile step's work). */
    pendingOffered: (fromSeconds: number, toSeconds: number, limit = 100) => q.pendingOffered(db, fromSeconds, toSeconds, limit),

    /** Pending orders whose payment window closed `minutes` ago or more. */
    pendingPastWindow: (minutes: number, limit = 100) => q.pendingOlderThan(db, minutes, limit),

    /** Marks a still-unpaid order expired and gives its pieces back (orders.settle.ts); whether this call did. */
    expire: (orderId: string, by?: string) => expireOrder(db, parts, orderId, by),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
