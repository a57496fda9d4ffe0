/**
 * The checkout's load generator, in a process of its own like load.ts (started by bench/run.ts with
 * fork). autocannon replays fixed requests; a purchase needs the ids each answer hands the next
 * request, so this is a small closed-loop driver of its own:
 *
 *  - {type: 'setup'}: signs up N shoppers through the API (a few at a time: each sign-up is an
 *    scrypt hash, kept out of the timing), gives each an address, and a piece of its own that is in
 *    stock (a Buy Now quote answers 200), and one that may be paid on delivery (within the owner's
 *    limits; the quote's only objection is the e-mail, which run.ts has the server mark verified).
 *  - {type: 'run', kind}: every shopper buys, purchase after purchase, for the warm-up and the
 *    measured window, each request sent when the previous answer has arrived:
 *      [cart only: POST /api/cart/items]
 *      create order    = GET /api/checkout/quote + POST /api/checkout/orders (201 {orderId})
 *      confirm payment = POST .../test-payment (the test mode's stand-in for Razorpay's dialog)
 *                        + POST .../confirm (200 {paymentId})
 *    Cash on Delivery ('cod'):
 *      place order     = GET /api/checkout/quote?buyNow&address + POST /api/checkout/cod (201), and
 *                        every RETRY_EVERY-th purchase the same placement sent again (a retry after
 *                        a dropped connection: it must answer the same order)
 *      cancel          = POST /api/orders/:id/cancel (the piece goes back; the shopper never
 *                        reaches the owner's limit of open COD orders)
 *    When the window closes no shopper starts another purchase, but each finishes the one it is in,
 *    so the database can be held against the answers exactly (run.ts asks the server to count).
 *
 * Latencies are those of the steps answered within the measured window; failures are counted over
 * the whole run (warm-up and tail too), with the first few kept for the report. The shoppers'
 * requests are those of the shop's pages: JSON, the session cookie, no Origin. Each shopper also
 * sends X-Forwarded-For with an address of its own (serve.ts trusts one proxy hop; see there why).
 */
import { randomUUID } from 'node:crypto';
import { COD_VERIFY_EMAIL, type CheckoutDelivery, type CodPlaced } from '../src/shared/cod.ts';
import type { CheckoutKind, CheckoutResult, CheckoutStep, CodLedger, FromCheckout, StepResult, ToCheckout } from './messages.ts';

const send = (m: FromCheckout) => process.send?.(m);

