/**
 * Our own small client for the part of Razorpay's REST API the checkout uses (reference/razorpay.md §1–2).
 * Not the official package: it hard-codes the host (tests point `apiBase` at a local stand-in), has no
 * timeout, and throws plain objects (a TypeError when offline). Every failure here is a ProviderError.
 */
import { DEFAULT_PRICING } from '../../../shared/pricing.ts';
import { ProviderError } from './provider.ts';
import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from './razorpay.types.ts';

export type { RazorpayNotes, RazorpayOrder, RazorpayPayment, RazorpayRefund } from './razorpay.types.ts';

export interface RazorpayClientConfig {
  keyId: string;
  keySecret: string;
  /** Default https://api.razorpay.com/v1. */
  apiBase?: string;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  /** Waits before each retry of a GET; default [250, 750] (so two retries). */
  retryDelaysMs?: readonly number[];
}

export interface CreateOrderInput {
  /** Integer paise, at least 100 (₹1.00). */
  amount: number;
  currency?: 'INR';
  /** Our order number, at most 40 characters. */
  receipt: string;
  notes?: Record<string, string>;
  /** Captured automatically within this many minutes (Razorpay's least is 12); the shop's reservation window. */
  captureMinutes?: number;
}

export interface RazorpayClient {
  createOrder(input: CreateOrderInput): Promise<RazorpayOrder>;
  getOrder(id: string): Promise<RazorpayOrder>;
  /** Every payment on the order: authorized, captured and failed alike. */
  orderPayments(id: string): Promise<RazorpayPayment[]>;
  getPayment(id: string): Promise<RazorpayPayment>;
  /** POST /payments/:id/refund with X-Refund-Idempotency: the same key never refunds twice. */
  refund(paymentId: string, input: { amount?: number; notes?: Record<string, string> }, idempotencyKey: string): Promise<RazorpayRefund>;
}

/**
 * Razorpay refuses these anyway; refusing them here gives a clear error before any network call, and
 * catches rupees passed for paise (pitfall 1) whenever they are fractional.
 */
export function assertAmount(amount: unknown): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw new ProviderError(`The amount must be an integer number of paise (got ${String(amount)})`, 400, 'BAD_REQUEST_ERROR');
  }
  if (amount < 100) throw new ProviderError(`The amount must be at least INR 1.00, i.e. 100 paise (got ${amount})`, 400, 'BAD_REQUEST_ERROR');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createRazorpayClient(config: RazorpayClientConfig): RazorpayClient {
  const base = (config.apiBase ?? 'https://api.razorpay.com/v1').replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  const retryDelays = config.retryDelaysMs ?? [250, 750];
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  // Nothing we build contains the secret, but what others wrote (a description, a network error) might echo it.
  const redact = (text: string) => (config.keySecret ? text.split(config.keySecret).join('[redacted]') : text);

  async function once(method: 'GET' | 'POST', path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<unknown> {
    const what = `Razorpay ${method} ${path}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(base + path, {
        method,
        headers: { Authorization: auth, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...extraHeaders },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      // fetch says only "fetch failed"; the cause names it (ECONNREFUSED, ENOTFOUND, ...).
      const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
      const detail = redact(String(cause?.code ?? cause?.message ?? (err as Error)?.message ?? err));
      throw new ProviderError(`${what} ${timedOut ? `did not answer within ${timeoutMs} ms` : `could not be reached (${detail})`}`, 0);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (res.ok && json !== undefined) return json;
    const error = (json as { error?: { code?: unknown; description?: unknown } } | undefined)?.error;
    const code = typeof error?.code === 'string' ? error.code : undefined;
    const description = typeof error?.description === 'string' ? error.description : res.ok ? 'an answer that is not JSON' : res.statusText;
    throw new ProviderError(`${what} answered ${res.status}${code ? ` ${code}` : ''}: ${redact(description)}`, res.status, code);
  }

  // GETs are safe to repeat; Razorpay has intermittent 5xx (razorpay-python #306) and networks drop.
  async function get(path: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once('GET', path);
      } catch (err) {
        const transient = err instanceof ProviderError && (err.status === 0 || err.status >= 500);
        if (!transient || attempt >= retryDelays.length) throw err;
        await wait(retryDelays[attempt] ?? 0);
      }
    }
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    async createOrder({ amount, currency = 'INR', receipt, notes = {}, captureMinutes = DEFAULT_PRICING.reservationMinutes }) {
      assertAmount(amount);
      if (receipt.length > 40) throw new ProviderError('The receipt may not be greater than 40 characters', 400, 'BAD_REQUEST_ERROR');
      // No retry: POST /orders has no idempotency key, so a repeat could make a second order.
      // Captured automatically within the order's payment window, and never after it: a payment
      // authorised later is Razorpay's to give back (reference/razorpay.md §1, docs/decisions/0016).
      const payment = { capture: 'automatic', capture_options: { automatic_expiry_period: Math.max(12, captureMinutes), refund_speed: 'normal' } };
      return (await once('POST', '/orders', { amount, currency, receipt, notes, payment })) as RazorpayOrder;
    },
    getOrder: async (orderId) => (await get(`/orders/${id(orderId)}`)) as RazorpayOrder,
    orderPayments: async (orderId) => ((await get(`/orders/${id(orderId)}/payments`)) as { items: RazorpayPayment[] }).items,
    getPayment: async (paymentId) => (await get(`/payments/${id(paymentId)}`)) as RazorpayPayment,
    async refund(paymentId, { amount, notes = {} }, idempotencyKey) {
      if (amount !== undefined) assertAmount(amount);
      // The key makes a repeat safe (reference/razorpay.md §7), so a transient failure may be tried again later.
      const body = { ...(amount !== undefined && { amount }), speed: 'normal', notes };
      return (await once('POST', `/payments/${id(paymentId)}/refund`, body, { 'X-Refund-Idempotency': idempotencyKey })) as RazorpayRefund;
    },
  };
}
