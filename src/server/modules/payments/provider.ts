/**
 * What the checkout needs of a card payment provider (design.md Payments). Two implement it:
 * Razorpay, through our own small client (razorpay.provider.ts), and the built-in test mode
 * (test-mode.provider.ts), which signs its confirmations with a local secret so that the very same
 * verification runs offline. Amounts are paise; the currency is always INR.
 */
export type ProviderMode = 'razorpay' | 'test';

export interface ProviderOrder {
  /** Razorpay's `order_...` id (test mode: `order_test_...`). */
  id: string;
  amount: number;
  currency: 'INR';
  status: 'created' | 'attempted' | 'paid';
}

export interface ProviderPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
}

export interface ProviderRefund {
  /** Razorpay's `rfnd_...` id (test mode: `rfnd_test_...`). */
  id: string;
  status: 'pending' | 'processed' | 'failed';
}

export type { CheckoutSuccess } from '../../../shared/orders.ts';

export interface PaymentProvider {
  readonly mode: ProviderMode;
  /** The public key id the browser's checkout is opened with: never the secret. */
  readonly keyId: string;
  /** POST /v1/orders: a provider order for our order's amount. `receipt` is our order number (≤ 40 chars). */
  /** `captureMinutes`: how long a payment may be captured automatically (the shop's reservation window). */
  createOrder(input: { amount: number; receipt: string; notes: Record<string, string>; captureMinutes?: number }): Promise<ProviderOrder>;
  /**
   * Checkout's signature: hex HMAC-SHA256 of `providerOrderId|paymentId` with the key secret,
   * compared in constant time. `providerOrderId` is the one WE stored, never the browser's.
   */
  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** Every payment the provider holds for an order (to settle what no browser or webhook did). */
  orderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** A webhook's `X-Razorpay-Signature`: hex HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhook(rawBody: string, signature: string): boolean;
  /**
   * POST /v1/payments/:id/refund: gives a captured payment back, whole unless `amount` says less.
   * `key` makes it safe to repeat: the same key never refunds twice (Razorpay's X-Refund-Idempotency).
   */
  refund(paymentId: string, input: { amount?: number; key: string; notes?: Record<string, string> }): Promise<ProviderRefund>;
}

/** The provider could not be reached or refused: the shopper may try again. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, or 0 when it could not be reached. */
    readonly status: number,
    /** Razorpay's `error.code` (BAD_REQUEST_ERROR, SERVER_ERROR, ...), when it said one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
