/**
 * What the held-out probes found in the payment paths (docs/decisions/0016), sent as an attacker or
 * an unlucky shopper would, against the Razorpay stand-in on PGlite and PostgreSQL:
 * - a cancelled order is never offered again nor revived, and a payment that reaches it anyway is
 *   recorded, shown to the owner, refunded once and told to the buyer;
 * - an unpaid order expires after its payment window; a payment after it buys the pieces if they
 *   are still there (issue 16), else is refunded the same way;
 * - signed webhooks that used to answer 500 (a payment id that paid another order, an event id of
 *   3,200 characters, NUL and lone surrogates in the payload) are refused with a 4xx or recorded and
 *   acknowledged, and never retried for ever.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderPage } from '../../../shared/admin-orders.contract.ts';
import type { Address } from '../../../shared/addresses.ts';
import { ORDER_CANCELLED_PAID, ORDER_EXPIRED_PAID } from '../../../shared/checkout.contract.ts';
import type { CheckoutStart, Order } from '../../../shared/orders.ts';
import { mailOutbox, orders, paymentEvents, paymentIssues } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { lapseUnpaid, razorpayShopWithBuyer, setStock, type ShopOnRazorpay } from '../../test/orders-kit.ts';
import type { RazorpayStandin } from '../../test/razorpay-standin.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createStockService } from '../stock/stock.service.ts';
import { hmacHex } from './signatures.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let shop: ShopOnRazorpay;
let standin: RazorpayStandin;
let t: TestApp;
let hookUrl: string;
let lata: Shopper;
let owner: Shopper;
let home: Address;
let ids: number[];
let nextPiece = 0;

beforeAll(async () => {
  ({ shop, lata, owner, home, ids } = await razorpayShopWithBuyer());
  ({ t, standin, hookUrl } = shop);
});
afterAll(() => shop?.close());
afterEach(() => lapseUnpaid(t));

/** Buy Now of a piece no other test here buys. */
async function bought(): Promise<CheckoutStart> {
  const productId = ids[nextPiece++]!;
  const q = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}`, undefined, lata.cookie)).json();
  const res = await send(t, 'POST', '/api/checkout/orders', { addressId: home.id, buyNow: { productId }, expectedTotal: q.amounts.total }, lata.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CheckoutStart;
}

const cancel = (orderId: string) => send(t, 'POST', `/api/admin/orders/${orderId}/status`, { from: 'pending', to: 'cancelled' }, owner.cookie);
const adminOrder = async (orderId: string) => (await (await send(t, 'GET', `/api/admin/orders/${orderId}`, undefined, owner.cookie)).json()) as AdminOrder;
const issuesOf = (orderId: string) => t.database.db.select().from(paymentIssues).where(eq(paymentIssues.orderId, orderId));
const refundMails = async (orderNumber: string) =>
  (await t.database.db.select({ n: count() }).from(mailOutbox).where(and(eq(mailOutbox.kind, 'payment_refund'), sql`${mailOutbox.subject} like ${`%${orderNumber}`}`)))[0]!.n;
const refundsAt = (paymentId: string) => [...standin.refunds.values()].filter((r) => r.payment_id === paymentId);

describe('a cancelled order', () => {
  it('is never offered again: the next Pay for the same purchase makes a new order', async () => {
    const first = await bought();
    expect((await cancel(first.orderId)).status).toBe(200);
    const q = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${ids[nextPiece - 1]}`, undefined, lata.cookie)).json();
    const again = await send(t, 'POST', '/api/checkout/orders', { addressId: home.id, buyNow: { productId: ids[nextPiece - 1] }, expectedTotal: q.amounts.total }, lata.cookie);
    expect(again.status).toBe(201);
    expect(((await again.json()) as CheckoutStart).orderId).not.toBe(first.orderId);
  });

  it('is not revived by a payment that reaches it anyway: recorded, refunded once, told to the buyer and shown to the owner', async () => {
    const s = await bought();
    expect((await cancel(s.orderId)).status).toBe(200);
    // The shopper's dialog was still open: Razorpay takes the money.
    const success = standin.pay(s.provider.orderId);

    const confirmed = await send(t, 'POST', `/api/checkout/orders/${s.orderId}/confirm`, success, lata.cookie);
    expect(confirmed.status, await confirmed.clone().text()).toBe(409);
    expect(await confirmed.json()).toEqual({ code: 'order_cancelled', message: ORDER_CANCELLED_PAID });
    // Razorpay's webhooks for the same payment, twice, and the browser again: no change, no second refund.
    for (const event of ['payment.captured', 'order.paid', 'payment.captured'] as const) {
      const hook = await standin.webhook(hookUrl, event, success.razorpay_payment_id);
      expect(hook.status).toBe(200);
      expect(await hook.json()).toEqual({ handled: 'not-payable' });
    }
    expect((await send(t, 'POST', `/api/checkout/orders/${s.orderId}/confirm`, success, lata.cookie)).status).toBe(409);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, s.orderId));
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'pending', paymentId: null });
    const admin = await adminOrder(s.orderId);
    expect(admin.history.map((h) => h.to)).toEqual(['cancelled']);
    expect(admin.paymentIssues).toEqual([
      expect.objectContaining({ paymentId: success.razorpay_payment_id, kind: 'order_cancelled', refundStatus: 'processed', refundId: expect.stringMatching(/^rfnd_/) }),
    ]);
    expect(refundsAt(success.razorpay_payment_id)).toHaveLength(1);
    expect(standin.payments.get(success.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: s.amounts.total });
    expect(await refundMails(s.orderNumber)).toBe(1);
    // Not in the shopper's orders as paid, nor anywhere as processing.
    const mine = (await (await send(t, 'GET', '/api/orders', undefined, lata.cookie)).json()) as { items: Order[] };
    expect(mine.items.find((o) => o.id === s.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
  });

  it('keeps owing a refund Razorpay could not make yet, and makes it once on the next reconcile pass', async () => {
    const s = await bought();
    expect((await cancel(s.orderId)).status).toBe(200);
    const success = standin.pay(s.provider.orderId);
    standin.failNext(1, 503); // the refund's POST
    const hook = await standin.webhook(hookUrl, 'payment.captured', success.razorpay_payment_id);
    expect(await hook.json()).toEqual({ handled: 'not-payable' });
    expect(await issuesOf(s.orderId)).toEqual([expect.objectContaining({ refundStatus: 'due', refundAttempts: 1, refundId: null })]);
    expect(refundsAt(success.razorpay_payment_id)).toHaveLength(0);

    await t.shop.payments.reconcile();
    await t.shop.payments.reconcile();
    expect(await issuesOf(s.orderId)).toEqual([expect.objectContaining({ refundStatus: 'processed', refundAttempts: 2 })]);
    expect(refundsAt(success.razorpay_payment_id)).toHaveLength(1);
  });
});

