/**
 * Paying online (spec §5 Payment start, §7; design.md Payments): the order written before the
 * payment dialog opens and a provider order made for the same amount; the dialog's success
 * verified against the provider order WE stored and settled once; a closed dialog lapsing the
 * order; and in test mode the stand-in for Razorpay's servers.
 */
import type { Address } from '../../../shared/addresses.ts';
import { ORDER_CANCELLED_PAID, ORDER_EXPIRED_PAID, ORDER_EXPIRED_UNPAID, PAYMENT_NOT_VERIFIED, type ConfirmPaymentInput, type StartCheckoutInput } from '../../../shared/checkout.contract.ts';
import type { CheckoutStart, PaymentConfirmed } from '../../../shared/orders.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { Shopper } from '../../http/session.ts';
import { chargedOf, creditFits } from '../../../shared/store-credit.ts';
import { orderConfirmationMail } from '../orders/orders.mails.ts';
import { ABANDON_STEP, boughtPieces, type OrderRow, type OrderTx, type PaidOrder } from '../orders/orders.service.ts';
import { CREDIT_CHANGED } from '../store-credit/store-credit.service.ts';
import { ProviderError, type CheckoutSuccess } from '../payments/provider.ts';
import { deliverableAddress, orderLines, orderRow, payableAsShown, stockSettingsOf } from './checkout.order.ts';
import { ownHoldsUnpaid, providerChecks } from './checkout.provider-checks.ts';
import { readQuote } from './checkout.quote.ts';
import type { CheckoutDeps } from './checkout.service.ts';

export const PROVIDER_AWAY = 'We could not reach the payment service. Please try again in a moment.';
export const ORDER_NOT_FOUND = 'Order not found.';

/** What the payment dialog opens with, from the order as written (none to open when store credit paid it all). */
function started(order: OrderRow, provider: CheckoutDeps['provider'], shopper: Shopper, address: Address): CheckoutStart {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    creditUsed: order.creditUsed,
    paidWithCredit: order.creditUsed === order.total && order.paymentStatus === 'paid',
    amounts: {
      subtotal: order.subtotal,
      gstAmount: order.gstAmount,
      shippingCharges: order.shippingCharges,
      total: order.total,
      ...(order.discount > 0 && { discount: order.discount }),
      ...(order.shippingDiscount > 0 && { shippingDiscount: order.shippingDiscount }),
      gstRateBp: order.gstRateBp,
      gstIncluded: order.pricesIncludeGst,
      ...(order.gstByRate && { gstByRate: order.gstByRate }),
    },
    provider: { mode: provider.mode, keyId: provider.keyId, orderId: order.providerOrderId ?? '' },
    prefill: { name: address.name, email: shopper.email, contact: `+91${address.phone}` },
    addressNote: `${address.house}, ${address.street}, ${address.city}, ${address.state} ${address.pincode}`,
  };
}

/** The provider's order for ours (what store credit did not pay), to be captured within the window the pieces are held for; the provider away is a 502 to retry. */
async function offerToProvider(provider: CheckoutDeps['provider'], order: OrderRow, captureMinutes: number): Promise<string> {
  const made = await provider.createOrder({ amount: chargedOf(order), receipt: order.orderNumber, notes: { order_id: order.id }, captureMinutes }).catch((err: unknown) => {
    if (err instanceof ProviderError) {
      console.error(`Payment provider: order ${order.orderNumber}: ${err.message} (${err.status})`);
      throw new AppError(502, 'payment_unavailable', PROVIDER_AWAY);
    }
    throw err;
  });
  return made.id;
}

/** Store credit paid all of it: the cart's lines leave the cart and the confirmation is written, as a settled payment's are. */
function paidByCredit(deps: CheckoutDeps, mailed: { written: boolean }) {
  return async (tx: OrderTx, paid: PaidOrder) => {
    if (paid.order.source === 'cart') await deps.cart.removeBoughtIn(tx, paid.order.userId, boughtPieces(paid.lines));
    await deps.offers.usedIn(tx, paid.order.userId, paid.order.offers);
    if (!paid.buyer) return;
    await deps.outbox.send(tx, orderConfirmationMail({ ...paid, buyer: paid.buyer }, deps.publicUrl ? `${deps.publicUrl}/orders` : null));
    mailed.written = true;
  };
}

