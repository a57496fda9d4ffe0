/**
 * Cash on Delivery (issue 17) over HTTP, on PGlite and PostgreSQL: every condition with its one
 * line, the fee as its own line, placement made once however often it is sent, the stock taken and
 * the cart cleared in the same transaction, the owner's steps through to the cash collected or the
 * parcel returned, and one shopper kept out of another's.
 */
import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/addresses.ts';
import { codAbove, codBelow, codTooMany, COD_NOT_AT_PIN, COD_VERIFY_EMAIL, type CheckoutDelivery, type CodPlaced } from '../../../shared/cod.ts';
import { DEFAULT_DELIVERY } from '../../../shared/delivery.ts';
import type { Order } from '../../../shared/orders.ts';
import { DEFAULT_PRICING } from '../../../shared/pricing.ts';
import { openPostgres } from '../../db/client.ts';
import { mailOutbox, orders, productSizes, products } from '../../db/schema/index.ts';
import { linkInMail, send, signedUp } from '../../test/accounts-kit.ts';
import { lapsedAndBalanced, plentyOfStock, setStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Quote } from './checkout.quote.ts';
import { PRICE_CHANGED } from './checkout.service.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
let owner: Shopper;
let meera: Shopper;
let arjun: Shopper;
let meeraHome: Address;
let arjunHome: Address;
/** One-size pieces in stock, lowest id first, each priced ₹800 here. */
let ids: number[];
let next = 0;
const piece = () => ids[next++]!;

