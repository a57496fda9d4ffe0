/**
 * Fulfilment: every order for the owner, and the steps design.md allows (NEXT_STATUSES), each one
 * recorded with who and when. A step is taken with the order locked and only from the status the
 * owner saw, so two tabs cannot ship twice or cancel what was just shipped; repeating a step that
 * is already taken changes nothing (a retry is safe).
 */
import { ADMIN_ORDERS_PAGE_SIZE, canMove, type AdminOrder, type AdminOrderPage, type AdminOrdersQuery, type MoveOrder } from '../../../shared/admin-orders.contract.ts';
import { ORDER_STATUS_LABELS, shownStatus, type OrderStatus } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import { OWNER_CANCEL_REASON } from '../../../shared/cancel.ts';
import { documentsOf, type Invoices } from '../invoices/invoices.service.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { Cancel } from '../payments/cancellation.ts';
import type { StockService } from '../stock/stock.service.ts';
import * as q from './fulfilment.queries.ts';
import { messageFacts, parcelSource } from './fulfilment.parcels.ts';
import { createSteps, type StepDeps, type Taken } from './fulfilment.steps.ts';
import { isOffered, type Tx } from './orders.queries.ts';
import { asOrder } from './orders.service.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const SHIPPED_ONLY = 'A tracking number goes with a shipped order.';

const notFound = (): never => {
  throw new NotFoundError(ORDER_NOT_FOUND);
};

export interface Owner {
  id: string;
  email: string;
}

export interface FulfilmentDeps {
  stock: StockService;
  cancel: Cancel;
  invoices: Invoices;
  notifier: Notifier;
  refunds: Pick<Refunds, 'refund'>;
  /** Where the buyer's mails send them: the shop's /orders, none in development without PUBLIC_URL. */
  ordersUrl: string | null;
  credit: StepDeps['credit'];
}

