/**
 * What the checkout asks Razorpay before it acts (../shared/reference/razorpay.md §8, pitfall 4:
 * a valid signature is not yet money). The test mode's payments are our own, signed with our
 * secret: there is nothing to ask, and both checks pass.
 */
import { chargedOf } from '../../../shared/store-credit.ts';
import { PAYMENT_NOT_VERIFIED } from '../../../shared/checkout.contract.ts';
import { ordersHolding } from '../../../shared/orders.ts';
import { AppError } from '../../http/errors.ts';
import { ProviderError, type PaymentProvider } from '../payments/provider.ts';
import type { OrderRow, OrdersService } from '../orders/orders.service.ts';
import type { Settle } from '../payments/settle.ts';

export const CONFIRM_LATER = 'We could not reach the payment service to confirm your payment. It is safe: we will confirm it within a few minutes.';
export const ALREADY_PAID = 'You have already paid for this order. You will find it in Your Orders.';

export function providerChecks(provider: PaymentProvider, settle: Settle) {
  /** Razorpay's payments for our order; the provider away is a 502 the shopper can retry (the webhook or reconcile settles it meanwhile). */
  async function paymentsOf(order: OrderRow) {
    return provider.orderPayments(order.providerOrderId!).catch((err: unknown) => {
      if (err instanceof ProviderError) throw new AppError(502, 'payment_unavailable', CONFIRM_LATER);
      throw err;
    });
  }

  /** The payment must be Razorpay's, on this order, for its amount, in rupees, and authorized or captured. */
  async function paymentHeld(order: OrderRow, paymentId: string) {
    if (provider.mode !== 'razorpay') return;
    const payment = (await paymentsOf(order)).find((p) => p.id === paymentId);
    const good = payment && payment.amount === chargedOf(order) && payment.currency === 'INR' && (payment.status === 'captured' || payment.status === 'authorized');
    if (!good) throw new AppError(400, 'payment_not_verified', PAYMENT_NOT_VERIFIED);
  }

  /** A pending order the browser paid but never confirmed: settle it now rather than offer it again. */
  async function settledAlready(order: OrderRow) {
    if (provider.mode !== 'razorpay') return;
    const captured = (await paymentsOf(order)).find((p) => p.status === 'captured' && p.amount === chargedOf(order) && p.currency === 'INR');
    if (!captured) return;
    await settle(order.providerOrderId!, captured.id, captured.amount);
    throw new AppError(409, 'already_paid', ALREADY_PAID);
  }

  /**
   * The amount of this payment if the money is taken (captured), else null: only money taken may
   * revive an order whose window closed (Razorpay gives back what it did not capture in time).
   * The test mode's payments are our own, taken when issued.
   */
  async function capturedAmount(order: OrderRow, paymentId: string): Promise<number | null> {
    if (provider.mode !== 'razorpay') return chargedOf(order);
    const payment = (await paymentsOf(order)).find((p) => p.id === paymentId && p.status === 'captured' && p.currency === 'INR');
    return payment?.amount ?? null;
  }

  return { paymentHeld, settledAlready, capturedAmount };
}

/**
 * Before a new order takes over the shopper's own unpaid orders holding the same pieces (issue 53,
 * orders.place.ts): each offered to Razorpay is asked first, as closing a payment asks. One paid
 * meanwhile (captured, its confirmation not yet here) is settled, and the new order refused with
 * ALREADY_PAID (409), so the same piece is not bought twice. A payment captured after this look is a late payment, as
 * any: it buys the pieces if they are there, or is refunded (decision 0030).
 */
export async function ownHoldsUnpaid(
  deps: { orders: Pick<OrdersService, 'heldBy' | 'own'>; provider: PaymentProvider; settle: Settle },
  userId: string,
  lines: readonly { productId: number; size: string | null }[],
): Promise<void> {
  if (deps.provider.mode !== 'razorpay') return;
  const holding = ordersHolding(await deps.orders.heldBy(userId), lines);
  const { settledAlready } = providerChecks(deps.provider, deps.settle);
  for (const orderId of holding) {
    const order = await deps.orders.own(userId, orderId);
    if (!order?.providerOrderId) continue;
    await settledAlready(order);
  }
}
