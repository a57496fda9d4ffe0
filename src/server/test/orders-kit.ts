/** What the order tests share. */
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ONE_SIZE } from '../../shared/stock.ts';
import { orders, products } from '../db/schema/index.ts';
import { createOrdersService } from '../modules/orders/orders.service.ts';
import { createStockService } from '../modules/stock/stock.service.ts';
import type { Address } from '../../shared/addresses.ts';
import { DEFAULT_PRICING, type PricingSettings } from '../../shared/pricing.ts';
import { send, signedUp } from './accounts-kit.ts';
import { onSocket } from './raw-http.ts';
import { startRazorpayStandin, type RazorpayStandin } from './razorpay-standin.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** A shop paid through the Razorpay stand-in, listening on a real socket for the stand-in's webhooks. */
export interface ShopOnRazorpay {
  t: TestApp;
  standin: RazorpayStandin;
  /** Where Razorpay would send its webhooks. */
  hookUrl: string;
  close(): Promise<void>;
}

export async function startShopOnRazorpay(): Promise<ShopOnRazorpay> {
  const standin = await startRazorpayStandin();
  const t = await createTestApp({ razorpay: { keyId: standin.keyId, keySecret: standin.keySecret, webhookSecret: standin.webhookSecret, apiBase: standin.url } });
  const socket = await onSocket(t.app.fetch);
  return {
    t,
    standin,
    hookUrl: `http://127.0.0.1:${socket.port}/api/payments/razorpay/webhook`,
    async close() {
      await socket.close();
      await t.close();
      await standin.close();
    },
  };
}

/**
 * Lets the orders a test left waiting for payment lapse, as an hour would: the cap on a shopper's
 * unpaid orders (docs/decisions/0016) counts them, and each test starts with none.
 */
export async function lapseUnpaid(t: Pick<TestApp, 'database'>): Promise<void> {
  const { db } = t.database;
  const waiting = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.status, 'pending'), eq(orders.paymentStatus, 'pending')));
  // The reconcile step's own expiry, so their pieces go back to the stock as they would.
  const expiring = createOrdersService(db, createStockService(db));
  for (const { id } of waiting) await expiring.expire(id);
}

/**
 * The stock tests' check after each test: unpaid orders lapse (their pieces go back), then the
 * sizes whose count differs from the ledger's sum: always none.
 */
export async function lapsedAndBalanced(t: Pick<TestApp, 'database'>) {
  await lapseUnpaid(t);
  return createStockService(t.database.db).ledgerMismatches();
}

/**
 * For tests of rules that are not about sizes or counts (the cart's, the checkout's, payments'):
 * every piece sold in one size with plenty in stock, so buying the same seeded pieces again and
 * again never runs out; sold-out pieces stay sold out. Written through the stock module, so the
 * ledger stays whole. Tests of stock and sizes set their own (stock.test.ts, cart-sizes.test.ts).
 */
export async function plentyOfStock(t: Pick<TestApp, 'database'>, pieces = 1000): Promise<void> {
  const { db } = t.database;
  const stock = createStockService(db);
  const all = await db.select({ id: products.id, availability: products.availability }).from(products);
  await db.transaction(async (tx) => {
    await tx.update(products).set({ sizeListId: null }).where(isNotNull(products.sizeListId));
    for (const p of all) {
      await stock.setSizes(tx, p.id, [{ size: ONE_SIZE, stock: p.availability === 'Out of Stock' ? 0 : pieces }], { reason: 'restocked', note: 'test' });
    }
  });
}

/**
 * For tests of the amounts' arithmetic (shipping, both GST readings, the provider's amount): every
 * piece without a tax rule, so each is taxed at the shop's GST rate and priceOrder(subtotal) is its
 * order's amounts. GST by piece has its own tests (src/shared/gst.test.ts, checkout/gst.test.ts).
 */
export async function atShopRate(t: Pick<TestApp, 'database'>): Promise<void> {
  await t.database.db.update(products).set({ hsnCode: null, taxRule: null, taxRateBp: null });
}

/** A one-size piece's count, as the owner would set it. */
export async function setStock(t: Pick<TestApp, 'database'>, productId: number, pieces: number): Promise<void> {
  const { db } = t.database;
  await db.transaction((tx) => createStockService(db).setOneSize(tx, productId, pieces, { reason: 'corrected', note: 'test' }));
}