/** Pay: the pending order (the same purchase's again, if it waits), offered to the provider for its total. */
export async function startPayment(deps: CheckoutDeps, shopper: Shopper, input: StartCheckoutInput): Promise<CheckoutStart> {
  const { orders, provider } = deps;
  await deps.limits.beforePayment(shopper.id);
  const address = await deliverableAddress(deps.addresses, shopper.id, input.addressId);
  const pq = await readQuote(deps, shopper.id, input.buyNow);
  // Nothing is sold to a PIN the shop does not deliver to (issue 17).
  const reach = await deps.delivery.forAddress(address.pincode);
  if (!reach.served) throw new AppError(409, 'not_delivered', reach.text);
  payableAsShown(pq.amounts.online, input.expectedTotal);
  if (!creditFits(input.credit, pq.amounts.online.total)) throw new AppError(409, 'credit_changed', CREDIT_CHANGED);
  const stockSettings = stockSettingsOf(pq);
  await ownHoldsUnpaid(deps, shopper.id, pq.shown.lines);
  const row = { ...orderRow(shopper, pq, address, 'online', provider.mode, input.credit), creditUsed: input.credit, ...(input.placementKey && { placementKey: input.placementKey }) };
  const mailed = { written: false };
  const { order, reused } = await orders.begin(shopper.id, row, orderLines(pq, 'online'), stockSettings, paidByCredit(deps, mailed));
  if (mailed.written) deps.outbox.nudge();
  if (order.paymentStatus === 'paid' && order.creditUsed === order.total) return started(order, provider, shopper, address);
  // The same purchase, already offered for payment: it may have been paid meanwhile.
  if (reused && order.providerOrderId) {
    await providerChecks(provider, deps.settle).settledAlready(order);
    return started(order, provider, shopper, address);
  }
  // A new order, or a twin whose offer is under way in a racing request (or failed): offer it now.
  // No transaction is held across the provider's call; the first offer recorded is the one kept.
  const providerOrderId = await offerToProvider(provider, order, stockSettings.reservationMinutes);
  return started({ ...order, providerOrderId: await orders.offered(order.id, providerOrderId) }, provider, shopper, address);
}

/** The dialog's success, verified with the provider order we stored (never the browser's), then settled once. */
export async function confirmPayment(deps: CheckoutDeps, userId: string, orderId: string, input: ConfirmPaymentInput): Promise<PaymentConfirmed> {
  const { provider, settle } = deps;
  const { paymentHeld, capturedAmount } = providerChecks(provider, settle);
  const order = await deps.orders.own(userId, orderId);
  if (!order?.providerOrderId) throw new NotFoundError(ORDER_NOT_FOUND);
  if (!provider.verifyPaymentSignature(order.providerOrderId, input.razorpay_payment_id, input.razorpay_signature)) {
    throw new AppError(400, 'payment_not_verified', PAYMENT_NOT_VERIFIED);
  }
  if (order.status === 'cancelled') {
    // No payment revives it. Money Razorpay holds for it is recorded and refunded (the webhook
    // and the reconcile step do the same if this fails); the shopper hears why either way.
    await paymentHeld(order, input.razorpay_payment_id)
      .then(() => settle(order.providerOrderId!, input.razorpay_payment_id, null))
      .catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err; // not held (refunded already), or Razorpay away
      });
    throw new AppError(409, 'order_cancelled', ORDER_CANCELLED_PAID);
  }
  await paymentHeld(order, input.razorpay_payment_id);
  // Its window closed (or the shopper closed the dialog): money taken may still buy the pieces
  // if they are there (issue 16); the amount taken says so, as the webhook's does.
  const amount = order.status === 'expired' ? await capturedAmount(order, input.razorpay_payment_id) : null;
  if (order.status === 'expired' && amount === null) throw new AppError(409, 'order_expired', ORDER_EXPIRED_UNPAID);
  const settled = await settle(order.providerOrderId, input.razorpay_payment_id, amount);
  if (settled.outcome === 'other-payment') throw new AppError(409, 'already_paid', 'This order is already paid. A second payment for it will be refunded.');
  if (settled.outcome === 'not-payable') {
    if (settled.order.status === 'expired') throw new AppError(409, 'order_expired', ORDER_EXPIRED_PAID);
    throw new AppError(409, 'order_cancelled', ORDER_CANCELLED_PAID);
  }
  if (settled.outcome !== 'paid' && settled.outcome !== 'already') throw new AppError(409, 'not_settled', PAYMENT_NOT_VERIFIED);
  return { orderId: order.id, orderNumber: order.orderNumber, paymentId: input.razorpay_payment_id };
}

/**
 * The shopper closed the payment without paying (issue 16): the order lapses now and its pieces
 * go back on sale at once, unless Razorpay already took the money (then it is settled: 409).
 * Safe to repeat; another shopper's order is not found. A payment that still comes later buys
 * the pieces if they are there, or is refunded (orders.settle).
 */
export async function abandonPayment(deps: CheckoutDeps, userId: string, orderId: string): Promise<{ released: boolean }> {
  const order = await deps.orders.own(userId, orderId);
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  if (order.status !== 'pending' || order.paymentStatus !== 'pending') return { released: false };
  if (order.providerOrderId) await providerChecks(deps.provider, deps.settle).settledAlready(order);
  const released = await deps.orders.expire(order.id, ABANDON_STEP);
  if (released) await deps.limits.paymentAbandoned(userId);
  return { released };
}

/** Test mode only: what Razorpay's servers would hand the dialog, signed with the local secret. */
export async function testPayment(deps: CheckoutDeps, userId: string, orderId: string): Promise<CheckoutSuccess> {
  const { provider } = deps;
  if (provider.mode !== 'test' || !provider.issuePayment) throw new NotFoundError('Not found');
  const order = await deps.orders.own(userId, orderId);
  if (!order?.providerOrderId) throw new NotFoundError(ORDER_NOT_FOUND);
  if (order.paymentStatus !== 'pending') throw new AppError(409, 'already_paid', 'This order is already paid.');
  if (order.status !== 'pending') throw new AppError(409, 'order_cancelled', 'This order can no longer be paid. Please place a new order.');
  return provider.issuePayment(order.providerOrderId, chargedOf(order));
}