export function createFulfilment(db: Db, { stock, cancel, invoices, notifier, refunds, ordersUrl, credit }: FulfilmentDeps) {
  const { takeStep, afterStep } = createSteps({ stock, invoices, notifier, refunds, ordersUrl, credit });

  async function get(id: string): Promise<AdminOrder> {
    const row = await q.orderWithCustomer(db, id);
    if (!row || !isOffered(row.order)) throw new NotFoundError(ORDER_NOT_FOUND);
    const [lines, history, issues, documents] = await Promise.all([q.linesOfOrder(db, id), q.historyOf(db, id), q.issuesOf(db, id), documentsOf(db, [id])]);
    return {
      ...asOrder(row.order, lines, issues, documents),
      customer: { email: row.email, name: row.name },
      paidAt: row.order.paidAt?.toISOString() ?? null,
      history: history.map((h) => ({
        from: shownStatus(h.fromStatus),
        to: shownStatus(h.toStatus),
        trackingNumber: h.trackingNumber,
        by: h.changedByEmail,
        at: h.changedAt.toISOString(),
      })),
      paymentIssues: issues.map((i) => ({
        paymentId: i.paymentId,
        kind: i.kind,
        amount: i.amount,
        refundStatus: i.refundStatus,
        refundId: i.refundId,
        at: i.createdAt.toISOString(),
      })),
    };
  }

  return {
    async page(query: AdminOrdersQuery): Promise<AdminOrderPage> {
      const { items, total } = await q.orderPage(db, query, ADMIN_ORDERS_PAGE_SIZE);
      return {
        items: items.map((r) => ({ ...r, status: shownStatus(r.status), createdAt: r.createdAt.toISOString() })),
        total,
        page: query.page,
        pageSize: ADMIN_ORDERS_PAGE_SIZE,
      };
    },

    get,

    async move(id: string, step: MoveOrder, by: Owner): Promise<AdminOrder> {
      if (step.trackingNumber && step.to !== 'shipped') throw new AppError(422, 'invalid', SHIPPED_ONLY, { trackingNumber: SHIPPED_ONLY });
      // Cancelling is the shopper's cancel too: stock back, a paid order refunded, the buyer mailed.
      if (step.to === 'cancelled') {
        await cancel(id, { userId: by.id, email: by.email, owner: true }, OWNER_CANCEL_REASON, step.from);
        return get(id);
      }
      const taken = await db.transaction(async (tx) => {
        const current = await q.lockStatus(tx, id);
        if (!current) throw new NotFoundError(ORDER_NOT_FOUND);
        const now = shownStatus(current.status);
        if (now === step.to) return null; // taken already: by this very request's first try, or by another tab
        if (now !== step.from) {
          throw new AppError(409, 'order_moved_on', `This order is ${ORDER_STATUS_LABELS[now].toLowerCase()} now, not ${ORDER_STATUS_LABELS[step.from].toLowerCase()}. Look again before changing it.`);
        }
        if (!canMove(now, step.to, current.paymentMethod)) {
          throw new AppError(409, 'step_not_allowed', `A ${ORDER_STATUS_LABELS[now].toLowerCase()} order cannot be marked ${ORDER_STATUS_LABELS[step.to].toLowerCase()}.`);
        }
        // Shipped with no number typed keeps the one it has (the courier's AWB, once booked).
        return takeStep(tx, id, current, step.to, { id: by.id, email: by.email }, step.to === 'shipped' ? (step.trackingNumber ?? undefined) : undefined);
      });
      await afterStep(taken);
      return get(id);
    },

    /**
     * The courier's scan moves the order (issue 48), in the scan's own transaction: shipped, then
     * delivered or returned, through each step between (a parcel first heard of as delivered is
     * shipped first, so it has its invoice). Never backwards, never from a cancelled order; what the
     * step means besides (invoice, stock, refund, mails) is the owner's step's own. `after` runs
     * once the caller's transaction has committed.
     */
    async courierStepIn(tx: Tx, id: string, to: 'shipped' | 'delivered' | 'returned', by: string, at: Date): Promise<{ moved: boolean; now: OrderStatus; after: () => Promise<void> }> {
      const current = await q.lockStatus(tx, id);
      if (!current) throw new NotFoundError(ORDER_NOT_FOUND);
      const path: Record<typeof to, OrderStatus[]> = { shipped: ['shipped'], delivered: ['shipped', 'delivered'], returned: ['shipped', 'returned'] };
      const taken: Taken[] = [];
      let now = shownStatus(current.status);
      for (const next of path[to]) {
        if (now === next || !canMove(now, next, current.paymentMethod)) continue;
        taken.push(await takeStep(tx, id, { ...current, status: now }, next, { id: null, email: by }, undefined, at));
        now = next;
      }
      return { moved: taken.length > 0, now, after: async () => void (await Promise.all(taken.map(afterStep))) };
    },

    /** What the courier is told of the order when it is booked (fulfilment.parcels.ts). */
    parcelOf: async (id: string) => (await parcelSource(db, id)) ?? notFound(),

    /** The order's status, locked for the caller's transaction (a booking, a scan). */
    lockIn: (tx: Tx, id: string) => q.lockStatus(tx, id),

    /** What a parcel message says of the order (fulfilment.parcels.ts). */
    messageFactsIn: messageFacts,

    /** The courier's AWB becomes the order's tracking number, in the booking's transaction. */
    setTrackingIn: (tx: Tx, id: string, awb: string) => q.setTracking(tx, id, awb),

    /** Gives or corrects a shipped order's tracking number (recorded like a step, status unchanged). */
    async track(id: string, trackingNumber: string | null, by: Owner): Promise<AdminOrder> {
      await db.transaction(async (tx) => {
        const current = await q.lockStatus(tx, id);
        if (!current) throw new NotFoundError(ORDER_NOT_FOUND);
        const now = shownStatus(current.status);
        if (now !== 'shipped' && now !== 'delivered') throw new AppError(409, 'not_shipped', SHIPPED_ONLY);
        if (current.trackingNumber === trackingNumber) return;
        await q.setTracking(tx, id, trackingNumber);
        await q.recordChange(tx, { orderId: id, fromStatus: now, toStatus: now, trackingNumber, changedBy: by.id, changedByEmail: by.email });
      });
      return get(id);
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
