/**
 * The PaymentProvider for real Razorpay: orders and payments through our own client, signatures
 * checked locally with the key secret (checkout) and the webhook secret (webhooks).
 */
import { ProviderError, type PaymentProvider, type ProviderPayment } from './provider.ts';
import { createRazorpayClient, type RazorpayClient } from './razorpay.client.ts';
import { verifyPaymentSignature, verifyWebhookSignature } from './signatures.ts';

export interface RazorpayProviderConfig {
  keyId: string;
  keySecret: string;
  /** Set per webhook in the Dashboard; need not be the key secret. */
  webhookSecret: string;
  apiBase?: string;
}

/** `client` lets tests supply one with short timeouts; by default one is made from the config. */
export function createRazorpayProvider(config: RazorpayProviderConfig, client?: RazorpayClient): PaymentProvider {
  const api = client ?? createRazorpayClient({ keyId: config.keyId, keySecret: config.keySecret, apiBase: config.apiBase });
  return {
    mode: 'razorpay',
    keyId: config.keyId,
    async createOrder({ amount, receipt, notes, captureMinutes }) {
      const order = await api.createOrder({ amount, currency: 'INR', receipt, notes, captureMinutes });
      // Checkout charges what the order says: an order for another sum must never reach the shopper.
      if (order.amount !== amount || order.currency !== 'INR') {
        throw new ProviderError(`Razorpay made order ${order.id} for ${order.amount} ${order.currency}, not ${amount} INR`, 502);
      }
      return { id: order.id, amount: order.amount, currency: 'INR', status: order.status };
    },
    verifyPaymentSignature: (providerOrderId, paymentId, signature) =>
      verifyPaymentSignature(config.keySecret, providerOrderId, paymentId, signature),
    async orderPayments(providerOrderId) {
      const items = await api.orderPayments(providerOrderId);
      return items.map(
        (p): ProviderPayment => ({ id: p.id, orderId: p.order_id ?? providerOrderId, amount: p.amount, currency: p.currency, status: p.status }),
      );
    },
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(config.webhookSecret, rawBody, signature),
    async refund(paymentId, { amount, key, notes }) {
      const refund = await api.refund(paymentId, { amount, notes }, key);
      return { id: refund.id, status: refund.status };
    },
  };
}
