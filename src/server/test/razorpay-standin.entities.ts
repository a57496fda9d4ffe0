/**
 * The stand-in's bookkeeping: Razorpay's order and payment entities, its validation of POST /v1/orders
 * with its own descriptions, its error body, and its webhook events (reference/razorpay.md §1, §2, §5).
 */
import { randomBase62 } from '../modules/payments/test-mode.provider.ts';
import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from '../modules/payments/razorpay.types.ts';

export type WebhookEvent = 'order.paid' | 'payment.captured' | 'payment.failed';

export class RazorpayApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly field?: string,
  ) {
    super(description);
  }

  /** The one error shape Razorpay uses on every endpoint. */
  body() {
    const { code, description, field } = this;
    return { error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {}, ...(field ? { field } : {}) } };
  }
}

const bad = (description: string, field?: string) => new RazorpayApiError(400, 'BAD_REQUEST_ERROR', description, field);
export const notFound = () => bad('The id provided does not exist');
export const now = () => Math.floor(Date.now() / 1000);

/** POST /v1/orders as Razorpay checks it; answers the order entity with `notes: []` when there are none. */
export function newOrder(body: unknown): RazorpayOrder {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad('The request body must be a JSON object');
  const { amount, currency, receipt, notes, payment } = body as Record<string, unknown>;
  if (payment !== undefined) {
    const { capture, capture_options: options } = payment as { capture?: unknown; capture_options?: { automatic_expiry_period?: unknown } };
    if (capture !== 'automatic' && capture !== 'manual') throw bad('The capture field is invalid.', 'payment.capture');
    const period = options?.automatic_expiry_period;
    if (period !== undefined && (typeof period !== 'number' || !Number.isInteger(period) || period < 12)) {
      throw bad('The automatic expiry period must be at least 12 minutes.', 'payment.capture_options.automatic_expiry_period');
    }
  }
  if (amount === undefined) throw bad('The amount field is required.', 'amount');
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw bad('The amount must be an integer', 'amount');
  if (amount < 100) throw bad('The amount must be at least INR 1.00', 'amount');
  if (currency === undefined) throw bad('The currency field is required.', 'currency');
  if (currency !== 'INR') throw bad('Currency is not supported', 'currency');
  if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
    throw bad('The receipt may not be greater than 40 characters.', 'receipt');
  }
  const noteEntries = notes && typeof notes === 'object' && !Array.isArray(notes) ? Object.entries(notes) : [];
  if (noteEntries.length > 15) throw bad('Number of fields in notes should be less than or equal to 15', 'notes');
  if (noteEntries.some(([, v]) => typeof v !== 'string' || v.length > 256)) throw bad('Notes values must be strings of at most 256 characters', 'notes');
  return {
    id: `order_${randomBase62()}`,
    entity: 'order',
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency,
    receipt: receipt ?? null,
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: noteEntries.length ? (Object.fromEntries(noteEntries) as Record<string, string>) : [],
    created_at: now(),
  };
}

export function newPayment(order: RazorpayOrder, status: 'captured' | 'authorized' | 'failed'): RazorpayPayment {
  const failed = status === 'failed';
  return {
    id: `pay_${randomBase62()}`,
    entity: 'payment',
    amount: order.amount,
    currency: order.currency,
    status,
    order_id: order.id,
    method: 'upi',
    captured: status === 'captured',
    amount_refunded: 0,
    refund_status: null,
    email: 'shopper@example.com',
    contact: '+919000090000',
    vpa: failed ? 'failure@razorpay' : 'success@razorpay',
    notes: [],
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment failed' : null,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: failed ? 'payment_failed' : null,
    created_at: now(),
  };
}

/** A payment attempt on `order`, which moves to 'paid' (captured) or 'attempted' as at Razorpay. */
export function recordAttempt(payments: Map<string, RazorpayPayment>, order: RazorpayOrder, status: 'captured' | 'authorized' | 'failed') {
  // Razorpay takes no payment on a paid order, nor a new one while an authorized one awaits capture.
  if (order.status === 'paid') throw new Error(`Order ${order.id} is already paid`);
  if ([...payments.values()].some((p) => p.order_id === order.id && p.status === 'authorized')) {
    throw new Error(`Order ${order.id} holds an authorized payment`);
  }
  const payment = newPayment(order, status);
  payments.set(payment.id, payment);
  order.attempts++;
  if (status === 'captured') Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
  else order.status = 'attempted';
  return payment;
}

/** An event's JSON, a snapshot of the entities at the moment it is sent (as Razorpay's are). */
export function eventBody(event: WebhookEvent, payment: RazorpayPayment, order: RazorpayOrder | undefined) {
  const withOrder = event === 'order.paid' && order;
  return {
    entity: 'event',
    account_id: 'acc_StandIn0000001',
    event,
    contains: withOrder ? ['payment', 'order'] : ['payment'],
    payload: { payment: { entity: { ...payment } }, ...(withOrder ? { order: { entity: { ...order } } } : {}) },
    created_at: now(),
  };
}

/** POST /v1/payments/:id/refund as Razorpay checks it: only a captured payment, at most what is left of it. */
export function refundPayment(payment: RazorpayPayment, body: unknown): RazorpayRefund {
  const { amount } = (body ?? {}) as { amount?: unknown };
  if (payment.status !== 'captured') throw bad('The payment has not been captured', 'payment_id');
  const left = payment.amount - payment.amount_refunded;
  const value = amount === undefined ? left : amount;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 100) throw bad('The refund amount provided is less than minimum amount allowed', 'amount');
  if (value > left) throw bad('The refund amount provided is greater than amount captured', 'amount');
  payment.amount_refunded += value;
  payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
  if (payment.refund_status === 'full') payment.status = 'refunded';
  return { id: `rfnd_${randomBase62()}`, entity: 'refund', amount: value, currency: payment.currency, payment_id: payment.id, status: 'processed', speed_requested: 'normal', speed_processed: 'normal', notes: [], created_at: now() };
}
