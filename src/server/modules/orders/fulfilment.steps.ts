/**
 * A fulfilment step's own work (fulfilment.service.ts takes it for the owner, the courier's scans
 * for the parcel): the status and its record, and what the step means besides, in the step's
 * transaction; what waits for the commit (the mail sender's nudge, a refund) after it.
 */
import type { OrderStatus } from '../../../shared/orders.ts';
import type { Invoices } from '../invoices/invoices.service.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { StockService } from '../stock/stock.service.ts';
import type { StoreCreditService } from '../store-credit/store-credit.service.ts';
import { chargedOf } from '../../../shared/store-credit.ts';
import * as q from './fulfilment.queries.ts';
import { shippedMail } from './orders.mails.ts';
import { buyerOf, linesOf, recordIssue, type Tx } from './orders.queries.ts';

export interface Taken {
  orderId: string;
  notified: boolean;
  refundPaymentId: string | null;
}

export interface StepDeps {
  stock: StockService;
  invoices: Invoices;
  notifier: Notifier;
  refunds: Pick<Refunds, 'refund'>;
  ordersUrl: string | null;
  credit: Pick<StoreCreditService, 'giveBackIn'>;
}

export function createSteps({ stock, invoices, notifier, refunds, ordersUrl, credit }: StepDeps) {
  /** Shipped: the buyer hears, with the invoice attached, in the step's transaction (issue 18), once (issue 48). */
  async function mailShipped(tx: Tx, id: string, invoice: Awaited<ReturnType<Invoices['invoiceIn']>>): Promise<boolean> {
    const row = await q.orderWithCustomer(tx, id);
    const buyer = row?.order.userId ? await buyerOf(tx, row.order.userId) : undefined;
    if (!row || !buyer) return false;
    const lines = await linesOf(tx, [id]);
    const mail = shippedMail({ order: row.order, lines, buyer }, { id: invoice.id, number: invoice.number, registered: invoice.document.registered }, ordersUrl);
    const chat = buyer.orderUpdates
      ? { phone: row.order.addressJson.phone, firstName: buyer.firstName, orderNumber: row.order.orderNumber, courierLine: row.order.trackingNumber ? `AWB ${row.order.trackingNumber}` : '', link: ordersUrl ?? '' }
      : null;
    return notifier.tell(tx, { orderId: id, step: 'shipped', mail, chat });
  }

  /**
   * One step, in `tx` with the order locked and the step checked: recorded with who and when, and
   * what it means besides. Shipped: the tax invoice and the buyer's mail (issue 18). Delivered: the
   * time, which the return window counts from. Returned: the pieces back on sale, a credit note,
   * and a paid order's money going back. Completed Cash on Delivery: the cash is in hand.
   */
  async function takeStep(tx: Tx, id: string, current: { status: OrderStatus; paymentMethod: string; paymentStatus: string }, to: OrderStatus, by: { id: string | null; email: string }, trackingNumber?: string | null, at?: Date): Promise<Taken> {
    await q.setStatus(tx, id, to, trackingNumber, to === 'delivered' ? (at ?? new Date()) : undefined);
    await q.recordChange(tx, { orderId: id, fromStatus: current.status, toStatus: to, trackingNumber: trackingNumber ?? null, changedBy: by.id, changedByEmail: by.email });
    const taken: Taken = { orderId: id, notified: false, refundPaymentId: null };
    if (to === 'shipped') taken.notified = await mailShipped(tx, id, await invoices.invoiceIn(tx, id));
    if (to === 'returned') {
      if (!(await stock.release(tx, id))) await stock.putBack(tx, id);
      await invoices.creditNoteIn(tx, id);
      taken.refundPaymentId = await refundReturned(tx, id);
      await credit.giveBackIn(tx, id);
    }
    // Cash on Delivery is completed by the cash in hand: the order counts as paid from now.
    if (to === 'completed' && current.paymentMethod === 'cod') await q.markCashCollected(tx, id);
    return taken;
  }

  /** A paid order come back to the shop: what the provider took is owed back, recorded here and refunded after the commit (store credit goes back to the credit). */
  async function refundReturned(tx: Tx, id: string): Promise<string | null> {
    const row = await q.orderWithCustomer(tx, id);
    const order = row?.order;
    if (!order || order.paymentMethod !== 'online' || order.paymentStatus !== 'paid' || !order.paymentId) return null;
    await recordIssue(tx, { orderId: id, paymentId: order.paymentId, kind: 'order_refund', amount: chargedOf(order), refundStatus: 'due' });
    return order.paymentId;
  }

  async function afterStep(taken: Taken | null) {
    if (!taken) return;
    if (taken.notified) notifier.nudge();
    if (taken.refundPaymentId) await refunds.refund(taken.refundPaymentId);
  }

  return { takeStep, afterStep };
}