describe('an unpaid order past its payment window', () => {
  const aged = (orderId: string, minutes: number) =>
    t.database.db.update(orders).set({ createdAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(orders.id, orderId));

  it('expires: out of the owner’s list and the shopper’s, found by its filter and its number, recorded in its history', async () => {
    const s = await bought();
    await aged(s.orderId, 61);
    expect(await t.shop.payments.reconcile()).toMatchObject({ expired: 1 });
    expect(await t.shop.payments.reconcile()).toMatchObject({ expired: 0 });

    const list = async (query: string) => ((await (await send(t, 'GET', `/api/admin/orders${query}`, undefined, owner.cookie)).json()) as AdminOrderPage).items.map((o) => o.id);
    expect(await list('')).not.toContain(s.orderId);
    expect(await list('?status=expired')).toContain(s.orderId);
    expect(await list(`?search=${s.orderNumber}`)).toContain(s.orderId);
    expect((await adminOrder(s.orderId)).history).toEqual([expect.objectContaining({ from: 'pending', to: 'expired', by: 'the shop (payment window closed)' })]);
    const mine = (await (await send(t, 'GET', '/api/orders', undefined, lata.cookie)).json()) as { items: Order[] };
    expect(mine.items.map((o) => o.id)).not.toContain(s.orderId);
    // The owner can take no step on it.
    expect((await send(t, 'POST', `/api/admin/orders/${s.orderId}/status`, { from: 'expired', to: 'cancelled' }, owner.cookie)).status).toBe(409);
  });

  it('is settled, not expired, when Razorpay holds a captured payment for it', async () => {
    const paidLate = await bought();
    standin.pay(paidLate.provider.orderId);
    await aged(paidLate.orderId, 90);
    const lapsed = await bought();
    await aged(lapsed.orderId, 90);
    expect(await t.shop.payments.reconcile()).toMatchObject({ settled: 1, expired: 1 });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, paidLate.orderId)))[0]).toMatchObject({ status: 'processing', paymentStatus: 'paid', stockState: 'sold' });
  });

  it('is bought after all by a payment Razorpay took after it expired, when its pieces are still there (issue 16)', async () => {
    const lapsed = await bought();
    await aged(lapsed.orderId, 90);
    expect(await t.shop.payments.reconcile()).toMatchObject({ expired: 1 });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, lapsed.orderId)))[0]).toMatchObject({ status: 'expired', stockState: 'released' });

    const success = standin.pay(lapsed.provider.orderId);
    const hook = await standin.webhook(hookUrl, 'payment.captured', success.razorpay_payment_id);
    expect(await hook.json()).toEqual({ handled: 'paid' });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, lapsed.orderId)))[0]).toMatchObject({ status: 'processing', paymentStatus: 'paid', stockState: 'sold' });
    expect(await issuesOf(lapsed.orderId)).toEqual([]);
    expect(refundsAt(success.razorpay_payment_id)).toHaveLength(0);
    expect((await adminOrder(lapsed.orderId)).history.map((h) => [h.from, h.to, h.by])).toEqual([
      ['pending', 'expired', 'the shop (payment window closed)'],
      ['expired', 'pending', 'the shop (paid after its window, pieces still there)'],
    ]);
    expect(await createStockService(t.database.db).ledgerMismatches()).toEqual([]);
  });

  it('is refunded, shown to the owner and told to the buyer when its pieces sold out after it expired (issue 16)', async () => {
    const lapsed = await bought();
    const productId = ids[nextPiece - 1]!;
    await aged(lapsed.orderId, 90);
    expect(await t.shop.payments.reconcile()).toMatchObject({ expired: 1 });
    // Another shopper bought the last piece meanwhile.
    await setStock(t, productId, 0);

    const success = standin.pay(lapsed.provider.orderId);
    const confirm = await send(t, 'POST', `/api/checkout/orders/${lapsed.orderId}/confirm`, success, lata.cookie);
    expect(confirm.status).toBe(409);
    expect(await confirm.json()).toEqual({ code: 'order_expired', message: ORDER_EXPIRED_PAID });
    const hook = await standin.webhook(hookUrl, 'payment.captured', success.razorpay_payment_id);
    expect(await hook.json()).toEqual({ handled: 'not-payable' });
    expect(await issuesOf(lapsed.orderId)).toEqual([expect.objectContaining({ kind: 'order_expired', refundStatus: 'processed' })]);
    expect(refundsAt(success.razorpay_payment_id)).toHaveLength(1);
    expect(await refundMails(lapsed.orderNumber)).toBe(1);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, lapsed.orderId)))[0]).toMatchObject({ status: 'expired', paymentStatus: 'pending', stockState: 'released' });
    expect(await createStockService(t.database.db).ledgerMismatches()).toEqual([]);
  });
});

