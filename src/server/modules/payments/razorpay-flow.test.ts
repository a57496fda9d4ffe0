/**
 * The checkout against Razorpay (design.md Payments; reference/razorpay.md §4, §5, §8), played by
 * the local stand-in on PGlite and PostgreSQL: the Razorpay order is made for the server's amount
 * in paise, the browser's confirmation, Razorpay's signed webhooks (on a real socket, as Razorpay
 * posts them) and the reconcile step of a fresh app server each settle an order, and between them
 * they settle it exactly once; a forged or tampered event, a failed attempt and a provider that
 * is down settle nothing.
 */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/addresses.ts';
import type { Cart } from '../../../shared/cart.ts';
import { PAYMENT_NOT_VERIFIED } from '../../../shared/checkout.contract.ts';
import type { CheckoutStart, Order, PaymentConfirmed } from '../../../shared/orders.ts';
import { createApp } from '../../app.ts';
import { composeShop } from '../../compose.ts';
import { mailOutbox, orders, paymentEvents, products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import type { RazorpayStandin } from '../../test/razorpay-standin.ts';
import { TEST_AUTH_SECRET, type TestApp } from '../../test/test-app.ts';
import { lapseUnpaid, startShopOnRazorpay, type ShopOnRazorpay, atShopRate, plentyOfStock } from '../../test/orders-kit.ts';
import { PROVIDER_AWAY } from '../checkout/checkout.service.ts';
import type { CheckoutSuccess } from './provider.ts';
import { hmacHex } from './signatures.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let shop: ShopOnRazorpay;
let standin: RazorpayStandin;
let t: TestApp;
let hookUrl: string;
let meera: Shopper;
let home: Address;
/** Pieces in stock, lowest id first: each test buys its own, so no two share a pending order. */
let ids: number[];

const HOME = { name: 'Meera Iyer', phone: '9876543210', house: 'Flat 4B, Lotus Apartments', street: '12 Cathedral Road', city: 'Chennai', state: 'Tamil Nadu', pincode: '600086' };

beforeAll(async () => {
  shop = await startShopOnRazorpay();
  ({ t, standin, hookUrl } = shop);
  await plentyOfStock(t);
  await atShopRate(t);
  meera = await signedUp(t, 'Meera');
  const res = await send(t, 'POST', '/api/addresses', HOME, meera.cookie);
  expect(res.status).toBe(201);
  home = (await res.json()) as Address;
  ids = (await t.database.db.select({ id: products.id }).from(products).where(and(eq(products.availability, 'In Stock'), isNull(products.sizeListId))).orderBy(asc(products.id))).map((p) => p.id);
});
afterAll(() => shop?.close());
afterEach(() => lapseUnpaid(t));

async function priced(id: number, price: number) {
  await t.database.db.update(products).set({ price, offerPrice: null }).where(eq(products.id, id));
}

const start = (body: unknown) => send(t, 'POST', '/api/checkout/orders', body, meera.cookie);

/** Starts a Buy Now of `productId` (priced first, if a price is given) at the server's total. */
async function buyNow(productId: number, price?: number): Promise<CheckoutStart> {
  if (price !== undefined) await priced(productId, price);
  const q = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}`, undefined, meera.cookie)).json();
  expect(q.paymentMode).toBe('razorpay');
  const res = await start({ addressId: home.id, buyNow: { productId }, expectedTotal: q.amounts.total });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CheckoutStart;
}

const confirm = (orderId: string, success: CheckoutSuccess) => send(t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, meera.cookie);

/** The webhook route called directly, with exactly these bytes and headers. */
const deliver = (body: string, headers: Record<string, string>) =>
  t.app.request('/api/payments/razorpay/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

async function handled(res: Response | Promise<Response>): Promise<string> {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(200);
  return (body as { handled: string }).handled;
}

const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paidWith = (paymentId: string) => t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, paymentId));
const mailsAbout = async (orderNumber: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order_confirmation'), eq(mailOutbox.toAddress, meera.email), sql`${mailOutbox.subject} like ${`%${orderNumber}%`}`))
  )[0]!.n;
const eventsOf = (paymentId: string) => t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));

async function ordersListed(): Promise<Order[]> {
  const res = await send(t, 'GET', '/api/orders', undefined, meera.cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Order[] }).items;
}

describe('starting a payment', () => {
  it('makes a Razorpay order for the server’s total in paise, with our order number as its receipt', async () => {
    const before = standin.requests.length;
    const s = await buyNow(ids[0]!, 1234_56);
    expect(s.provider).toEqual({ mode: 'razorpay', keyId: standin.keyId, orderId: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/) });
    expect(s.amounts.total).toBe(1234_56);
    const made = standin.orders.get(s.provider.orderId)!;
    expect(made).toMatchObject({ amount: 1234_56, currency: 'INR', receipt: s.orderNumber, status: 'created', notes: { order_id: s.orderId } });
    // Captured automatically only within the pieces' reservation window (the owner's setting, 15 minutes by default).
    expect(standin.captureMinutes.get(s.provider.orderId)).toBe(15);
    expect(standin.requests.slice(before)).toEqual([{ method: 'POST', path: '/v1/orders', authOk: true }]);
    expect(await orderRow(s.orderId)).toMatchObject({ providerOrderId: s.provider.orderId, paymentProvider: 'razorpay', paymentStatus: 'pending' });
    // The secret never reaches the page.
    expect(JSON.stringify(s)).not.toContain(standin.keySecret);
  });

  it('asks for an amount with GST added when prices exclude it, still whole paise', async () => {
    await t.database.db.execute(sql`update pricing_settings set setting_value = 'false' where setting_name = 'prices_include_gst'`);
    try {
      const s = await buyNow(ids[1]!, 333_33);
      // 333.33 + ₹149 shipping below ₹499, each with 18% GST added (60.00 and 26.82).
      expect(s.amounts).toMatchObject({ subtotal: 333_33, gstAmount: 86_82, shippingCharges: 149_00, total: 569_15, gstIncluded: false });
      expect(standin.orders.get(s.provider.orderId)!.amount).toBe(569_15);
    } finally {
      await t.database.db.execute(sql`update pricing_settings set setting_value = 'true' where setting_name = 'prices_include_gst'`);
    }
  });

  it('answers 502 payment_unavailable when Razorpay answers 500, offers no order, and a retry offers that same order', async () => {
    const q = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${ids[2]}`, undefined, meera.cookie)).json();
    const listed = (await ordersListed()).length;
    for (const status of [500, 503, 401]) {
      standin.failNext(1, status);
      const res = await start({ addressId: home.id, buyNow: { productId: ids[2] }, expectedTotal: q.amounts.total });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ code: 'payment_unavailable', message: PROVIDER_AWAY });
    }
    expect(await ordersListed()).toHaveLength(listed);
    // Written once (each retry of the same purchase takes the same order), but never offered: no
    // Razorpay order, so no one can pay it.
    const unoffered = await t.database.db.select().from(orders).where(and(eq(orders.userId, meera.id), sql`${orders.providerOrderId} is null`));
    expect(unoffered).toHaveLength(1);
    expect(unoffered[0]!.paymentStatus).toBe('pending');

    const res = await start({ addressId: home.id, buyNow: { productId: ids[2] }, expectedTotal: q.amounts.total });
    expect(res.status).toBe(201);
    const s = (await res.json()) as CheckoutStart;
    expect(standin.orders.has(s.provider.orderId)).toBe(true);
    const now = await ordersListed();
    expect(now).toHaveLength(listed + 1);
    expect(now[0]!.id).toBe(s.orderId);
    expect(s.orderId).toBe(unoffered[0]!.id);
  });

  it('has no test payments: 404', async () => {
    const s = await buyNow(ids[3]!);
    const res = await send(t, 'POST', `/api/checkout/orders/${s.orderId}/test-payment`, undefined, meera.cookie);
    expect(res.status).toBe(404);
  });
});