/** As autocannon's: a request not answered within this counts as an error. */
const TIMEOUT_MS = 10_000;
/** Sign-ups at once: the server hashes on libuv's 4 threads. */
const SIGNUP_BATCH = 4;
const PASSWORD = 'Bench@2026';
const ADDRESS = { name: 'Bench Shopper', phone: '9876543210', house: 'Flat 1', street: 'MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };
const KEPT_FAILURES = 5;
/** Every this many Cash on Delivery purchases, the placement is sent twice. */
const RETRY_EVERY = 4;
const CANCEL_REASON = 'I ordered it by mistake';

interface Shopper {
  i: number;
  headers: Record<string, string>;
  addressId: string;
  productId: number;
  /** A piece Cash on Delivery is offered for at the shopper's address. */
  codProductId: number;
}

let origin = '';
let shoppers: Shopper[] = [];

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} answered ${status}: ${body.slice(0, 200)}`);
  }
}

/** One request; resolves with the JSON of a 2xx answer, else throws (HttpError for a status). */
async function call<T>(headers: Record<string, string>, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(origin + path, {
    method,
    headers: { accept: 'application/json', ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new HttpError(res.status, text, `${method} ${path.replace(/[0-9a-f-]{36}/, ':id')}`);
  return JSON.parse(text) as T;
}

/** A documentation-range address per shopper (198.18.0.0/15, for benchmarks: RFC 2544). */
const addressOf = (i: number) => `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`;

type SignedUp = Omit<Shopper, 'addressId' | 'productId' | 'codProductId'>;

async function signUp(i: number, emailPrefix: string): Promise<SignedUp> {
  const forwarded = { 'x-forwarded-for': addressOf(i + 1) };
  const body = { firstName: 'Bench', email: `${emailPrefix}${i}@example.com`, phone: ADDRESS.phone, gender: 'female', password: PASSWORD };
  const res = await fetch(`${origin}/api/accounts/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...forwarded },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`signing up checkout shopper ${i}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return { i, headers: { ...forwarded, cookie } };
}

async function setup(m: Extract<ToCheckout, { type: 'setup' }>): Promise<FromCheckout> {
  const started = performance.now();
  origin = m.origin;
  const emailPrefix = `bench.checkout.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}.`;
  const signedUp: SignedUp[] = [];
  for (let i = 0; i < m.shoppers; i += SIGNUP_BATCH) {
    const batch = Array.from({ length: Math.min(SIGNUP_BATCH, m.shoppers - i) }, (_, k) => signUp(i + k, emailPrefix));
    signedUp.push(...(await Promise.all(batch)));
  }
  const addressIds = await Promise.all(signedUp.map(async (s) => (await call<{ id: string }>(s.headers, 'POST', '/api/addresses', ADDRESS)).id));
  // Pieces in stock, as many as there are shoppers if the catalog has them (then shared in turn);
  // of those, the ones Cash on Delivery may pay for (all shoppers share one PIN code).
  const inStock: number[] = [];
  const codable: number[] = [];
  for (const productId of m.productIds) {
    if (inStock.length === m.shoppers && codable.length === m.shoppers) break;
    try {
      const q = await call<{ delivery: CheckoutDelivery }>(signedUp[0]!.headers, 'GET', `/api/checkout/quote?buyNow=${productId}&address=${addressIds[0]}`);
      if (inStock.length < m.shoppers) inStock.push(productId);
      // Not verified yet: the e-mail is the only objection a piece within the limits meets.
      if (codable.length < m.shoppers && (q.delivery.cod.offered || q.delivery.cod.reason === COD_VERIFY_EMAIL)) codable.push(productId);
    } catch (err) {
      // Sold out (409), or a piece in sizes (422: Buy Now needs a size): the next one.
      if (!(err instanceof HttpError && (err.status === 409 || err.status === 422))) throw err;
    }
  }
  if (inStock.length === 0) throw new Error('no piece in stock among the workload products');
  if (codable.length === 0) throw new Error('no piece Cash on Delivery may pay for among the workload products');
  shoppers = signedUp.map((s, k) => ({ ...s, addressId: addressIds[k]!, productId: inStock[k % inStock.length]!, codProductId: codable[k % codable.length]! }));
  return { type: 'ready', shoppers: shoppers.length, products: inStock.length, codProducts: codable.length, seconds: (performance.now() - started) / 1000, emailPrefix };
}

/** Issue 50: each shopper applies the code, as the cart's box would; the offers' run then buys with it. */
async function applyCode(code: string): Promise<FromCheckout> {
  // With the shopper's Buy Now piece, as the checkout's box sends it (the answer is that quote).
  await Promise.all(shoppers.map((s) => call(s.headers, 'POST', `/api/checkout/code?buyNow=${s.productId}`, { code })));
  return { type: 'code-applied', shoppers: shoppers.length };
}

function percentile(sorted: Float64Array, p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(m: Extract<ToCheckout, { type: 'run' }>): Promise<CheckoutResult> {
  const kind: CheckoutKind = m.kind;
  // The offers' run is Buy Now's purchase, with the code and an automatic offer on every order.
  const steps: CheckoutStep[] = kind === 'cart' ? ['add', 'create', 'confirm'] : kind === 'cod' ? ['place', 'cancel'] : ['create', 'confirm'];
  const samples = new Map<CheckoutStep, number[]>(steps.map((s) => [s, []]));
  const failed = new Map<CheckoutStep, { errors: number; non2xx: number }>(steps.map((s) => [s, { errors: 0, non2xx: 0 }]));
  const failures: string[] = [];
  const created = new Set<string>();
  const confirmed = new Map<string, string>();
  const ledger = { ordersCreated: 0, ordersReused: 0, confirmed: [] as [string, string][], confirmedTwice: 0, confirmMismatch: 0 };
  const cod: CodLedger = { placed: [], retried: 0, retriedToAnother: 0, cancelled: [] };
  let placements = 0;
  let purchases = 0;

  const begin = performance.now();
  const windowStart = begin + m.warmupSeconds * 1000;
  const windowEnd = windowStart + m.durationSeconds * 1000;
  const inWindow = (end: number) => end >= windowStart && end <= windowEnd;

  /** Runs one step, timing it; a failure is counted and ends the purchase (returns undefined). */
  async function step<T>(name: CheckoutStep, f: () => Promise<T>): Promise<T | undefined> {
    const t0 = performance.now();
    try {
      const value = await f();
      const t1 = performance.now();
      if (inWindow(t1)) samples.get(name)!.push(t1 - t0);
      return value;
    } catch (err) {
      const f2 = failed.get(name)!;
      if (err instanceof HttpError) f2.non2xx++;
      else f2.errors++;
      if (failures.length < KEPT_FAILURES) failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }

  async function payOnDelivery(s: Shopper): Promise<boolean> {
    const placed = await step('place', async () => {
      const q = await call<{ delivery: CheckoutDelivery }>(s.headers, 'GET', `/api/checkout/quote?buyNow=${s.codProductId}&address=${s.addressId}`);
      if (!q.delivery.cod.offered) throw new Error(`Cash on Delivery is not offered: ${q.delivery.cod.reason}`);
      const body = { addressId: s.addressId, buyNow: { productId: s.codProductId }, expectedTotal: q.delivery.cod.total, placementKey: randomUUID() };
      const order = await call<CodPlaced>(s.headers, 'POST', '/api/checkout/cod', body);
      if (++placements % RETRY_EVERY === 0) {
        const again = await call<CodPlaced>(s.headers, 'POST', '/api/checkout/cod', body);
        cod.retried++;
        if (again.orderId !== order.orderId) cod.retriedToAnother++;
      }
      return order;
    });
    if (!placed) return false;
    cod.placed.push(placed.orderId);
    if (!(await step('cancel', () => call(s.headers, 'POST', `/api/orders/${placed.orderId}/cancel`, { reason: CANCEL_REASON })))) return false;
    cod.cancelled.push(placed.orderId);
    if (inWindow(performance.now())) purchases++;
    return true;
  }

  async function purchase(s: Shopper): Promise<boolean> {
    const buyNow = kind === 'buy_now' || kind === 'offer' ? { productId: s.productId } : undefined;
    if (kind === 'cart' && !(await step('add', () => call(s.headers, 'POST', '/api/cart/items', { productId: s.productId })))) return false;
    const order = await step('create', async () => {
      const q = await call<{ amounts: { total: number } }>(s.headers, 'GET', `/api/checkout/quote${buyNow ? `?buyNow=${buyNow.productId}` : ''}`);
      return call<{ orderId: string }>(s.headers, 'POST', '/api/checkout/orders', { addressId: s.addressId, ...(buyNow && { buyNow }), expectedTotal: q.amounts.total });
    });
    if (!order) return false;
    if (created.has(order.orderId)) ledger.ordersReused++;
    else created.add(order.orderId);
    const paid = await step('confirm', async () => {
      const path = `/api/checkout/orders/${order.orderId}`;
      const payment = await call<{ razorpay_payment_id: string }>(s.headers, 'POST', `${path}/test-payment`);
      const answer = await call<{ orderId: string; paymentId: string }>(s.headers, 'POST', `${path}/confirm`, payment);
      if (answer.orderId !== order.orderId || answer.paymentId !== payment.razorpay_payment_id) ledger.confirmMismatch++;
      return answer;
    });
    if (!paid) return false;
    if (confirmed.has(order.orderId)) ledger.confirmedTwice++;
    confirmed.set(order.orderId, paid.paymentId);
    ledger.confirmed.push([order.orderId, paid.paymentId]);
    if (inWindow(performance.now())) purchases++;
    return true;
  }

  // Shoppers arrive over the first half of the warm-up, not all in the same millisecond: else they
  // move in step (all quoting, then all confirming) and a short window catches whole waves or none.
  const arrivals = Math.min(1000, (m.warmupSeconds * 1000) / 2);
  await Promise.all(
    shoppers.map(async (s) => {
      await new Promise((r) => setTimeout(r, Math.random() * arrivals));
      while (performance.now() < windowEnd) {
        // A failed purchase is counted; the shopper waits a moment before the next (no hot loop on a 4xx).
        if (!(await (kind === 'cod' ? payOnDelivery(s) : purchase(s)))) await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  ledger.ordersCreated = created.size;

  const stepResults: CheckoutResult['steps'] = {};
  for (const name of steps) {
    const sorted = Float64Array.from(samples.get(name)!).sort();
    stepResults[name] = { count: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), ...failed.get(name)! } satisfies StepResult;
  }
  return { kind, shoppers: shoppers.length, seconds: m.durationSeconds, purchases, steps: stepResults, failures, ledger, ...(kind === 'cod' && { cod }) };
}

if (!process.send) {
  console.error('bench/checkout-load.ts is started by bench/run.ts (IPC).');
  process.exit(2);
}
process.on('message', (m: ToCheckout) => {
  const answer: Promise<FromCheckout> =
    m.type === 'setup' ? setup(m) : m.type === 'apply-code' ? applyCode(m.code) : run(m).then((result): FromCheckout => ({ type: 'checked-out', result }));
  answer.then(send, (err: unknown) => send({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
});
process.on('disconnect', () => process.exit(0));
