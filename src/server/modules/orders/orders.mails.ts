/**
 * The order confirmation (spec §2 Order confirmation: 'an email confirmation will follow'), written
 * in the payment's own transaction so that it goes exactly when the order is paid.
 */
import { formatInr } from '../../../shared/money.ts';
import { gstLabel } from '../../../shared/pricing.ts';
import { withSize } from '../../../shared/sizes.ts';
import { STORE } from '../../../shared/store.ts';
import { letter } from '../mail/letter.ts';
import type { PaidOrder, RefundDue } from './orders.service.ts';

export function orderConfirmationMail({ order, lines, buyer }: PaidOrder & { buyer: NonNullable<PaidOrder['buyer']> }, ordersUrl: string | null) {
  const a = order.addressJson;
  return letter({
    kind: 'order_confirmation',
    to: buyer.email,
    subject: `Your ${STORE.name} order ${order.orderNumber} is confirmed`,
    greeting: `Hello ${buyer.firstName},`,
    lines: [
      `Thank you for your order. We have received your payment (${order.paymentId}) and are getting your pieces ready.`,
      ...lines.map((l) => `${l.quantity} × ${withSize(l.name, l.size)}: ${formatInr(l.lineTotal)}`),
      `Subtotal ${formatInr(order.subtotal)} · ${gstLabel({ gstRateBp: order.gstRateBp, gstIncluded: order.pricesIncludeGst })} ${formatInr(order.gstAmount)} · Shipping ${order.shippingCharges === 0 ? 'FREE' : formatInr(order.shippingCharges)}`,
      `Total paid: ${formatInr(order.total)}`,
      `Delivering to ${a.name}, ${a.house}, ${a.street}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}.`,
    ],
    ...(ordersUrl && { link: { action: 'See your orders', url: ordersUrl } }),
    after: `Order ${order.orderNumber}. Questions? Write to ${STORE.email} and quote it.`,
  });
}

const WHY: Record<RefundDue['kind'], string> = {
  order_cancelled: 'reached us after the order had been cancelled',
  order_expired: 'reached us after the time to pay for the order had run out, and the pieces it held had sold out since',
  second_payment: 'came after the order had already been paid',
  payment_reused: '',
};

/** Money that came for an order that could not take it is going back: the buyer hears so at once (docs/decisions/0016). */
export function refundMail({ order, paymentId, kind, amount, buyer }: RefundDue & { buyer: NonNullable<RefundDue['buyer']> }) {
  return letter({
    kind: 'payment_refund',
    to: buyer.email,
    subject: `We are refunding your payment for ${STORE.name} order ${order.orderNumber}`,
    greeting: `Hello ${buyer.firstName},`,
    lines: [
      `Your payment ${paymentId}${amount !== null ? ` of ${formatInr(amount)}` : ''} ${WHY[kind]}, so we cannot take it.`,
      'We have asked our payment partner to refund it to you in full. Banks usually show a refund within 5 to 7 working days.',
    ],
    after: `Order ${order.orderNumber}. Questions? Write to ${STORE.email} and quote it.`,
  });
}