describe('the browser’s confirmation', () => {
  it('settles the order with what checkout.js handed the page: paid, one mail', async () => {
    const s = await buyNow(ids[4]!, 2100_00);
    const success = standin.pay(s.provider.orderId);
    const res = await confirm(s.orderId, success);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ orderId: s.orderId, orderNumber: s.orderNumber, paymentId: success.razorpay_payment_id } satisfies PaymentConfirmed);
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processing', paymentId: success.razorpay_payment_id });
    expect(await mailsAbout(s.orderNumber)).toBe(1);
  });

  it('refuses a signature made with another secret, or for another Razorpay order', async () => {
    const s = await buyNow(ids[5]!, 900_00);
    const other = await buyNow(ids[6]!, 150_00);
    const real = standin.pay(s.provider.orderId);
    const cheap = standin.pay(other.provider.orderId);
    for (const forged of [
      { ...real, razorpay_signature: hmacHex('not-the-key-secret', `${s.provider.orderId}|${real.razorpay_payment_id}`) },
      { ...real, razorpay_signature: hmacHex(standin.webhookSecret, `${s.provider.orderId}|${real.razorpay_payment_id}`) },
      cheap,
      { ...cheap, razorpay_order_id: s.provider.orderId },
    ]) {
      const res = await confirm(s.orderId, forged);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 'payment_not_verified', message: PAYMENT_NOT_VERIFIED });
    }
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect((await confirm(s.orderId, real)).status).toBe(200);
    expect((await confirm(other.orderId, cheap)).status).toBe(200);
  });

  it('asks Razorpay before it believes a signature: a payment Razorpay does not hold is refused; Razorpay away is a 502 to retry', async () => {
    const s = await buyNow(ids[7]!, 640_00);
    const success = standin.pay(s.provider.orderId);
    // A correctly signed id that Razorpay never saw (a leaked key secret could sign one).
    const invented = 'pay_Invented000001';
    const forged = { ...success, razorpay_payment_id: invented, razorpay_signature: hmacHex(standin.keySecret, `${s.provider.orderId}|${invented}`) };
    const res = await confirm(s.orderId, forged);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('payment_not_verified');
    standin.failNext(3, 503);
    const away = await confirm(s.orderId, success);
    expect(away.status).toBe(502);
    expect((await away.json()).code).toBe('payment_unavailable');
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect((await confirm(s.orderId, success)).status).toBe(200);
  });

  it('does not offer again an order the browser paid but never confirmed: it settles it and says so', async () => {
    const first = await buyNow(ids[8]!, 720_00);
    standin.pay(first.provider.orderId);
    const q = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${ids[8]!}`, undefined, meera.cookie)).json();
    const again = await start({ addressId: home.id, buyNow: { productId: ids[8]! }, expectedTotal: q.amounts.total });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('already_paid');
    expect(await orderRow(first.orderId)).toMatchObject({ paymentStatus: 'paid' });
    expect(await mailsAbout(first.orderNumber)).toBe(1);
  });

  it('asks Razorpay before a new checkout takes over an unpaid order holding the same piece: one paid meanwhile is settled, and nothing is bought twice (issue 53)', async () => {
    const first = await buyNow(ids[30]!, 910_00);
    standin.pay(first.provider.orderId);
    // The same piece again, from the cart: a different purchase, which would supersede the first.
    expect((await send(t, 'POST', '/api/cart/items', { productId: ids[30]! }, meera.cookie)).status).toBe(200);
    const q = await (await send(t, 'GET', '/api/checkout/quote', undefined, meera.cookie)).json();
    const again = await start({ addressId: home.id, expectedTotal: q.amounts.total });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('already_paid');
    expect(await orderRow(first.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
    expect(await mailsAbout(first.orderNumber)).toBe(1);
    expect((await send(t, 'DELETE', `/api/cart/items/${ids[30]!}`, undefined, meera.cookie)).status).toBeLessThan(300);
  });
});

describe('Razorpay’s webhook', () => {
  it('settles an order whose browser never came back, and the late browser is answered the same', async () => {
    const s = await buyNow(ids[7]!, 1500_00);
    const success = standin.pay(s.provider.orderId);
    const res = await standin.webhook(hookUrl, 'payment.captured', success.razorpay_payment_id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ handled: 'paid' });
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processing', paymentId: success.razorpay_payment_id });
    expect(await mailsAbout(s.orderNumber)).toBe(1);
    const late = await confirm(s.orderId, success);
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ orderId: s.orderId, orderNumber: s.orderNumber, paymentId: success.razorpay_payment_id });
    expect(await mailsAbout(s.orderNumber)).toBe(1);
  });

  it('settles on order.paid too', async () => {
    const s = await buyNow(ids[8]!, 700_00);
    const success = standin.pay(s.provider.orderId);
    expect(await handled(standin.webhook(hookUrl, 'order.paid', success.razorpay_payment_id))).toBe('paid');
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('changes nothing on a redelivery of an event id, nor on a second event for a settled payment', async () => {
    const s = await buyNow(ids[9]!, 820_00);
    const success = standin.pay(s.provider.orderId);
    const pay = success.razorpay_payment_id;
    expect(await handled(standin.webhook(hookUrl, 'payment.captured', pay, { eventId: 'evt_Dup0000000001' }))).toBe('paid');
    const paidAt = (await orderRow(s.orderId)).paidAt;
    for (let i = 0; i < 3; i++) expect(await handled(standin.webhook(hookUrl, 'payment.captured', pay, { eventId: 'evt_Dup0000000001' }))).toBe('duplicate');
    expect(await handled(standin.webhook(hookUrl, 'order.paid', pay, { eventId: 'evt_Dup0000000002' }))).toBe('already');
    expect(await eventsOf(pay)).toHaveLength(2);
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'paid', paidAt });
    expect(await mailsAbout(s.orderNumber)).toBe(1);
  });

  it('answers 400 to a bad or missing signature, records nothing, and the genuine delivery still settles', async () => {
    const s = await buyNow(ids[10]!, 640_00);
    const success = standin.pay(s.provider.orderId);
    const pay = success.razorpay_payment_id;
    const forged = await standin.webhook(hookUrl, 'payment.captured', pay, { eventId: 'evt_Forged00000001', secret: 'not-the-webhook-secret' });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ code: 'bad_signature', message: 'The signature does not match.' });
    // Signed with the key secret instead of the webhook secret: not Razorpay's either.
    expect((await standin.webhook(hookUrl, 'payment.captured', pay, { eventId: 'evt_Forged00000001', secret: standin.keySecret })).status).toBe(400);
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: pay, order_id: s.provider.orderId, amount: 640_00, status: 'captured' } } } });
    const unsigned: Record<string, string>[] = [
      { 'X-Razorpay-Event-Id': 'evt_Forged00000001' },
      { 'X-Razorpay-Signature': '', 'X-Razorpay-Event-Id': 'evt_Forged00000001' },
      { 'X-Razorpay-Signature': 'zz', 'X-Razorpay-Event-Id': 'evt_Forged00000001' },
    ];
    for (const headers of unsigned) {
      expect((await deliver(body, headers)).status).toBe(400);
    }
    // Re-serialised JSON is other bytes: its signature no longer matches (pitfall 5).
    const spaced = JSON.stringify(JSON.parse(body), null, 1);
    expect((await deliver(spaced, { 'X-Razorpay-Signature': hmacHex(standin.webhookSecret, body), 'X-Razorpay-Event-Id': 'evt_Forged00000001' })).status).toBe(400);
    expect(await eventsOf(pay)).toEqual([]);
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'pending' });
    // The same event id, delivered for real, is not taken for a duplicate.
    expect(await handled(standin.webhook(hookUrl, 'payment.captured', pay, { eventId: 'evt_Forged00000001' }))).toBe('paid');
  });

  it('settles nothing on a tampered amount, nor on a signed event whose amount is not the order’s', async () => {
    const s = await buyNow(ids[11]!, 1010_00);
    const success = standin.pay(s.provider.orderId);
    const pay = success.razorpay_payment_id;
    const tampered = await standin.webhook(hookUrl, 'payment.captured', pay, { tamper: true });
    expect(tampered.status).toBe(400);
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'pending' });

    // Correctly signed (as a leaked webhook secret, or a payment on a changed order, would be), but for a rupee less.
    for (const [eventId, amount] of [
      ['evt_Amount00000001', 1009_00],
      ['evt_Amount00000002', '101000'],
      ['evt_Amount00000003', undefined],
    ] as const) {
      const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: pay, order_id: s.provider.orderId, amount, currency: 'INR', status: 'captured' } } } });
      const outcome = await handled(deliver(body, { 'X-Razorpay-Signature': hmacHex(standin.webhookSecret, body), 'X-Razorpay-Event-Id': eventId }));
      expect(outcome).toBe(amount === 1009_00 ? 'amount-mismatch' : 'recorded');
    }
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'pending', paymentId: null });
    expect(await mailsAbout(s.orderNumber)).toBe(0);
    expect(await handled(standin.webhook(hookUrl, 'payment.captured', pay))).toBe('paid');
  });

  it('records payment.failed and never cancels: a later capture still settles', async () => {
    const s = await buyNow(ids[12]!, 560_00);
    const failed = standin.fail(s.provider.orderId);
    expect(await handled(standin.webhook(hookUrl, 'payment.failed', failed.id))).toBe('recorded');
    const [event] = await eventsOf(failed.id);
    expect(event).toMatchObject({ event: 'payment.failed', providerOrderId: s.provider.orderId, provider: 'razorpay' });
    expect(await orderRow(s.orderId)).toMatchObject({ status: 'pending', paymentStatus: 'pending', paymentId: null });
    expect((await ordersListed()).find((o) => o.id === s.orderId)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });

    const success = standin.pay(s.provider.orderId);
    expect(await handled(standin.webhook(hookUrl, 'payment.captured', success.razorpay_payment_id))).toBe('paid');
    // A failure reported late, after the capture, changes nothing either.
    expect(await handled(standin.webhook(hookUrl, 'payment.failed', failed.id))).toBe('recorded');
    expect(await orderRow(s.orderId)).toMatchObject({ status: 'processing', paymentStatus: 'paid', paymentId: success.razorpay_payment_id });
  });

  // BUG (reported): the event is recorded as seen before, and apart from, its settlement. When the
  // settlement fails (a database error), Razorpay's retry of that event is answered 'duplicate' and
  // the order waits for the reconcile step instead of being settled by the retry.
  it('settles on Razorpay’s retry of an event whose first delivery failed on our side', async () => {
    const s = await buyNow(ids[14]!, 880_00);
    const success = standin.pay(s.provider.orderId);
    await t.database.db.execute(sql.raw(`create function vastra_test_hiccup() returns trigger language plpgsql as $$ begin raise exception 'database hiccup'; end $$`));
    await t.database.db.execute(sql.raw(`create trigger vastra_test_hiccup before update on orders for each row when (old.id = '${s.orderId}') execute function vastra_test_hiccup()`));
    try {
      const first = await standin.webhook(hookUrl, 'payment.captured', success.razorpay_payment_id, { eventId: 'evt_Retry00000001' });
      expect(first.status).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger vastra_test_hiccup on orders'));
      await t.database.db.execute(sql.raw('drop function vastra_test_hiccup()'));
    }
    const retry = await standin.webhook(hookUrl, 'payment.captured', success.razorpay_payment_id, { eventId: 'evt_Retry00000001' });
    try {
      expect(await retry.json()).toEqual({ handled: 'paid' });
      expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'paid' });
    } finally {
      // Settled either way, so that the reconcile tests below find only their own orders.
      await confirm(s.orderId, success);
    }
  });

  it('an event for an order the shop never made is recorded and settles nothing', async () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_Unknown0000001', order_id: 'order_Unknown000001', amount: 100_00, currency: 'INR' } } } });
    expect(await handled(deliver(body, { 'X-Razorpay-Signature': hmacHex(standin.webhookSecret, body), 'X-Razorpay-Event-Id': 'evt_Unknown0000001' }))).toBe('unknown-order');
    expect(await paidWith('pay_Unknown0000001')).toEqual([]);
  });
});

describe('racing', () => {
  it('makes exactly one paid order when the browser confirms twice at once and the webhook arrives three times', async () => {
    const s = await buyNow(ids[13]!, 1999_00);
    const success = standin.pay(s.provider.orderId);
    const pay = success.razorpay_payment_id;
    const [c1, c2, ...hooks] = await Promise.all([
      confirm(s.orderId, success),
      confirm(s.orderId, success),
      standin.webhook(hookUrl, 'payment.captured', pay, { eventId: 'evt_Race000000001' }),
      standin.webhook(hookUrl, 'order.paid', pay, { eventId: 'evt_Race000000002' }),
      standin.webhook(hookUrl, 'payment.captured', pay, { eventId: 'evt_Race000000001' }),
    ]);
    const expected = { orderId: s.orderId, orderNumber: s.orderNumber, paymentId: pay };
    for (const res of [c1!, c2!]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expected);
    }
    const outcomes = [];
    for (const res of hooks) outcomes.push(await handled(res));
    expect(outcomes.filter((o) => o === 'paid').length).toBeLessThanOrEqual(1);
    expect(outcomes.every((o) => ['paid', 'already', 'duplicate'].includes(o))).toBe(true);
    expect(await paidWith(pay)).toEqual([{ id: s.orderId }]);
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
    expect(await mailsAbout(s.orderNumber)).toBe(1);
    expect(await eventsOf(pay)).toHaveLength(2);
  });
});

describe('a server killed between payment and confirmation', () => {
  it('loses nothing: a new app server over the same database reconciles the order once', async () => {
    // A cart purchase, so the settlement's cart clean-up is seen too.
    const [a, b, c] = [ids[20]!, ids[21]!, ids[22]!];
    await priced(a, 450_00);
    await priced(b, 800_00);
    await priced(c, 300_00);
    for (const [productId, quantity] of [[a, 2], [b, 1], [c, 1]] as const) {
      expect((await send(t, 'POST', '/api/cart/items', { productId, quantity }, meera.cookie)).status).toBe(200);
    }
    expect((await send(t, 'PATCH', `/api/cart/items/${c}`, { selected: false }, meera.cookie)).status).toBe(200);
    const q = await (await send(t, 'GET', '/api/checkout/quote', undefined, meera.cookie)).json();
    const res = await start({ addressId: home.id, expectedTotal: q.amounts.total });
    expect(res.status).toBe(201);
    const s = (await res.json()) as CheckoutStart;
    expect(s.amounts.total).toBe(1700_00);

    // Paid at Razorpay, then the app server dies: no confirmation, no webhook.
    const success = standin.pay(s.provider.orderId);
    // An attempt only authorized, never captured, is not taken for a payment.
    const authorizedOnly = await buyNow(ids[23]!, 610_00);
    standin.pay(authorizedOnly.provider.orderId, { capture: false });

    const config = { imagesDir: t.imagesDir, authSecret: TEST_AUTH_SECRET, razorpay: { keyId: standin.keyId, keySecret: standin.keySecret, webhookSecret: standin.webhookSecret, apiBase: standin.url } };
    const freshShop = composeShop({ db: t.database.db, config });
    const fresh = { app: createApp(freshShop) };
    const { payments } = freshShop;
    const window = { from: 0, to: 3600 };
    const first = await payments.reconcile(window);
    expect(first.settled).toBe(1);
    expect(first.checked).toBeGreaterThanOrEqual(2);
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processing', paymentId: success.razorpay_payment_id });
    expect(await orderRow(authorizedOnly.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect(await mailsAbout(s.orderNumber)).toBe(1);
    // The bought lines left the cart; the deselected one stays.
    const cart = (await (await send(fresh, 'GET', '/api/cart', undefined, meera.cookie)).json()) as Cart;
    expect(cart.items.map((i) => [i.productId, i.quantity, i.selected])).toEqual([[c, 1, false]]);

    // Once: again on either server, then the browser's late answer, then the webhook.
    expect((await payments.reconcile(window)).settled).toBe(0);
    expect((await t.shop.payments.reconcile(window)).settled).toBe(0);
    const late = await send(fresh, 'POST', `/api/checkout/orders/${s.orderId}/confirm`, success, meera.cookie);
    expect(late.status).toBe(200);
    expect(await handled(standin.webhook(hookUrl, 'payment.captured', success.razorpay_payment_id))).toBe('already');
    expect(await mailsAbout(s.orderNumber)).toBe(1);
    expect(await paidWith(success.razorpay_payment_id)).toEqual([{ id: s.orderId }]);
    const listed = (await (await send(fresh, 'GET', '/api/orders', undefined, meera.cookie)).json()) as { items: Order[] };
    expect(listed.items.find((o) => o.id === s.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
  });

  it('leaves an order alone while Razorpay cannot be asked, and settles it on the next round', async () => {
    const s = await buyNow(ids[24]!, 720_00);
    const success = standin.pay(s.provider.orderId);
    // Alone in the window, ten minutes old; GETs are retried twice: three failures make the round give up on it.
    await t.database.db.update(orders).set({ createdAt: sql`now() - interval '10 minutes'` }).where(eq(orders.id, s.orderId));
    const window = { from: 300, to: 900 };
    standin.failNext(3, 503);
    expect(await t.shop.payments.reconcile(window)).toMatchObject({ checked: 1, settled: 0 });
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect(await t.shop.payments.reconcile(window)).toMatchObject({ checked: 1, settled: 1 });
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'paid', paymentId: success.razorpay_payment_id });
  });

  it('does not look at orders outside its window', async () => {
    const s = await buyNow(ids[25]!, 730_00);
    standin.pay(s.provider.orderId);
    expect((await t.shop.payments.reconcile({ from: 120, to: 3600 })).settled).toBe(0);
    await t.database.db.update(orders).set({ createdAt: sql`now() - interval '2 hours'` }).where(eq(orders.id, s.orderId));
    // A payment window longer than the order's age: only the reconcile window decides here.
    const day = 24 * 60;
    expect((await t.shop.payments.reconcile({ from: 0, to: 3600 }, day)).settled).toBe(0);
    expect((await t.shop.payments.reconcile({ from: 0, to: 3 * 3600 }, day)).settled).toBe(1);
  });
});
