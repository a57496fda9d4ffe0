/**
 * A local stand-in for the part of Razorpay's REST API the shop uses (node:http on 127.0.0.1), with
 * the controls a test needs to play the shopper's bank and Razorpay's webhook sender: the shop's own
 * client talks to it exactly as to api.razorpay.com (reference/razorpay.md §6 "Possible offline").
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckoutSuccess } from '../modules/payments/provider.ts';
import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from '../modules/payments/razorpay.types.ts';
import { paymentSignature, hmacHex } from '../modules/payments/signatures.ts';
import { randomBase62 } from '../modules/payments/test-mode.provider.ts';
import { eventBody, newOrder, notFound, RazorpayApiError, recordAttempt, refundPayment, type WebhookEvent } from './razorpay-standin.entities.ts';
import { keptAliveAsTheShop } from '../http/listen.ts';

export interface RazorpayStandin {
  /** The API base to give the client, ending /v1. */
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, RazorpayOrder>;
  /** Each order's automatic capture window in minutes, as its POST asked (Razorpay keeps it off the entity). */
  captureMinutes: Map<string, number | undefined>;
  payments: Map<string, RazorpayPayment>;
  /** Every refund made, by its id. */
  refunds: Map<string, RazorpayRefund>;
  /** Every API call, answered or not. */
  requests: { method: string; path: string; authOk: boolean }[];
  /** The shopper pays: a captured (or, with capture false, an authorized) payment, and what checkout.js hands the page. */
  pay(orderId: string, options?: { capture?: boolean }): CheckoutSuccess;
  /** The shopper's attempt fails (the order becomes 'attempted'). */
  fail(orderId: string): RazorpayPayment;
  /** POSTs the event as Razorpay would; `tamper` alters the body after signing. */
  webhook(
    targetUrl: string,
    event: WebhookEvent,
    paymentId: string,
    options?: { eventId?: string; secret?: string; tamper?: boolean },
  ): Promise<Response>;
  /** The next `n` API calls answer `status` with Razorpay's SERVER_ERROR body. */
  failNext(n: number, status?: number): void;
  /** The next `n` API calls (all, by default) are never answered, as a stalled network would. */
  hang(n?: number): void;
  close(): Promise<void>;
}

/** What the stand-in holds between calls: Razorpay's entities, the calls made, and the trouble a test asked for. */
interface StandinState {
  expectedAuth: string;
  orders: Map<string, RazorpayOrder>;
  payments: Map<string, RazorpayPayment>;
  refunds: Map<string, RazorpayRefund>;
  refundsByKey: Map<string, RazorpayRefund>;
  requests: RazorpayStandin['requests'];
  captureMinutes: RazorpayStandin['captureMinutes'];
  failures: { left: number; status: number };
  hangs: number;
}

