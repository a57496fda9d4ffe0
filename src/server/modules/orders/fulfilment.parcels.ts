/** What the parcels (modules/shipping) read of an order, through the fulfilment service. */
import type { Db } from '../../db/client.ts';
import * as q from './fulfilment.queries.ts';
import { buyerOf, isOffered, type Tx } from './orders.queries.ts';
import { chargedOf } from '../../../shared/store-credit.ts';

/** The order the courier is told of when it is booked, its lines and its buyer's e-mail; none for an order never offered for payment. */
export async function parcelSource(db: Db, id: string) {
  const row = await q.orderWithCustomer(db, id);
  if (!row || !isOffered(row.order)) return undefined;
  return { order: row.order, email: row.email, lines: await q.linesOfOrder(db, id) };
}

/** What a parcel message says of the order: its number, its buyer, what is left to pay at the door, a refund owed. */
export async function messageFacts(tx: Tx, id: string) {
  const row = await q.orderWithCustomer(tx, id);
  const buyer = row ? await buyerOf(tx, row.order.userId) : undefined;
  if (!row || !buyer) return null;
  const refund = (await q.issuesOf(tx, id)).find((i) => i.kind === 'order_refund');
  const { order } = row;
  return {
    orderNumber: order.orderNumber,
    pincode: order.addressJson.pincode,
    buyer,
    /** The delivery's phone, for WhatsApp or SMS, when the buyer asked for them. */
    chatPhone: buyer.orderUpdates ? order.addressJson.phone : null,
    toPay: order.paymentMethod === 'cod' && !order.paidAt ? order.total : 0,
    refund: refund ? (refund.amount ?? chargedOf(order)) : null,
    /** Store credit the order used: back to the shopper when it comes back undelivered (issue 49). */
    creditUsed: order.creditUsed,
  };
}
