/**
 * What the held-out probes found at the start of a payment (docs/decisions/0016), sent as they were
 * sent, on PGlite and PostgreSQL: Pay pressed many times at once makes one pending order; one
 * shopper cannot pile up unpaid orders; a cart too large for one order is refused by the quote and
 * the start with a clear message and nothing written (it answered 500, overflowing int4).
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/addresses.ts';
import { ORDER_TOO_LARGE, tooManyUnpaid } from '../../../shared/checkout.contract.ts';
import { MAX_UNPAID_ORDERS, type CheckoutStart } from '../../../shared/orders.ts';
import { cartItems, orders, products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { lapseUnpaid, plentyOfStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp();
  await plentyOfStock(t);
  ids = (await t.database.db.select({ id: products.id }).from(products).where(and(eq(products.availability, 'In Stock'), isNull(products.sizeListId))).orderBy(products.id)).map((p) => p.id);
});
afterAll(() => t.close());
afterEach(() => lapseUnpaid(t));

async function shopper(name: string): Promise<{ s: Shopper; address: Address }> {
  const s = await signedUp(t, name);
  const res = await send(t, 'POST', '/api/addresses', { name: `${name} Rao`, phone: '9876543210', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' }, s.cookie);
  return { s, address: (await res.json()) as Address };
}

const quote = (s: Shopper, buyNow?: number) => send(t, 'GET', `/api/checkout/quote${buyNow ? `?buyNow=${buyNow}` : ''}`, undefined, s.cookie);
const start = (s: Shopper, body: unknown) => send(t, 'POST', '/api/checkout/orders', body, s.cookie);
const ordersOf = async (s: Shopper) => (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, s.id)))[0]!.n;

describe('Pay pressed many times at once', () => {
  it('makes one pending order for one purchase, named by every answer', async () => {
    const { s, address } = await shopper('Uma');
    const q = await (await quote(s, ids[0])).json();
    const body = { addressId: address.id, buyNow: { productId: ids[0] }, expectedTotal: q.amounts.total };
    const answers = await Promise.all(Array.from({ length: 12 }, () => start(s, body)));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(201));
    const started = (await Promise.all(answers.map((r) => r.json()))) as CheckoutStart[];
    expect(new Set(started.map((x) => x.orderId)).size).toBe(1);
    expect(new Set(started.map((x) => x.provider.orderId)).size).toBe(1);
    expect(await ordersOf(s)).toBe(1);
  });

  it('keeps two different purchases apart', async () => {
    const { s, address } = await shopper('Vani');
    const bodies = await Promise.all(
      [ids[1], ids[2]].map(async (productId) => ({ addressId: address.id, buyNow: { productId }, expectedTotal: (await (await quote(s, productId)).json()).amounts.total })),
    );
    const answers = await Promise.all([...bodies, ...bodies, ...bodies].map((b) => start(s, b)));
    expect(answers.every((r) => r.status === 201)).toBe(true);
    expect(new Set((await Promise.all(answers.map((r) => r.json()))).map((x: CheckoutStart) => x.orderId)).size).toBe(2);
    expect(await ordersOf(s)).toBe(2);
  });
});

describe('unpaid orders', () => {
  it(`stops at ${MAX_UNPAID_ORDERS} waiting for payment with a clear message and nothing written; another shopper is not held up`, async () => {
    const { s, address } = await shopper('Wasim');
    for (const productId of ids.slice(3, 3 + MAX_UNPAID_ORDERS)) {
      const q = await (await quote(s, productId)).json();
      expect((await start(s, { addressId: address.id, buyNow: { productId }, expectedTotal: q.amounts.total })).status).toBe(201);
    }
    const productId = ids[3 + MAX_UNPAID_ORDERS]!;
    const q = await (await quote(s, productId)).json();
    const refused = await start(s, { addressId: address.id, buyNow: { productId }, expectedTotal: q.amounts.total });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 'too_many_unpaid', message: tooManyUnpaid(15) });
    expect(await ordersOf(s)).toBe(MAX_UNPAID_ORDERS);
    // Pressing Pay again for one already waiting is still that order, not a new one.
    const again = await (await quote(s, ids[3])).json();
    expect((await start(s, { addressId: address.id, buyNow: { productId: ids[3] }, expectedTotal: again.amounts.total })).status).toBe(201);
    expect(await ordersOf(s)).toBe(MAX_UNPAID_ORDERS);

    const other = await shopper('Xena');
    expect((await start(other.s, { addressId: other.address.id, buyNow: { productId }, expectedTotal: q.amounts.total })).status).toBe(201);
  });
});

describe('a cart too large for one order', () => {
  it('is refused by the quote and the start with the words, writing nothing (3 lines of ₹10,00,000 × 10 overflowed int4)', async () => {
    const { s, address } = await shopper('Yamini');
    const big = ids.slice(20, 23);
    await t.database.db.update(products).set({ price: 10_00_000_00, offerPrice: null }).where(and(eq(products.id, big[0]!)));
    await t.database.db.update(products).set({ price: 10_00_000_00, offerPrice: null }).where(and(eq(products.id, big[1]!)));
    await t.database.db.update(products).set({ price: 10_00_000_00, offerPrice: null }).where(and(eq(products.id, big[2]!)));
    for (const productId of big) expect((await send(t, 'POST', '/api/cart/items', { productId, quantity: 10 }, s.cookie)).status).toBe(200);

    const q = await quote(s);
    expect(q.status).toBe(409);
    expect(await q.json()).toEqual({ code: 'order_too_large', message: ORDER_TOO_LARGE });
    for (const expectedTotal of [300_00_000_00, 2 ** 31, 2 ** 31 - 1, 1]) {
      const res = await start(s, { addressId: address.id, expectedTotal });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ code: 'order_too_large', message: ORDER_TOO_LARGE });
    }
    // One piece at ₹10,00,000 is an order like any other.
    const one = await (await quote(s, big[0])).json();
    expect(one.amounts.total).toBe(10_00_000_00);
    expect(await ordersOf(s)).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, s.id)))[0]!.n).toBe(3);
  });
});
