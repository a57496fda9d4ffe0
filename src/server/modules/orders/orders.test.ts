/**
 * The orders API (spec §2 Orders, §3 order, §6, §7 orders; design.md resolutions: order fields,
 * row-level security) on PGlite and PostgreSQL: a shopper's own orders, newest first, each with
 * its lines, the address and the amounts as they were when bought; nobody sees, confirms or pays
 * another's; and the database itself lets a shopper's transaction create only a pending order of
 * their own and never change or delete one.
 */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_SIZE } from '../../../shared/stock.ts';
import type { Address } from '../../../shared/addresses.ts';
import type { CheckoutStart, Order } from '../../../shared/orders.ts';
import { priceOrder } from '../../../shared/order-price.ts';
import { DEFAULT_PRICING } from '../../../shared/pricing.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { orderItems, orders, paymentEvents, pricingSettings, products } from '../../db/schema/index.ts';
import { asShopper, type ShopperTx } from '../../db/shopper.ts';
import { bareShoppers, send, signedUp } from '../../test/accounts-kit.ts';
import { atShopRate, plentyOfStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { CheckoutSuccess } from '../payments/provider.ts';
import { createStockService } from '../stock/stock.service.ts';
import { createOrdersService, ORDERS_SHOWN } from './orders.service.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
let meera: Shopper;
let arjun: Shopper;
let ids: number[];
let meeraHome: Address;
let arjunHome: Address;
/** Meera's orders, oldest first: a paid cart, a pending Buy Now (GST added), a paid Buy Now. */
let bought: CheckoutStart[];
let payments: Record<string, CheckoutSuccess>;

const HOME = { name: 'Meera Iyer', phone: '9876543210', house: 'Flat 4B, Lotus Apartments', street: '12 Cathedral Road', city: 'Chennai', state: 'Tamil Nadu', pincode: '600086' };
const ARJUN = { name: 'Arjun Rao', phone: '9123456780', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' };
const INSUFFICIENT_PRIVILEGE = '42501';

beforeAll(async () => {
  t = await createTestApp();
  await plentyOfStock(t);
  await atShopRate(t);
  meera = await signedUp(t, 'Meera');
  arjun = await signedUp(t, 'Arjun');
  ids = (await t.database.db.select({ id: products.id }).from(products).where(and(eq(products.availability, 'In Stock'), isNull(products.sizeListId))).orderBy(asc(products.id))).map((p) => p.id);
  meeraHome = await addAddress(meera, HOME);
  arjunHome = await addAddress(arjun, ARJUN);

  const [a, b, c, d] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
  await priced(a, 1200_00, 899_00);
  await priced(b, 350_00);
  await priced(c, 420_00);
  await priced(d, 2500_00);
  payments = {};
  bought = [];
  await add(meera, a, 2);
  await add(meera, b, 1);
  bought.push(await startAt(meera, meeraHome));
  payments[bought[0]!.orderId] = await pay(meera, bought[0]!.orderId);
  await t.database.db.update(pricingSettings).set({ settingValue: 'false' }).where(eq(pricingSettings.settingName, 'prices_include_gst'));
  bought.push(await startAt(meera, meeraHome, c));
  await t.database.db.update(pricingSettings).set({ settingValue: 'true' }).where(eq(pricingSettings.settingName, 'prices_include_gst'));
  bought.push(await startAt(meera, meeraHome, d));
  payments[bought[2]!.orderId] = await pay(meera, bought[2]!.orderId);
});
afterAll(() => t.close());

async function addAddress(s: Shopper, body: unknown): Promise<Address> {
  const res = await send(t, 'POST', '/api/addresses', body, s.cookie);
  expect(res.status).toBe(201);
  return (await res.json()) as Address;
}

async function priced(id: number, price: number, offerPrice: number | null = null) {
  await t.database.db.update(products).set({ price, offerPrice }).where(eq(products.id, id));
}

const add = async (s: Shopper, productId: number, quantity: number) =>
  expect((await send(t, 'POST', '/api/cart/items', { productId, quantity }, s.cookie)).status).toBe(200);

/** Starts a checkout of the cart, or of one piece, at the server's quote. */
async function startAt(s: Shopper, address: Address, buyNow?: number): Promise<CheckoutStart> {
  const quote = await (await send(t, 'GET', `/api/checkout/quote${buyNow ? `?buyNow=${buyNow}` : ''}`, undefined, s.cookie)).json();
  const res = await send(t, 'POST', '/api/checkout/orders', { addressId: address.id, ...(buyNow && { buyNow: { productId: buyNow } }), expectedTotal: quote.amounts.total }, s.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CheckoutStart;
}

const testPayment = (s: Shopper, orderId: string) => send(t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, s.cookie);

async function pay(s: Shopper, orderId: string): Promise<CheckoutSuccess> {
  const success = (await (await testPayment(s, orderId)).json()) as CheckoutSuccess;
  expect((await send(t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, s.cookie)).status).toBe(200);
  return success;
}

async function ordersOf(s: Shopper): Promise<Order[]> {
  const res = await send(t, 'GET', '/api/orders', undefined, s.cookie);
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  return ((await res.json()) as { items: Order[] }).items;
}

/** The SQLSTATE a shopper's transaction was refused with (undefined if it was not). */
async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (err) {
    return pgErrorCode(err) ?? String(err);
  }
}

/** A pending order as the checkout writes it, for the shopper `userId`. */
const orderValues = (userId: string, extra: Partial<typeof orders.$inferInsert> = {}): typeof orders.$inferInsert => ({
  userId,
  source: 'buy_now',
  paymentProvider: 'test',
  addressJson: { ...HOME, country: 'India' } as Order['address'],
  subtotal: 100_00,
  gstAmount: 15_25,
  gstRateBp: 1800,
  pricesIncludeGst: true,
  shippingCharges: 149_00,
  total: 249_00,
  checkoutFingerprint: 'rls-test',
  ...extra,
});

/** Undoes a shopper transaction's writes by failing it on purpose, and answers what it saw. */
class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back on purpose');
  }
}
async function rolledBack<T>(userId: string, work: (tx: ShopperTx) => Promise<T>): Promise<T> {
  try {
    await asShopper(t.database.db, userId, async (tx) => {
      throw new RolledBack(await work(tx));
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.value as T;
    throw err;
  }
  throw new Error('unreachable');
}

describe('the orders list', () => {
  it('shows the shopper’s orders newest first, with lines, the address and the amounts as bought', async () => {
    const [a, b, c, d] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
    const list = await ordersOf(meera);
    expect(list.map((o) => o.id)).toEqual([bought[2]!.orderId, bought[1]!.orderId, bought[0]!.orderId]);
    const times = list.map((o) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    const names = new Map((await t.database.db.select({ id: products.id, name: products.name }).from(products)).map((p) => [p.id, p.name]));
    const address = { ...HOME, country: 'India' } as Order['address'];
    const [newest, pending, oldest] = list as [Order, Order, Order];
    expect(oldest).toEqual({
      id: bought[0]!.orderId,
      orderNumber: bought[0]!.orderNumber,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      status: 'processing',
      paymentStatus: 'paid',
      paymentId: payments[bought[0]!.orderId]!.razorpay_payment_id,
      paymentMethod: 'online',
      amounts: priceOrder(2148_00, DEFAULT_PRICING),
      address,
      items: expect.arrayContaining([
        { productId: a, name: names.get(a), size: ONE_SIZE, unitPrice: 899_00, quantity: 2, lineTotal: 1798_00 },
        { productId: b, name: names.get(b), size: ONE_SIZE, unitPrice: 350_00, quantity: 1, lineTotal: 350_00 },
      ]),
      trackingNumber: null,
      refund: null,
      documents: [],
      deliveredAt: null,
      parcel: null,
      creditUsed: 0,
      offers: [],
    } satisfies Order);
    expect(oldest.items).toHaveLength(2);
    expect(pending).toEqual({
      id: bought[1]!.orderId,
      orderNumber: bought[1]!.orderNumber,
      createdAt: expect.any(String),
      status: 'pending',
      paymentStatus: 'pending',
      paymentId: null,
      paymentMethod: 'online',
      amounts: priceOrder(420_00, { ...DEFAULT_PRICING, pricesIncludeGst: false }),
      creditUsed: 0,
      offers: [],
      address,
      items: [{ productId: c, name: names.get(c)!, size: ONE_SIZE, unitPrice: 420_00, quantity: 1, lineTotal: 420_00 }],
      trackingNumber: null,
      refund: null,
      documents: [],
      deliveredAt: null,
      parcel: null,
    } satisfies Order);
    // ₹420 and its ₹149 shipping, each with 18% GST added (75.60 and 26.82).
    expect(pending.amounts).toMatchObject({ gstAmount: 102_42, shippingCharges: 149_00, total: 671_42, gstIncluded: false });
    expect(newest).toMatchObject({ status: 'processing', paymentStatus: 'paid', amounts: priceOrder(2500_00, DEFAULT_PRICING), items: [{ productId: d, quantity: 1, unitPrice: 2500_00 }] });
    expect(bought.map((s) => s.orderNumber)).toEqual([...bought.map((s) => s.orderNumber)].sort());
  });

  it('keeps what was bought when the address, the prices or the catalog change later', async () => {
    const [a, b] = [ids[0]!, ids[1]!];
    const before = await ordersOf(meera);
    expect((await send(t, 'PUT', `/api/addresses/${meeraHome.id}`, { ...HOME, house: '9', street: 'Anna Salai', pincode: '600002' }, meera.cookie)).status).toBe(200);
    await priced(a, 5000_00);
    await t.database.db.update(products).set({ name: 'Renamed Saree' }).where(eq(products.id, a));
    expect(await ordersOf(meera)).toEqual(before);

    // A piece taken off the catalog: the line keeps its name and price, without the product.
    const name = before[2]!.items.find((l) => l.productId === b)!.name;
    await t.database.db.delete(products).where(eq(products.id, b));
    const after = await ordersOf(meera);
    expect(after[2]!.items).toContainEqual({ productId: null, name, size: ONE_SIZE, unitPrice: 350_00, quantity: 1, lineTotal: 350_00 });
    expect(after[2]!.amounts).toEqual(before[2]!.amounts);
    // Nor does deleting the address touch the snapshot.
    expect((await send(t, 'DELETE', `/api/addresses/${meeraHome.id}`, undefined, meera.cookie)).status).toBe(204);
    expect((await ordersOf(meera)).map((o) => o.address)).toEqual(before.map((o) => o.address));
    meeraHome = await addAddress(meera, HOME);
  });

  it('leaves out an order never offered for payment, and shows what fulfilment sets', async () => {
    const [never] = await t.database.db.insert(orders).values(orderValues(meera.id, { checkoutFingerprint: 'never-offered' })).returning();
    const list = await ordersOf(meera);
    expect(list.map((o) => o.id)).not.toContain(never!.id);
    expect(list).toHaveLength(3);

    await t.database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, bought[2]!.orderId));
    expect((await ordersOf(meera))[0]).toMatchObject({ id: bought[2]!.orderId, status: 'shipped', paymentStatus: 'paid' });
    await t.database.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, bought[2]!.orderId));
  });

  it(`shows the newest ${ORDERS_SHOWN}`, async () => {
    const [someone] = await bareShoppers(t, 1);
    const rows = Array.from({ length: ORDERS_SHOWN + 5 }, (_, i) =>
      orderValues(someone!, { providerOrderId: `order_test_Many${String(i).padStart(10, '0')}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }),
    );
    await t.database.db.insert(orders).values(rows);
    // Through the service, as GET /api/orders calls it for that shopper (who has no session here).
    const list = await createOrdersService(t.database.db, createStockService(t.database.db)).list(someone!);
    expect(list).toHaveLength(ORDERS_SHOWN);
    expect(list[0]!.createdAt).toBe(new Date(Date.UTC(2026, 0, 1, 0, ORDERS_SHOWN + 4)).toISOString());
    expect(list.at(-1)!.createdAt).toBe(new Date(Date.UTC(2026, 0, 1, 0, 5)).toISOString());
  });
});

describe('one shopper against another', () => {
  it('shows Arjun none of Meera’s orders, and only his own once he has one', async () => {
    expect(await ordersOf(arjun)).toEqual([]);
    await add(arjun, ids[5]!, 1);
    const his = await startAt(arjun, arjunHome);
    const list = await ordersOf(arjun);
    expect(list.map((o) => o.id)).toEqual([his.orderId]);
    expect(list[0]!.address.name).toBe('Arjun Rao');
    expect((await ordersOf(meera)).map((o) => o.id)).not.toContain(his.orderId);
  });

  it('answers 404 when Arjun confirms or test-pays Meera’s order by its real id; it stays pending', async () => {
    const target = bought[1]!.orderId;
    const success = (await (await testPayment(meera, target)).json()) as CheckoutSuccess;
    for (const res of [await send(t, 'POST', `/api/checkout/orders/${target}/confirm`, success, arjun.cookie), await testPayment(arjun, target)]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'not_found', message: 'Order not found.' });
    }
    // Nor does a paid one of hers answer him anything but 404.
    const paid = await testPayment(arjun, bought[0]!.orderId);
    expect(paid.status).toBe(404);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, target));
    expect(row).toMatchObject({ userId: meera.id, paymentStatus: 'pending', status: 'pending', paymentId: null });
    expect((await ordersOf(arjun)).map((o) => o.id)).not.toContain(target);
  });

  it('lets Arjun’s queries read none of Meera’s order lines, even without a filter', async () => {
    const mine = await asShopper(t.database.db, arjun.id, (tx) => tx.select().from(orderItems));
    const hisOrders = (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, arjun.id))).map((o) => o.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => hisOrders.includes(l.orderId))).toBe(true);
    const hers = await asShopper(t.database.db, arjun.id, (tx) => tx.select().from(orderItems).where(eq(orderItems.orderId, bought[0]!.orderId)));
    expect(hers).toEqual([]);
    const all = await t.database.db.select({ n: count() }).from(orderItems);
    expect(all[0]!.n).toBeGreaterThan(mine.length);
  });
});

describe('row-level security on orders (a shopper’s own transaction)', () => {
  it('sees only the shopper’s own orders with no filter at all', async () => {
    const seen = await asShopper(t.database.db, meera.id, (tx) => tx.select({ id: orders.id, userId: orders.userId }).from(orders));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((o) => o.userId === meera.id)).toBe(true);
    const byId = await asShopper(t.database.db, meera.id, (tx) => tx.select().from(orders).where(eq(orders.userId, arjun.id)));
    expect(byId).toEqual([]);
    const total = await t.database.db.select({ n: count() }).from(orders);
    expect(total[0]!.n).toBeGreaterThan(seen.length);
  });

  it('fails closed without a user id: no rows', async () => {
    const none = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'vastra_shopper', true)`);
      return tx.select().from(orders);
    });
    expect(none).toEqual([]);
  });

  it('may create a pending, unpaid order of the shopper’s own (what the checkout does)', async () => {
    const made = await rolledBack(meera.id, async (tx) => (await tx.insert(orders).values(orderValues(meera.id)).returning())[0]!);
    expect(made).toMatchObject({ userId: meera.id, status: 'pending', paymentStatus: 'pending' });
  });

  it.each([
    ['a paid order', { paymentStatus: 'paid', paymentId: 'pay_test_Forged0000000', paidAt: new Date() }],
    ['an order already processing', { status: 'processing' }],
    ['an order marked completed', { status: 'completed' }],
    ['an order with a payment id', { paymentId: 'pay_test_Forged0000001' }],
    ['an order with a paid time', { paidAt: new Date() }],
  ] as const)('refuses to create %s', async (_, extra) => {
    const before = await t.database.db.select({ n: count() }).from(orders);
    expect(await refusal(asShopper(t.database.db, meera.id, (tx) => tx.insert(orders).values(orderValues(meera.id, extra as Partial<typeof orders.$inferInsert>))))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await t.database.db.select({ n: count() }).from(orders)).toEqual(before);
  });

  it('refuses to create an order for another shopper', async () => {
    expect(await refusal(asShopper(t.database.db, meera.id, (tx) => tx.insert(orders).values(orderValues(arjun.id))))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('may not update an order, not even its own pending one, nor delete one', async () => {
    const own = bought[1]!.orderId;
    const attempts = [
      (tx: ShopperTx) => tx.update(orders).set({ paymentStatus: 'paid', status: 'processing', paymentId: 'pay_test_Self000000000', paidAt: new Date() }).where(eq(orders.id, own)),
      (tx: ShopperTx) => tx.update(orders).set({ total: 100 }).where(eq(orders.id, own)),
      (tx: ShopperTx) => tx.update(orders).set({ userId: arjun.id }).where(eq(orders.id, own)),
      (tx: ShopperTx) => tx.delete(orders).where(eq(orders.id, own)),
      (tx: ShopperTx) => tx.delete(orders),
    ];
    for (const attempt of attempts) {
      expect(await refusal(asShopper(t.database.db, meera.id, attempt))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, own));
    expect(row).toMatchObject({ paymentStatus: 'pending', total: bought[1]!.amounts.total, userId: meera.id });
    expect((await ordersOf(meera)).length).toBe(3);
  });

  it('keeps order lines the same way: none added to another’s order or a paid one, none changed or deleted', async () => {
    const line = { productId: ids[6]!, name: 'Forged line', unitPrice: 1, quantity: 1, lineTotal: 1 };
    const arjunsOrder = (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, arjun.id)))[0]!.id;
    for (const [userId, orderId] of [
      [meera.id, arjunsOrder],
      [meera.id, bought[0]!.orderId],
    ] as const) {
      expect(await refusal(asShopper(t.database.db, userId, (tx) => tx.insert(orderItems).values({ ...line, orderId })))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    for (const attempt of [
      (tx: ShopperTx) => tx.update(orderItems).set({ unitPrice: 0, lineTotal: 0 }).where(eq(orderItems.orderId, bought[0]!.orderId)),
      (tx: ShopperTx) => tx.delete(orderItems).where(eq(orderItems.orderId, bought[0]!.orderId)),
    ]) {
      expect(await refusal(asShopper(t.database.db, meera.id, attempt))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    const lines = await t.database.db.select({ n: count() }).from(orderItems).where(and(eq(orderItems.orderId, arjunsOrder), eq(orderItems.name, 'Forged line')));
    expect(lines[0]!.n).toBe(0);
  });

  it('reads neither the payment events nor writes the pricing settings', async () => {
    expect(await refusal(asShopper(t.database.db, meera.id, (tx) => tx.select().from(paymentEvents)))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await refusal(asShopper(t.database.db, meera.id, (tx) => tx.update(pricingSettings).set({ settingValue: '0' })))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('a visitor', () => {
  it('gets 401 from GET /api/orders', async () => {
    const res = await send(t, 'GET', '/api/orders');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'sign_in_required', message: 'Please log in to continue.' });
  });
});
