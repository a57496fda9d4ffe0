/**
 * The built-in test mode (design.md Payments): with no Razorpay keys, this provider stands in for
 * Razorpay's servers. It makes orders locally and, when the shop's clearly labelled test dialog asks,
 * issues a payment signed with a local secret, so the checkout verifies it by the very code path it
 * uses for Razorpay. Its memory is this process's: an order it does not remember (made before a
 * restart, or by another app server) is taken at the amount the shop says, since the shop's own
 * database is what decides whether an order is paid.
 */
import { randomInt } from 'node:crypto';
import { ProviderError, type CheckoutSuccess, type PaymentProvider, type ProviderOrder, type ProviderPayment } from './provider.ts';
import { assertAmount } from './razorpay.client.ts';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature } from './signatures.ts';

export const TEST_MODE_KEY_ID = 'rzp_test_offline';
const TEST_ORDER_ID = /^order_test_[0-9A-Za-z]{14}$/;

export interface TestModeProvider extends PaymentProvider {
  readonly mode: 'test';
  /** What checkout.js would hand the success handler: a captured payment, signed with the local secret. */
  issuePayment(providerOrderId: string, amount: number): CheckoutSuccess;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Razorpay's ids are a prefix and 14 base62 characters; ours say `test` so no one mistakes them. */
export const randomBase62 = (length = 14) => Array.from({ length }, () => BASE62[randomInt(62)]).join('');

export function createTestModeProvider(secret: string): TestModeProvider {
  // verifyHmac refuses everything under an empty secret: say so at start-up rather than at the first payment.
  if (typeof secret !== 'string' || secret === '') throw new Error('The test-mode provider needs a secret to sign its payments with');
  const orders = new Map<string, ProviderOrder & { payments: ProviderPayment[] }>();
  const refunds = new Map<string, { id: string; status: 'processed' }>();
  /** Paise given back so far, by payment. */
  const refunded = new Map<string, number>();

  return {
    mode: 'test',
    keyId: TEST_MODE_KEY_ID,
    async createOrder({ amount, receipt }) {
      assertAmount(amount);
      if (receipt.length > 40) throw new ProviderError('The receipt may not be greater than 40 characters', 400, 'BAD_REQUEST_ERROR');
      const order: ProviderOrder & { payments: ProviderPayment[] } = { id: `order_test_${randomBase62()}`, amount, currency: 'INR', status: 'created', payments: [] };
      orders.set(order.id, order);
      const { payments: _, ...view } = order;
      return view;
    },
    issuePayment(providerOrderId, amount) {
      if (!TEST_ORDER_ID.test(providerOrderId)) throw new ProviderError('The id provided does not exist', 400, 'BAD_REQUEST_ERROR');
      let order = orders.get(providerOrderId);
      if (!order) {
        assertAmount(amount);
        order = { id: providerOrderId, amount, currency: 'INR', status: 'created', payments: [] };
        orders.set(order.id, order);
      }
      // A paid order takes no second payment; asked again (the page lost the first answer), it
      // hands the same payment back, as checkout.js would have handed it.
      const payment: ProviderPayment = order.payments[0] ?? { id: `pay_test_${randomBase62()}`, orderId: order.id, amount: order.amount, currency: 'INR', status: 'captured' };
      if (order.status !== 'paid') order.payments.push(payment);
      order.status = 'paid';
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: paymentSignature(secret, order.id, payment.id),
      };
    },
    verifyPaymentSignature: (providerOrderId, paymentId, signature) => verifyPaymentSignature(secret, providerOrderId, paymentId, signature),
    // An order this instance never made (say, before a restart) has no payments it knows of.
    orderPayments: async (providerOrderId) => (orders.get(providerOrderId)?.payments ?? []).map((p) => ({ ...p })),
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(secret, rawBody, signature),
    // Test mode takes no money, so there is none to give back: the refund is recorded as made. It
    // still keeps Razorpay's rules for a payment it remembers: never more than was captured.
    async refund(paymentId, { key, amount }) {
      const known = refunds.get(key);
      if (known) return known;
      const payment = [...orders.values()].flatMap((o) => o.payments).find((p) => p.id === paymentId);
      if (payment) {
        const left = payment.amount - (refunded.get(paymentId) ?? 0);
        const asked = amount ?? left;
        if (asked > left) throw new ProviderError('The refund amount provided is greater than amount captured', 400, 'BAD_REQUEST_ERROR');
        refunded.set(paymentId, payment.amount - left + asked);
        if (asked === left) payment.status = 'refunded';
      }
      const made = { id: `rfnd_test_${randomBase62()}`, status: 'processed' as const };
      refunds.set(key, made);
      return made;
    },
  };
}