/**
 * The stock tests' shop: an owner, and the seeded one-size pieces in stock handed out one at a
 * time (`freshPiece`), so no two tests share a piece.
 */
export async function stockTestShop(options: TestAppOptions = {}): Promise<{ t: TestApp; owner: Awaited<ReturnType<typeof signedUp>>; freshPiece: () => number }> {
  const t = await createTestApp(options);
  const owner = await signedUp(t, 'Kamala');
  await t.shop.owners.setOwner(owner.email, true);
  const ids = (await t.database.db.select({ id: products.id }).from(products).where(and(eq(products.availability, 'In Stock'), isNull(products.sizeListId))).orderBy(asc(products.id))).map((p) => p.id);
  let next = 0;
  return { t, owner, freshPiece: () => ids[next++]! };
}

/**
 * A shop on Razorpay's stand-in with plenty in stock, an owner, and Lata with her Kochi address:
 * the payment and refund tests' shop. `ids` are the one-size pieces in stock, lowest first.
 */
export async function razorpayShopWithBuyer() {
  const shop = await startShopOnRazorpay();
  const { t } = shop;
  await plentyOfStock(t);
  const lata = await signedUp(t, 'Lata');
  const owner = await signedUp(t, 'Kamala');
  await t.shop.owners.setOwner(owner.email, true);
  const res = await send(t, 'POST', '/api/addresses', { name: 'Lata Menon', phone: '9876543210', house: '9', street: 'Marine Drive', city: 'Kochi', state: 'Kerala', pincode: '682031' }, lata.cookie);
  const home = (await res.json()) as Address;
  const ids = (await t.database.db.select({ id: products.id }).from(products).where(and(eq(products.availability, 'In Stock'), isNull(products.sizeListId))).orderBy(products.id)).map((p) => p.id);
  return { shop, lata, owner, home, ids };
}

/**
 * A Buy Now order of one piece to one of the shopper's addresses, paid through the test mode. Any
 * order of theirs still waiting is set aside first, so each call makes a new order.
 */
export async function paidBuyNow(t: Pick<TestApp, 'database' | 'app'>, cookie: string, productId: number, addressId: string): Promise<string> {
  const quote = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}`, undefined, cookie)).json();
  await t.database.db.execute(sql`update orders set checkout_fingerprint = checkout_fingerprint || '-done' where payment_status = 'pending'`);
  const started = await (await send(t, 'POST', '/api/checkout/orders', { addressId, buyNow: { productId }, expectedTotal: quote.amounts.total }, cookie)).json();
  const success = await (await send(t, 'POST', `/api/checkout/orders/${started.orderId}/test-payment`, undefined, cookie)).json();
  expect((await send(t, 'POST', `/api/checkout/orders/${started.orderId}/confirm`, success, cookie)).status).toBe(200);
  return started.orderId as string;
}

type StockShop = Awaited<ReturnType<typeof stockTestShop>>;

/**
 * One test file's stock shop (above): made before its tests, closed after, and after each test no
 * order lapsed unbalanced, and the owner's pricing back to the defaults. Read its parts in a test.
 */
export function stockShopForFile(options: TestAppOptions = {}): StockShop & { settings: (change: Partial<PricingSettings>) => Promise<void> } {
  const shop = {} as StockShop & { settings: (change: Partial<PricingSettings>) => Promise<void> };
  shop.settings = async (change) => {
    const res = await send(shop.t, 'PUT', '/api/admin/settings', { ...DEFAULT_PRICING, ...change }, shop.owner.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
  };
  beforeAll(async () => void Object.assign(shop, await stockTestShop(options)));
  afterAll(() => shop.t?.close());
  afterEach(async () => {
    await shop.settings({});
    expect(await lapsedAndBalanced(shop.t)).toEqual([]);
  });
  return shop;
}

/** A new shopper with one address in Mysuru, signed in on `on`. */
export async function shopperWithAddress(on: TestApp, name: string): Promise<{ s: Awaited<ReturnType<typeof signedUp>>; address: Address }> {
  const s = await signedUp(on, name);
  const res = await send(on, 'POST', '/api/addresses', { name: `${name} Rao`, phone: '9876543210', house: '12', street: 'Temple Street', city: 'Mysuru', state: 'Karnataka', pincode: '570001' }, s.cookie);
  return { s, address: (await res.json()) as Address };
}
