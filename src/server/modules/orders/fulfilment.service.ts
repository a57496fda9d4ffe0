/**
 * Fulfilment: every order for the owner, and the steps design.md allows (NEXT_STATUSES), each one
 * recorded with who and when. A step is taken with the order locked and only from the status the
 * owner saw, so two tabs cannot ship twice or cancel what was just shipped; repeating a step that
 * is already taken changes nothing (a retry is safe).
 */
import { ADMIN_ORDERS_PAGE_SIZE, canMove, type AdminOrder, type AdminOrderPage, type AdminOrdersQuery, type MoveOrder } from '../../../shared/admin-orders.contract.ts';
import { ORDER_STATUS_LABELS, shownStatus } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import { OWNER_CANCEL_REASON } from '../../../shared/cancel.ts';
import { documentsOf, type Invoices } from '../invoices/invoices.service.ts';
import type { Outbox } from '../mail/mail.service.ts';
import type { Cancel } from '../payments/cancellation.ts';
import type { StockService } from '../stock/stock.service.ts';
import * as q from './fulfilment.queries.ts';
import { shippedMail } from './orders.mails.ts';
import { buyerOf, linesOf, type Tx } from './orders.queries.ts';
import { asOrder } from './orders.service.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const SHIPPED_ONLY = 'A tracking number goes with a shipped order.';

export interface Owner {
  id: string;
  email: string;
}

export interface FulfilmentDeps {
  stock: StockService;
  cancel: Cancel;
  invoices: Invoices;
  outbox: Outbox;
  /** Where the buyer's mails send them: the shop's /orders, none in development without PUBLIC_URL. */
  ordersUrl: string | null;
}

export function createFulfilment(db: Db, { stock, cancel, invoices, outbox, ordersUrl }: FulfilmentDeps) {
  /** Shipped: the buyer hears, with the invoice attached, in the step's transaction (issue 18). */
  async function mailShipped(tx: Tx, id: string, invoice: Awaited<ReturnType<Invoices['invoiceIn']>>): Promise<boolean> {
    const row = await q.orderWithCustomer(tx, id);
    const buyer = row?.order.userId ? await buyerOf(tx, row.order.userId) : undefined;
    if (!row || !buyer) return false;
    const lines = await linesOf(tx, [id]);
    await outbox.send(tx, shippedMail({ order: row.order, lines, buyer }, { id: invoice.id, number: invoice.number, registered: invoice.document.registered }, ordersUrl));
    return true;
  }

  async function get(id: string): Promise<AdminOrder> {
    const row = await q.orderWithCustomer(db, id);
    if (!row || (!row.order.providerOrderId && row.order.paymentMethod !== 'cod')) throw new NotFoundError(ORDER_NOT_FOUND);
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
      const mailed = await db.transaction(async (tx) => {
        const current = await q.lockStatus(tx, id);
        if (!current) throw new NotFoundError(ORDER_NOT_FOUND);
        const now = shownStatus(current.status);
        if (now === step.to) return false; // taken already: by this very request's first try, or by another tab
        if (now !== step.from) {
          throw new AppError(409, 'order_moved_on', `This order is ${ORDER_STATUS_LABELS[now].toLowerCase()} now, not ${ORDER_STATUS_LABELS[step.from].toLowerCase()}. Look again before changing it.`);
        }
        if (!canMove(now, step.to, current.paymentMethod)) {
          throw new AppError(409, 'step_not_allowed', `A ${ORDER_STATUS_LABELS[now].toLowerCase()} order cannot be marked ${ORDER_STATUS_LABELS[step.to].toLowerCase()}.`);
        }
        if (step.trackingNumber && step.to !== 'shipped') throw new AppError(422, 'invalid', SHIPPED_ONLY, { trackingNumber: SHIPPED_ONLY });
        const trackingNumber = step.to === 'shipped' ? step.trackingNumber : undefined;
        await q.setStatus(tx, id, step.to, trackingNumber);
        await q.recordChange(tx, { orderId: id, fromStatus: now, toStatus: step.to, trackingNumber: trackingNumber ?? null, changedBy: by.id, changedByEmail: by.email });
        // Shipped, the order has its tax invoice, in this same transaction (issue 18), and the
        // buyer a mail that carries it.
        const shipped = step.to === 'shipped' && (await mailShipped(tx, id, await invoices.invoiceIn(tx, id)));
        // A Cash on Delivery parcel refused at the door and come back: its pieces go back on sale,
        // and a credit note reverses its invoice.
        if (step.to === 'returned') {
          if (!(await stock.release(tx, id))) await stock.putBack(tx, id);
          await invoices.creditNoteIn(tx, id);
        }
        // Cash on Delivery is completed by the cash in hand: the order counts as paid from now.
        if (step.to === 'completed' && current.paymentMethod === 'cod') await q.markCashCollected(tx, id);
        return shipped;
      });
      if (mailed) outbox.nudge();
      return get(id);
    },

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
