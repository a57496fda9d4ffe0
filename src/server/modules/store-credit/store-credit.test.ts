/**
 * Store credit spent at checkout (issue 49), through the real API on PGlite and PostgreSQL: part of
 * an online payment or all of it, the provider asked only for the rest, the credit taken in the
 * transaction that places the order (two checkouts at once cannot spend it twice), given back once
 * when the order lapses or is cancelled, and a returned piece refunded the way it was paid: the
 * provider's part to the payment, the credit's part as credit. Another shopper has none of it.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { orders, paymentIssues, returnRefunds, storeCredits, storeCreditSpends } from '../../db/schema/index.ts';
import { openPostgres } from '../../db/client.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { returnsShopForFile } from '../../test/returns-kit.ts';
import { CREDIT_CHANGED } from './store-credit.service.ts';

const k = returnsShopForFile('Vastra Returns\nJayanagar, Bengaluru 560011');
const { p, db, shopperCookie, kurta } = k;

afterEach(async () => {
  // Every spend is from a grant of its own shopper (never below nothing or above the grant: the table's checks).
  const spends = await db().select({ spendUser: orders.userId, grantUser: storeCredits.userId }).from(storeCreditSpends).innerJoin(orders, eq(orders.id, storeCreditSpends.orderId)).innerJoin(storeCredits, eq(storeCredits.id, storeCreditSpends.creditId));
  for (const s of spends) expect(s.spendUser).toBe(s.grantUser);
});

/** Credit for the shopper, as a passed return grants it. */
async function granted(amount: number, userId = p.shopper.s.id): Promise<void> {
  await db().insert(storeCredits).values({ userId, amount, remaining: amount, expiresAt: new Date(Date.now() + 365 * 86_400_000) });
}
const balance = async (cookie = shopperCookie()) => (await (await send(p.t, 'GET', '/api/account/store-credit', undefined, cookie)).json()).balance as number;
const quoteOf = async (productId: number, cookie = shopperCookie()) => (await send(p.t, 'GET', `/api/checkout/quote?buyNow=${productId}&size=M`, undefined, cookie)).json();
const start = (productId: number, expectedTotal: number, credit: number, cookie = shopperCookie(), placementKey?: string, server: Parameters<typeof send>[0] = p.t) =>
  send(server, 'POST', '/api/checkout/orders', { addressId: p.shopper.address.id, buyNow: { productId, size: 'M' }, expectedTotal, credit, ...(placementKey && { placementKey }) }, cookie);
const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

async function spendAll(): Promise<void> {
  const left = await balance();
  if (left > 0) await db().update(storeCredits).set({ remaining: 0 }).where(eq(storeCredits.userId, p.shopper.s.id));
}