describe('signed webhooks that answered 500', () => {
  /** A delivery signed with the webhook secret, as only Razorpay (or a leaked secret) could send. */
  function signed(body: string, eventId: string) {
    return fetch(hookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': hmacHex(standin.webhookSecret, body), 'X-Razorpay-Event-Id': eventId },
      body,
    });
  }
  const eventFor = (payment: { id: string; order_id: string; amount: number }, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { ...payment, currency: 'INR', status: 'captured', ...extra } } } });
  const eventsNamed = async (eventId: string) => (await t.database.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]!.n;

  it('a payment id that already paid another order: recorded for the owner, acknowledged, kept (no endless retry), nothing refunded', async () => {
    const paid = await bought();
    const success = standin.pay(paid.provider.orderId);
    expect((await send(t, 'POST', `/api/checkout/orders/${paid.orderId}/confirm`, success, lata.cookie)).status).toBe(200);
    const other = await bought();
    const eventId = `evt_reuse${Date.now()}`;
    const body = eventFor({ id: success.razorpay_payment_id, order_id: other.provider.orderId, amount: other.amounts.total });
    for (let i = 0; i < 3; i++) {
      const res = await signed(body, eventId);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ handled: i === 0 ? 'payment-reused' : 'duplicate' });
    }
    expect(await eventsNamed(eventId)).toBe(1);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, other.orderId)))[0]).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(await issuesOf(other.orderId)).toEqual([expect.objectContaining({ kind: 'payment_reused', refundStatus: 'not_ours' })]);
    expect(refundsAt(success.razorpay_payment_id)).toHaveLength(0);
  });

  it.each([
    ['3,200 characters', 'evt_'.padEnd(3200, 'x')],
    ['101 characters', 'e'.repeat(101)],
    ['spaces and quotes', 'evt "1" 2'],
    ['a percent-encoded NUL', 'evt_%00'],
  ])('an event id of %s: 400, nothing recorded', async (_what, eventId) => {
    const s = await bought();
    const res = await signed(eventFor({ id: 'pay_Bogus00000001', order_id: s.provider.orderId, amount: s.amounts.total }), eventId);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_request' });
    expect(await eventsNamed(eventId)).toBe(0);
  });

  it.each([
    ['a NUL', '\\u0000'],
    ['a lone high surrogate', '\\ud800'],
    ['a lone low surrogate', '\\udfff'],
    ['a NUL inside a key', null],
  ])('%s in the payload: recorded (as U+FFFD) and acknowledged', async (_what, escape) => {
    const s = await bought();
    const eventId = `evt_text${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const base = eventFor({ id: 'pay_NotCaptured01', order_id: s.provider.orderId, amount: s.amounts.total });
    const body = escape === null ? base.replace('"entity":"event"', '"ent\\u0000ity":"event"') : base.replace('"status":"captured"', `"status":"captured","description":"Saree ${escape} gift"`);
    const res = await signed(body, eventId);
    expect(res.status).toBe(200);
    expect(await eventsNamed(eventId)).toBe(1);
    const [stored] = await t.database.db.select({ payload: paymentEvents.payload }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    expect(JSON.stringify(stored!.payload)).toContain('\ufffd');
  });
});
