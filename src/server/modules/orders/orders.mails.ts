/**
 * The order confirmation (spec §2 Order confirmation: 'an email confirmation will follow'), written
 * in the payment's own transaction so that it goes exactly when the order is paid.
 */
import { cancelMoneyText } from '../../../shared/store-credit.ts';
import { formatInr } from '../../../shared/money.ts';
import { payOnDeliveryText } from '../../../shared/cod.ts';
import { gstText } from '../../../shared/order-price.ts';
import { withSize } from '../../../shared/sizes.ts';
import { STORE } from '../../../shared/store.ts';
import { letter } from '../mail/letter.ts';
import type { PaidOrder, RefundDue } from './orders.service.ts';

type Confirmed = PaidOrder & { buyer: NonNullable<PaidOrder['buyer']> };

/** The confirmation's frame: what was bought, where it goes; `opening` and `closing` say how it is paid. */
function confirmation(kind: string, { order, lines, buyer }: Confirmed, ordersUrl: string | null, opening: string[], closing: string[]) {
  const a = order.addressJson;
  return letter({
    kind,
    to: buyer.email,
    subject: `Your ${STORE.name} order ${order.orderNumber} is confirmed`,
    greeting: `Hello ${buyer.firstName},`,
    lines: [
      ...opening,
      ...lines.map((l) => `${l.quantity} × ${withSize(l.name, l.size)}: ${formatInr(l.lineTotal)}`),
      ...closing,
      `Delivering to ${a.name}, ${a.house}, ${a.street}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}.`,
    ],
    ...(ordersUrl && { link: { action: 'See your orders', url: ordersUrl } }),
    after: `Order ${order.orderNumber}. Questions? Write to ${STORE.email} and quote it.`,
  });
}

export const orderConfirmationMail = (paid: Confirmed, ordersUrl: string | null) =>
  confirmation(
    'order_confirmation',
    paid,
    ordersUrl,
    [
      paid.order.paymentId
        ? `Thank you for your order. We have received your payment (${paid.order.paymentId}) and are getting your pieces ready.`
        : 'Thank you for your order. Your store credit paid for it, and we are getting your pieces ready.',
    ],
    [amountsLine(paid.order), `Total paid: ${formatInr(paid.order.total)}`, ...(paid.order.creditUsed > 0 ? [`Of which store credit: ${formatInr(paid.order.creditUsed)}`] : [])],
  );

/** A Cash on Delivery order is confirmed at once (issue 17): what to pay at the door, and when it should come. */
export const codConfirmationMail = ({ order, ...rest }: Confirmed, ordersUrl: string | null, delivery: string) =>
  // Its own kind: an 'order_confirmation' names a payment received (the benchmark's audit counts on it).
  confirmation(
    'cod_confirmation',
    { order, ...rest },
    ordersUrl,
    [`Thank you for your order. We are getting your pieces ready. ${delivery}.`, `${payOnDeliveryText(order.total)}.`],
    [`${amountsLine(order)} · Cash on Delivery fee ${order.codFee === 0 ? 'FREE' : formatInr(order.codFee)}`, `To pay on delivery: ${formatInr(order.total)}`],
  );

/**
 * The order has left the shop (issue 18): its tracking number, what is coming, and its tax invoice
 * attached (the outbox names the invoice; the sender draws the PDF when it sends).
 */
export function shippedMail({ order, lines, buyer }: Confirmed, invoice: { id: number; number: string; registered: boolean }, ordersUrl: string | null) {
  const a = order.addressJson;
  const mail = letter({
    kind: 'order_shipped',
    to: buyer.email,
    subject: `Your ${STORE.name} order ${order.orderNumber} is on its way`,
    greeting: `Hello ${buyer.firstName},`,
    lines: [
      `Your order ${order.orderNumber} has left us and is on its way to you.`,
      ...(order.trackingNumber ? [`Courier tracking number: ${order.trackingNumber}.`] : []),
      ...lines.map((l) => `${l.quantity} × ${withSize(l.name, l.size)}: ${formatInr(l.lineTotal)}`),
      ...(order.paymentMethod === 'cod' && !order.paidAt ? [`${payOnDeliveryText(order.total)}.`] : []),
      `Delivering to ${a.name}, ${a.house}, ${a.street}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}.`,
      `Your ${invoice.registered ? 'tax invoice' : 'bill of supply'} ${invoice.number} is attached to this mail, and you can download it from your orders at any time.`,
    ],
    ...(ordersUrl && { link: { action: 'See your orders', url: ordersUrl } }),
    after: `Order ${order.orderNumber}. Questions? Write to ${STORE.email} and quote it.`,
  });
  return { ...mail, invoiceId: invoice.id };
}

/** The order is cancelled (issue 17): by whom and why, and what happens to the money. */
export function cancelledMail({ order, lines, buyer, refund, creditBack = 0 }: Confirmed & { refund: number | null; creditBack?: number }, reason: string, byOwner: boolean) {
  const money =
    refund !== null || creditBack > 0
      ? `We are refunding ${cancelMoneyText(refund ?? 0, creditBack, formatInr)}`
      : order.paymentMethod === 'cod'
        ? 'It was to be paid on delivery, so there is nothing to pay and nothing to refund.'
        : 'It was not paid, so there is nothing to refund. If money left your account, it will be returned to you.';
  return letter({
    kind: 'order_cancelled',
    to: buyer.email,
    subject: `Your ${STORE.name} order ${order.orderNumber} is cancelled`,
    greeting: `Hello ${buyer.firstName},`,
    lines: [
      byOwner ? `We have had to cancel your order ${order.orderNumber}. We are sorry.` : `Your order ${order.orderNumber} is cancelled, as you asked (${reason.toLowerCase()}).`,
      ...lines.map((l) => `${l.quantity} × ${withSize(l.name, l.size)}: ${formatInr(l.lineTotal)}`),
      money,
    ],
    after: `Order ${order.orderNumber}. Questions? Write to ${STORE.email} and quote it.`,
  });
}

function amountsLine(order: PaidOrder['order']) {
  const gst = gstText({ gstRateBp: order.gstRateBp, gstIncluded: order.pricesIncludeGst, gstByRate: order.gstByRate ?? undefined, gstAmount: order.gstAmount });
  // A shop not registered for GST shows none (issue 18); orders from before GST by piece name the amount after their rate.
  const gstPart = gst === null ? [] : [`${gst}${order.gstByRate ? '' : ` ${formatInr(order.gstAmount)}`}`];
  // Issue 50: each offer and code by name, as the shopper saw them at checkout.
  const offers = (order.offers ?? []).map((o) => `${o.label} −${formatInr(o.amount)}`);
  return [`Subtotal ${formatInr(order.subtotal)}`, ...offers, ...gstPart, `Shipping ${order.shippingCharges === 0 ? 'FREE' : formatInr(order.shippingCharges)}`].join(' · ');
}

const WHY: Record<RefundDue['kind'], string> = {
  order_cancelled: 'reached us after the order had been cancelled',
  order_expired: 'reached us after the time to pay for the order had run out, and the pieces it held had sold out since',
  second_payment: 'came after the order had already been paid',
  payment_reused: '',
  order_refund: 'paid for an order that has been cancelled',
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