describe('store credit at checkout', () => {
  it('pays part of an online payment: the provider is asked for the rest, and the order is paid when it is', async () => {
    await spendAll();
    await granted(500_00);
    const productId = await kurta({ M: 5 });
    const quote = await quoteOf(productId);
    expect(quote.storeCredit).toBe(500_00);
    const res = await start(productId, quote.amounts.total, 500_00);
    expect(res.status, await res.clone().text()).toBe(201);
    const started = await res.json();
    expect(started).toMatchObject({ creditUsed: 500_00, paidWithCredit: false });
    expect(await balance()).toBe(0);
    const success = await (await send(p.t, 'POST', `/api/checkout/orders/${started.orderId}/test-payment`, undefined, shopperCookie())).json();
    expect((await send(p.t, 'POST', `/api/checkout/orders/${started.orderId}/confirm`, success, shopperCookie())).status).toBe(200);
    expect(await orderOf(started.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processing', creditUsed: 500_00, total: quote.amounts.total });
    const listed = (await (await send(p.t, 'GET', '/api/orders', undefined, shopperCookie())).json()).items.find((o: { id: string }) => o.id === started.orderId);
    expect(listed.creditUsed).toBe(500_00);
  });

  it('pays all of an order it covers: paid at once, no dialog, the owner sees and ships it', async () => {
    await spendAll();
    await granted(5_000_00);
    const productId = await kurta({ M: 5 });
    const quote = await quoteOf(productId);
    const res = await start(productId, quote.amounts.total, quote.amounts.total);
    expect(res.status, await res.clone().text()).toBe(201);
    const started = await res.json();
    expect(started).toMatchObject({ paidWithCredit: true, creditUsed: quote.amounts.total });
    expect(await orderOf(started.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processing', paymentId: null, stockState: 'sold' });
    expect(await balance()).toBe(5_000_00 - quote.amounts.total);
    expect((await send(p.t, 'GET', `/api/admin/orders/${started.orderId}`, undefined, p.owner.cookie)).status).toBe(200);
    expect((await p.book(started.orderId)).status).toBe(200);
  });

  it('pays for one order however often the same press is sent (a retry after a lost answer)', async () => {
    await spendAll();
    await granted(10_000_00);
    const productId = await kurta({ M: 5 });
    const quote = await quoteOf(productId);
    const key = crypto.randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => start(productId, quote.amounts.total, quote.amounts.total, shopperCookie(), key)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).orderId)));
    expect(ids.size).toBe(1);
    expect(await balance()).toBe(10_000_00 - quote.amounts.total);
  });

  it('given back after its grant ended meanwhile, is not lost: the grant lasts 30 days more', async () => {
    await spendAll();
    await granted(300_00);
    const productId = await kurta({ M: 5 });
    const quote = await quoteOf(productId);
    const started = await (await start(productId, quote.amounts.total, 300_00)).json();
    await db().update(storeCredits).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(storeCredits.userId, p.shopper.s.id));
    expect((await send(p.t, 'POST', `/api/checkout/orders/${started.orderId}/abandon`, undefined, shopperCookie())).status).toBe(200);
    expect(await balance()).toBe(300_00);
  });

  it('is refused when it is more than is left, leaves less than ₹1 to pay, or is negative; nothing is written', async () => {
    await spendAll();
    await granted(100_00);
    const productId = await kurta({ M: 5 });
    const quote = await quoteOf(productId);
    const before = (await db().select().from(orders)).length;
    for (const [credit, status] of [
      [200_00, 409],
      [quote.amounts.total - 50, 409],
      [-1, 422],
    ] as const) {
      const res = await start(productId, quote.amounts.total, credit);
      expect(res.status, String(credit)).toBe(status);
      if (status === 409) expect((await res.json()).message).toBe(CREDIT_CHANGED);
    }
    expect((await db().select().from(orders)).length).toBe(before);
    expect(await balance()).toBe(100_00);
  });

  it('cannot be spent twice by two checkouts at once, on two app servers (PostgreSQL)', async () => {
    const second = p.t.databaseUrl ? await openPostgres(p.t.databaseUrl, 2) : undefined;
    try {
      const other = second ? { app: p.t.another(second.db) } : p.t;
      await spendAll();
      await granted(2_000_00);
      const [a, b] = [await kurta({ M: 5 }), await kurta({ M: 5 })];
      const [qa, qb] = [await quoteOf(a), await quoteOf(b)];
      // Each wants more than half of the credit: one is placed, the other told its credit changed.
      const answers = await Promise.all([start(a, qa.amounts.total, qa.amounts.total), start(b, qb.amounts.total, qb.amounts.total, shopperCookie(), undefined, other)]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await balance()).toBe(2_000_00 - qa.amounts.total);
    } finally {
      await second?.close();
    }
  });

  it('comes back once when the payment is closed unpaid, and when a paid order is cancelled (the provider refunds only its part)', async () => {
    await spendAll();
    await granted(400_00);
    const productId = await kurta({ M: 5 });
    const quote = await quoteOf(productId);
    const first = await (await start(productId, quote.amounts.total, 400_00)).json();
    expect(await balance()).toBe(0);
    for (let i = 0; i < 2; i++) expect((await send(p.t, 'POST', `/api/checkout/orders/${first.orderId}/abandon`, undefined, shopperCookie())).status).toBe(200);
    expect(await balance()).toBe(400_00);

    const second = await (await start(productId, quote.amounts.total, 400_00)).json();
    const success = await (await send(p.t, 'POST', `/api/checkout/orders/${second.orderId}/test-payment`, undefined, shopperCookie())).json();
    expect((await send(p.t, 'POST', `/api/checkout/orders/${second.orderId}/confirm`, success, shopperCookie())).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await send(p.t, 'POST', `/api/orders/${second.orderId}/cancel`, { reason: 'I ordered it by mistake' }, shopperCookie())).status).toBe(200);
    expect(await balance()).toBe(400_00);
    const [issue] = await db().select().from(paymentIssues).where(eq(paymentIssues.orderId, second.orderId));
    expect(issue).toMatchObject({ kind: 'order_refund', amount: quote.amounts.total - 400_00 });
  });

  it('refunds a returned piece the way it was paid: the provider’s part to the payment, the credit’s as credit', async () => {
    await spendAll();
    await granted(300_00);
    const productId = await kurta({ M: 5 });
    const quote = await quoteOf(productId);
    const started = await (await start(productId, quote.amounts.total, 300_00)).json();
    const success = await (await send(p.t, 'POST', `/api/checkout/orders/${started.orderId}/test-payment`, undefined, shopperCookie())).json();
    expect((await send(p.t, 'POST', `/api/checkout/orders/${started.orderId}/confirm`, success, shopperCookie())).status).toBe(200);
    expect((await p.book(started.orderId)).status).toBe(200);
    const awb = await p.awbOf(started.orderId);
    await p.scan(awb, '42');
    await p.scan(awb, '7');
    const { lines } = await (await send(p.t, 'GET', `/api/orders/${started.orderId}/returns`, undefined, shopperCookie())).json();
    const asked = await k.ask(started.orderId, { lines: [{ lineId: lines[0].lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' });
    const { id } = await asked.json();
    for (const s of ['approve', 'send-yourself', 'received']) expect((await k.step(id, s, s === 'send-yourself' ? { way: 'self' } : {})).status).toBe(200);
    expect((await k.step(id, 'check', { passed: true })).status).toBe(200);
    const refunds = await db().select().from(returnRefunds).where(eq(returnRefunds.requestId, id));
    expect(refunds.map((r) => [r.way, r.amount, r.status]).sort()).toEqual([
      ['source', quote.amounts.total - 300_00, 'processed'],
      ['store_credit', 300_00, 'processed'],
    ]);
    expect(await balance()).toBe(300_00);
  });

  it('is its own shopper’s: another has none to see or spend', async () => {
    await granted(1_000_00);
    const other = await signedUp(p.t, 'Zoya');
    expect(await balance(other.cookie)).toBe(0);
    const productId = await kurta({ M: 5 });
    expect((await quoteOf(productId, other.cookie)).storeCredit).toBe(0);
    const [theirs] = await db().select().from(storeCredits).where(and(eq(storeCredits.userId, other.id)));
    expect(theirs).toBeUndefined();
  });
});