const HOME = { name: 'Meera Iyer', phone: '9876543210', house: 'Flat 4B', street: '12 Cathedral Road', city: 'Chennai', state: 'Tamil Nadu', pincode: '600086' };
const ARJUN = { name: 'Arjun Rao', phone: '9123456780', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' };

async function verified(name: string): Promise<Shopper> {
  const s = await signedUp(t, name);
  expect((await send(t, 'GET', await linkInMail(t, s.email, 'verify_email'), undefined, s.cookie)).status).toBe(303);
  return s;
}

async function addAddress(s: Shopper, body: unknown): Promise<Address> {
  const res = await send(t, 'POST', '/api/addresses', body, s.cookie);
  expect(res.status).toBe(201);
  return (await res.json()) as Address;
}

beforeAll(async () => {
  t = await createTestApp();
  await plentyOfStock(t);
  owner = await signedUp(t, 'Kamala');
  await t.shop.owners.setOwner(owner.email, true);
  meera = await verified('Meera');
  arjun = await verified('Arjun');
  meeraHome = await addAddress(meera, HOME);
  arjunHome = await addAddress(arjun, ARJUN);
  const rows = await t.database.db.select({ id: products.id, availability: products.availability }).from(products).orderBy(asc(products.id));
  ids = rows.filter((p) => p.availability !== 'Out of Stock').map((p) => p.id);
  await t.database.db.update(products).set({ price: 800_00, offerPrice: null });
});
afterAll(() => t.close());

const quoteFor = async (s: Shopper, productId: number, address: Address) => {
  const res = await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}&address=${address.id}`, undefined, s.cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as Quote & { delivery: CheckoutDelivery };
};
const placeCod = (s: Shopper, body: Record<string, unknown>) => send(t, 'POST', '/api/checkout/cod', { placementKey: crypto.randomUUID(), ...body }, s.cookie);
const buyNowCod = async (s: Shopper, productId: number, address: Address, key = crypto.randomUUID()) => {
  const q = await quoteFor(s, productId, address);
  return placeCod(s, { addressId: address.id, buyNow: { productId }, expectedTotal: q.delivery.cod.total, placementKey: key });
};
const ownOrders = async (s: Shopper) => ((await (await send(t, 'GET', '/api/orders', undefined, s.cookie)).json()) as { items: Order[] }).items;
const stockOf = async (productId: number) => (await t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, ONE_SIZE))))[0]!.stock;
const deliverySettings = (change: object) => send(t, 'PUT', '/api/admin/delivery', { ...DEFAULT_DELIVERY, ...change }, owner.cookie);
const pricing = (change: object) => send(t, 'PUT', '/api/admin/settings', { ...DEFAULT_PRICING, ...change }, owner.cookie);
const move = (orderId: string, from: string, to: string) => send(t, 'POST', `/api/admin/orders/${orderId}/status`, { from, to }, owner.cookie);

/** Each test leaves no Cash on Delivery order open, so the open-order limit starts at 0. */
async function closeOpenCod() {
  await t.database.db.update(orders).set({ status: 'cancelled' }).where(and(eq(orders.paymentMethod, 'cod'), eq(orders.paymentStatus, 'pending')));
}

describe('checkout offers Cash on Delivery', () => {
  it('for a delivered PIN, within the limits, to a verified shopper: with the delivery date', async () => {
    const q = await quoteFor(meera, piece(), meeraHome);
    expect(q.delivery).toEqual({
      served: true,
      text: expect.stringMatching(/^Delivery (by|between) /),
      cod: { offered: true, reason: null, fee: 0, total: q.amounts.total, amounts: { ...q.amounts, codFee: 0 } },
    });
  });

  it('not to a shopper whose e-mail is not verified, and the server refuses the order too', async () => {
    const lata = await signedUp(t, 'Lata');
    const home = await addAddress(lata, HOME);
    const id = piece();
    const q = await quoteFor(lata, id, home);
    expect(q.delivery.cod).toMatchObject({ offered: false, reason: COD_VERIFY_EMAIL });
    const res = await placeCod(lata, { addressId: home.id, buyNow: { productId: id }, expectedTotal: q.delivery.cod.total });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(COD_VERIFY_EMAIL);
  });

  it('not above the owner’s maximum or below its minimum, nor where the owner’s rule stops it; nothing is sold to a PIN not delivered to', async () => {
    expect((await deliverySettings({ codMaxPaise: 500_00 })).status).toBe(200);
    expect((await quoteFor(meera, piece(), meeraHome)).delivery.cod.reason).toBe(codAbove(500_00));
    // Below the owner's minimum: told what the smallest order is, and the server refuses it too.
    await deliverySettings({ codMinPaise: 5_000_00 });
    const small = piece();
    const below = await quoteFor(meera, small, meeraHome);
    expect(below.delivery.cod).toMatchObject({ offered: false, reason: codBelow(5_000_00) });
    expect(codBelow(5_000_00)).toBe('Cash on Delivery is available on orders of ₹5,000 or more.');
    const refused = await placeCod(meera, { addressId: meeraHome.id, buyNow: { productId: small }, expectedTotal: below.delivery.cod.total });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(codBelow(5_000_00));
    await deliverySettings({});
    expect((await send(t, 'PUT', '/api/admin/pin-rules', { prefix: '600086', rule: 'no_cod' }, owner.cookie)).status).toBe(200);
    expect((await quoteFor(meera, piece(), meeraHome)).delivery.cod.reason).toBe(COD_NOT_AT_PIN);
    await send(t, 'PUT', '/api/admin/pin-rules', { prefix: '6000', rule: 'not_served' }, owner.cookie);
    await send(t, 'DELETE', '/api/admin/pin-rules/600086', undefined, owner.cookie);
    const id = piece();
    const q = await quoteFor(meera, id, meeraHome);
    expect(q.delivery).toMatchObject({ served: false, text: 'We do not deliver to this pincode yet.', cod: { offered: false, reason: 'We do not deliver to this pincode yet.' } });
    const online = await send(t, 'POST', '/api/checkout/orders', { addressId: meeraHome.id, buyNow: { productId: id }, expectedTotal: q.amounts.total }, meera.cookie);
    expect(online.status).toBe(409);
    expect((await online.json()).message).toBe('We do not deliver to this pincode yet.');
    await send(t, 'DELETE', '/api/admin/pin-rules/6000', undefined, owner.cookie);
  });
});

describe('placing a Cash on Delivery order', () => {
  it('confirms it at once with the fee as its own line: processing, the stock taken, the mail written', async () => {
    await closeOpenCod();
    expect((await pricing({ codFee: 49_00 })).status).toBe(200);
    const id = piece();
    const before = await stockOf(id);
    const q = await quoteFor(meera, id, meeraHome);
    expect(q.delivery.cod).toMatchObject({ offered: true, fee: 49_00, total: q.amounts.total + 49_00 });
    // The fee carries GST at the piece's rate (issue 18): contained in it, so the total is the same.
    expect(q.delivery.cod.amounts).toMatchObject({ codFee: 49_00, total: q.amounts.total + 49_00 });
    expect(q.delivery.cod.amounts.gstAmount).toBeGreaterThan(q.amounts.gstAmount);
    const stale = await placeCod(meera, { addressId: meeraHome.id, buyNow: { productId: id }, expectedTotal: q.amounts.total });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe(PRICE_CHANGED);

    const res = await placeCod(meera, { addressId: meeraHome.id, buyNow: { productId: id }, expectedTotal: q.delivery.cod.total });
    expect(res.status).toBe(201);
    const placed = (await res.json()) as CodPlaced;
    expect(placed).toMatchObject({ orderNumber: expect.stringMatching(/^VA\d+$/), total: q.delivery.cod.total });
    const order = (await ownOrders(meera)).find((o) => o.id === placed.orderId)!;
    expect(order).toMatchObject({ status: 'processing', paymentStatus: 'pending', paymentMethod: 'cod', paymentId: null, amounts: { codFee: 49_00, total: placed.total } });
    expect(await stockOf(id)).toBe(before - 1);
    const [mail] = await t.database.db.select({ text: mailOutbox.textBody }).from(mailOutbox).where(eq(mailOutbox.toAddress, meera.email)).orderBy(asc(mailOutbox.id)).offset(1);
    expect(mail!.text).toContain(`Pay ₹${(placed.total / 100).toLocaleString('en-IN')} in cash or UPI when it arrives.`);
    expect(mail!.text).toContain('Cash on Delivery fee ₹49.00');
    await pricing({});
    expect(await lapsedAndBalanced(t)).toEqual([]);
  });

  it('makes one order however often the same press arrives: a double tap, a retry, twelve at once', async () => {
    await closeOpenCod();
    const id = piece();
    const key = crypto.randomUUID();
    const first = await buyNowCod(meera, id, meeraHome, key);
    const again = await buyNowCod(meera, id, meeraHome, key);
    expect(first.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    const racing = crypto.randomUUID();
    const q = await quoteFor(meera, piece(), meeraHome);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => placeCod(meera, { addressId: meeraHome.id, buyNow: { productId: q.lines[0]!.productId }, expectedTotal: q.delivery.cod.total, placementKey: racing })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as CodPlaced).orderId))).size).toBe(1);
    const mine = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.placementKey, racing));
    expect(mine).toHaveLength(1);
  });

  it('stops at the owner’s number of open Cash on Delivery orders', async () => {
    await closeOpenCod();
    expect((await buyNowCod(meera, piece(), meeraHome)).status).toBe(201);
    expect((await buyNowCod(meera, piece(), meeraHome)).status).toBe(201);
    const q = await quoteFor(meera, piece(), meeraHome);
    expect(q.delivery.cod.reason).toBe(codTooMany(2));
    const res = await placeCod(meera, { addressId: meeraHome.id, buyNow: { productId: q.lines[0]!.productId }, expectedTotal: q.delivery.cod.total });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(codTooMany(2));
  });

  it('takes the cart’s selected lines out of the cart; Buy Now leaves the cart alone', async () => {
    await closeOpenCod();
    const [a, b] = [piece(), piece()];
    await send(t, 'POST', '/api/cart/items', { productId: a, quantity: 1 }, meera.cookie);
    const q = (await (await send(t, 'GET', `/api/checkout/quote?address=${meeraHome.id}`, undefined, meera.cookie)).json()) as Quote & { delivery: CheckoutDelivery };
    expect((await placeCod(meera, { addressId: meeraHome.id, expectedTotal: q.delivery.cod.total })).status).toBe(201);
    const cart = await (await send(t, 'GET', '/api/cart', undefined, meera.cookie)).json();
    expect(cart.items.map((i: { productId: number }) => i.productId)).not.toContain(a);
    await send(t, 'POST', '/api/cart/items', { productId: b, quantity: 1 }, meera.cookie);
    await closeOpenCod();
    expect((await buyNowCod(meera, piece(), meeraHome)).status).toBe(201);
    const kept = await (await send(t, 'GET', '/api/cart', undefined, meera.cookie)).json();
    expect(kept.items.map((i: { productId: number }) => i.productId)).toContain(b);
  });

  it('refuses another shopper’s address and a key that is not one, writing nothing', async () => {
    await closeOpenCod();
    const id = piece();
    const q = await quoteFor(meera, id, meeraHome);
    const theirs = await placeCod(meera, { addressId: arjunHome.id, buyNow: { productId: id }, expectedTotal: q.delivery.cod.total });
    expect(theirs.status).toBe(422);
    const badKey = await placeCod(meera, { addressId: meeraHome.id, buyNow: { productId: id }, expectedTotal: q.delivery.cod.total, placementKey: "1' or '1'='1" });
    expect(badKey.status).toBe(422);
    expect((await ownOrders(arjun)).filter((o) => o.paymentMethod === 'cod')).toEqual([]);
  });
});

describe("the owner's Cash on Delivery steps", () => {
  async function placed(): Promise<CodPlaced & { productId: number }> {
    await closeOpenCod();
    const productId = piece();
    const res = await buyNowCod(meera, productId, meeraHome);
    expect(res.status).toBe(201);
    return { ...((await res.json()) as CodPlaced), productId };
  }

  it('ships, delivers and completes it with the cash collected: then it counts as paid', async () => {
    const o = await placed();
    expect((await move(o.orderId, 'processing', 'shipped')).status).toBe(200);
    const early = await move(o.orderId, 'shipped', 'completed');
    expect(early.status).toBe(409);
    expect((await move(o.orderId, 'shipped', 'delivered')).status).toBe(200);
    const done = await move(o.orderId, 'delivered', 'completed');
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'completed', paymentStatus: 'paid', paymentMethod: 'cod', paidAt: expect.any(String) });
    expect((await ownOrders(meera)).find((x) => x.id === o.orderId)).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
  });

  it('marks a parcel refused at the door returned, and its piece is back on sale, once', async () => {
    const o = await placed();
    const before = await stockOf(o.productId);
    await move(o.orderId, 'processing', 'shipped');
    const back = await move(o.orderId, 'shipped', 'returned');
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ status: 'returned', paymentStatus: 'pending' });
    expect(await stockOf(o.productId)).toBe(before + 1);
    expect((await move(o.orderId, 'shipped', 'returned')).status).toBe(200);
    expect(await stockOf(o.productId)).toBe(before + 1);
    expect(await lapsedAndBalanced(t)).toEqual([]);
  });

  it('are the owner’s: a shopper cannot move even their own order', async () => {
    const o = await placed();
    expect((await send(t, 'POST', `/api/admin/orders/${o.orderId}/status`, { from: 'processing', to: 'shipped' }, meera.cookie)).status).toBe(403);
    expect((await ownOrders(arjun)).some((x) => x.id === o.orderId)).toBe(false);
  });
});

describe('the last pieces, wanted by many at once', () => {
  it('sells the last 3 to 3 of 12 shoppers placing Cash on Delivery on two app servers: the rest told it sold out, the count at 0, the ledger whole', async () => {
    await closeOpenCod();
    const second = t.databaseUrl ? await openPostgres(t.databaseUrl, 4) : undefined;
    try {
      const servers = [t, { app: t.another((second ?? t.database).db) }];
      const productId = piece();
      await setStock(t, productId, 3);
      const shoppers = await Promise.all(Array.from({ length: 12 }, (_, i) => verified(`Racer${"abcdefghijkl"[i]}`)));
      const homes = await Promise.all(shoppers.map((s) => addAddress(s, HOME)));
      const total = (await quoteFor(shoppers[0]!, productId, homes[0]!)).delivery.cod.total;
      const answers = await Promise.all(
        shoppers.map((s, i) =>
          send(servers[i % 2]!, 'POST', '/api/checkout/cod', { addressId: homes[i]!.id, buyNow: { productId }, expectedTotal: total, placementKey: crypto.randomUUID() }, s.cookie),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
      for (const refused of answers.filter((a) => a.status === 409)) expect((await refused.json()).code).toBe('sold_out');
      expect(await stockOf(productId)).toBe(0);
      const made = await t.database.db.select({ id: orders.id }).from(orders).where(and(eq(orders.paymentMethod, 'cod'), eq(orders.stockState, 'sold'), eq(orders.status, 'processing')));
      expect(made).toHaveLength(3);
      expect(await lapsedAndBalanced(t)).toEqual([]);
    } finally {
      await second?.close();
    }
  }, 60_000);
});
