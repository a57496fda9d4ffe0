/**
 * The order confirmation (spec §2 Order confirmation: 'an email confirmation will follow'), written
 * in the payment's own transaction so that it goes exactly when the order is paid.
 */
import { formatInr } from '../../../shared/money.ts';
import { gstLabel } from '../../../shared/pricing.ts';
import { STORE } from '../../../shared/store.ts';
import { letter } from '../mail/letter.ts';
import type { PaidOrder } from './orders.service.ts';

export function orderConfirmationMail({ order, lines, buyer }: PaidOrder & { buyer: NonNullable<PaidOrder['buyer']> }, ordersUrl: string | null) {
  const a = order.addressJson;
  return letter({
    kind: 'order_confirmation',
    to: buyer.email,
    subject: `Your ${STORE.name} order ${order.orderNumber} is confirmed`,
    greeting: `Hello ${buyer.firstName},`,
    lines: [
      `Thank you for your order. We have received your payment (${order.paymentId}) and are getting your pieces ready.`,
      ...lines.map((l) => `${l.quantity} × ${l.name}: ${formatInr(l.lineTotal)}`),
      `Subtotal ${formatInr(order.subtotal)} · ${gstLabel({ gstRateBp: order.gstRateBp, gstIncluded: order.pricesIncludeGst })} ${formatInr(order.gstAmount)} · Shipping ${order.shippingCharges === 0 ? 'FREE' : formatInr(order.shippingCharges)}`,
      `Total paid: ${formatInr(order.total)}`,
      `Delivering to ${a.name}, ${a.house}, ${a.street}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}.`,
    ],
    ...(ordersUrl && { link: { action: 'See your orders', url: ordersUrl } }),
    after: `Order ${order.orderNumber}. Questions? Write to ${STORE.email} and quote it.`,
  });
}