/** Razorpay's answer to one authorised API call, or the RazorpayApiError it would send. */
export function answer(state: StandinState, method: string, path: string, body: unknown, idempotencyKey: string | undefined): unknown {
  const { orders, payments, refunds, refundsByKey } = state;
  if (method === 'POST' && path === '/v1/orders') {
    const order = newOrder(body);
    orders.set(order.id, order);
    state.captureMinutes.set(order.id, (body as { payment?: { capture_options?: { automatic_expiry_period?: number } } }).payment?.capture_options?.automatic_expiry_period);
    return order;
  }
  const refund = path.match(/^\/v1\/payments\/([^/]+)\/refund$/);
  if (method === 'POST' && refund) {
    // Razorpay's idempotency: the same key answers the same refund, and refunds nothing more.
    const known = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
    if (known) return known;
    const payment = payments.get(decodeURIComponent(refund[1]!));
    if (!payment) throw notFound();
    const made = refundPayment(payment, body);
    refunds.set(made.id, made);
    if (idempotencyKey) refundsByKey.set(idempotencyKey, made);
    return made;
  }
  const [, kind, id, sub] = path.match(/^\/v1\/(orders|payments)\/([^/]+)(?:\/(payments))?$/) ?? [];
  if (method === 'GET' && kind === 'orders' && id) {
    const order = orders.get(decodeURIComponent(id));
    if (!order) throw notFound();
    if (!sub) return order;
    const items = [...payments.values()].filter((p) => p.order_id === order.id);
    return { entity: 'collection', count: items.length, items };
  }
  if (method === 'GET' && kind === 'payments' && id && !sub) {
    const payment = payments.get(decodeURIComponent(id));
    if (!payment) throw notFound();
    return payment;
  }
  throw new RazorpayApiError(400, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
}

/** One HTTP call: recorded, then hung, failed or answered as the test asked. */
async function handle(state: StandinState, req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const method = req.method ?? 'GET';
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const authOk = req.headers.authorization === state.expectedAuth;
  state.requests.push({ method, path, authOk });
  if (state.hangs > 0) return void state.hangs--;
  const send = (status: number, json: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(json));
  const { failures } = state;
  if (failures.left > 0) {
    failures.left--;
    const down = new RazorpayApiError(failures.status, 'SERVER_ERROR', 'We are facing some trouble completing your request at the moment. Please try again shortly.');
    return send(failures.status, down.body());
  }
  try {
    if (!authOk) throw new RazorpayApiError(401, 'BAD_REQUEST_ERROR', 'Authentication failed');
    let body: unknown;
    if (method === 'POST') {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        throw new RazorpayApiError(400, 'BAD_REQUEST_ERROR', 'The request body is not valid JSON');
      }
    }
    const key = req.headers['x-refund-idempotency'];
    send(200, answer(state, method, path, body, typeof key === 'string' ? key : undefined));
  } catch (err) {
    if (!(err instanceof RazorpayApiError)) throw err;
    send(err.status, err.body());
  }
}

export async function startRazorpayStandin(
  keys: { keyId?: string; keySecret?: string; webhookSecret?: string } = {},
): Promise<RazorpayStandin> {
  const { keyId = 'rzp_test_StandIn0000001', keySecret = 'standin_key_secret_0001', webhookSecret = 'standin_webhook_secret_1' } = keys;
  const state: StandinState = {
    expectedAuth: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
    orders: new Map(),
    payments: new Map(),
    refunds: new Map(),
    refundsByKey: new Map(),
    requests: [],
    captureMinutes: new Map(),
    failures: { left: 0, status: 500 },
    hangs: 0,
  };
  const { orders, payments, refunds, requests, captureMinutes } = state;

  const server = createServer((req, res) => {
    handle(state, req, res).catch((err: Error) => res.writeHead(500).end(String(err)));
  });
  keptAliveAsTheShop(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const orderOf = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`The stand-in made no order ${orderId}`);
    return order;
  };
  const attempt = (order: RazorpayOrder, status: 'captured' | 'authorized' | 'failed') => recordAttempt(payments, order, status);

  return {
    url: `http://127.0.0.1:${port}/v1`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    captureMinutes,
    payments,
    refunds,
    requests,
    pay(orderId, { capture = true } = {}) {
      const payment = attempt(orderOf(orderId), capture ? 'captured' : 'authorized');
      return { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: paymentSignature(keySecret, orderId, payment.id) };
    },
    fail: (orderId) => attempt(orderOf(orderId), 'failed'),
    async webhook(targetUrl, event, paymentId, { eventId = `evt_${randomBase62()}`, secret = webhookSecret, tamper = false } = {}) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`The stand-in made no payment ${paymentId}`);
      const body = JSON.stringify(eventBody(event, payment, orders.get(payment.order_id ?? '')));
      const signature = hmacHex(secret, body);
      // Tampering changes what is delivered, not what was signed: a rupee more, as a forger would want.
      const sent = tamper ? body.replace(`"amount":${payment.amount}`, `"amount":${payment.amount + 100}`) : body;
      return fetch(targetUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': eventId },
        body: sent,
      });
    },
    failNext: (n, status = 500) => void (state.failures = { left: n, status }),
    hang: (n = Number.POSITIVE_INFINITY) => void (state.hangs = n),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // including the calls hang() left unanswered
        server.close(() => resolve());
      }),
  };
}
