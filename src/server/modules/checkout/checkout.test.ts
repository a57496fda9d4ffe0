/**
 * The checkout API in test mode (spec §2 Checkout and Order confirmation, §5 Payment start, §9;
 * design.md Pricing and Payments) on PGlite and PostgreSQL: the quote and the start for the cart
 * and for Buy Now, every amount recomputed from the database in both GST readings and at the
 * shipping boundaries, every refusal with its words, and a payment's confirmation verified against
 * the order the server stored and settled exactly once, however often or however many at once it
 * arrives.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ONE_SIZE } from '../../../shared/stock.ts';
import type { Address } from '../../../shared/addresses.ts';
import type { Cart } from '../../../shared/cart.ts';
import { CHOOSE_ADDRESS, PAYMENT_NOT_VERIFIED } from '../../../shared/checkout.contract.ts';
import type { CheckoutStart, Order, PaymentConfirmed } from '../../../shared/orders.ts';
import { DEFAULT_GST, NO_TAX_RULE } from '../../../shared/gst.ts';
import { priceOrder } from '../../../shared/order-price.ts';
import { DEFAULT_PRICING, type PriceBreakdown, type PricingSettings } from '../../../shared/pricing.ts';
import { addresses, mailOutbox, orders, pricingSettings, products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { lapseUnpaid, atShopRate, plentyOfStock, setStock } from '../../test/orders-kit.ts';
import type { CheckoutSuccess } from '../payments/provider.ts';
import { TEST_MODE_KEY_ID } from '../payments/test-mode.provider.ts';
import { NOTHING_SELECTED, type Quote } from './checkout.quote.ts';
import { INVALID_ADDRESS, ORDER_NOT_FOUND, PLACEHOLDER_ADDRESS, PRICE_CHANGED } from './checkout.service.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;
type QuoteAnswer = Quote & { paymentMode: 'razorpay' | 'test' };

let t: TestApp;
let meera: Shopper;
let arjun: Shopper;
/** Pieces that can be bought, lowest id first; each test prices the ones it uses. */
let ids: number[];
let soldOut: { id: number; name: string };
let unknownId: number;
let meeraHome: Address;
let meeraOffice: Address;
let arjunHome: Address;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXCLUSIVE: PricingSettings = { ...DEFAULT_PRICING, pricesIncludeGst: false };

const HOME = { name: 'Meera Iyer', phone: '9876543210', house: 'Flat 4B, Lotus Apartments', street: '12 Cathedral Road', city: 'Chennai', state: 'Tamil Nadu', pincode: '600086' };
const OFFICE = { name: 'Meera Iyer', phone: '9876543210', house: '221/B', street: 'MG Road, Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' };
const ARJUN = { name: 'Arjun Rao', phone: '9123456780', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' };

beforeAll(async () => {
  t = await createTestApp();
  await plentyOfStock(t);
  await atShopRate(t);
  meera = await signedUp(t, 'Meera');
  arjun = await signedUp(t, 'Arjun');
  const all = await t.database.db.select({ id: products.id, name: products.name, availability: products.availability }).from(products).orderBy(asc(products.id));
  ids = all.filter((p) => p.availability !== 'Out of Stock').map((p) => p.id);
  soldOut = all.find((p) => p.availability === 'Out of Stock')!;
  unknownId = all.at(-1)!.id + 1000;
  meeraHome = await addAddress(meera, HOME);
  meeraOffice = await addAddress(meera, OFFICE);
  arjunHome = await addAddress(arjun, ARJUN);
});
afterAll(() => t.close());
afterEach(() => lapseUnpaid(t));

async function addAddress(s: Shopper, body: unknown): Promise<Address> {
  const res = await send(t, 'POST', '/api/addresses', body, s.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Address;
}

/** Sets a piece's price (paise) straight in the catalog, in stock. */
async function priced(id: number, price: number, offerPrice: number | null = null) {
  await t.database.db.update(products).set({ price, offerPrice, availability: 'In Stock' }).where(eq(products.id, id));
}

/** Runs `work` with some pricing settings changed in the database, and puts them back after. */
async function withSettings<T>(values: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = await t.database.db.select().from(pricingSettings);
  try {
    for (const [name, value] of Object.entries(values)) {
      await t.database.db.update(pricingSettings).set({ settingValue: value }).where(eq(pricingSettings.settingName, name));
    }
    return await work();
  } finally {
    for (const row of before) {
      await t.database.db.update(pricingSettings).set({ settingValue: row.settingValue }).where(eq(pricingSettings.settingName, row.settingName));
    }
  }
}

const quoteRes = (s: Shopper, buyNow?: number | string) => send(t, 'GET', `/api/checkout/quote${buyNow === undefined ? '' : `?buyNow=${buyNow}`}`, undefined, s.cookie);

async function quoteOf(s: Shopper, buyNow?: number): Promise<QuoteAnswer> {
  const res = await quoteRes(s, buyNow);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as QuoteAnswer;
}

const start = (s: Shopper, body: unknown) => send(t, 'POST', '/api/checkout/orders', body, s.cookie);

async function started(s: Shopper, body: unknown): Promise<CheckoutStart> {
  const res = await start(s, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CheckoutStart;
}

const testPayment = (s: Shopper, orderId: string) => send(t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, s.cookie);
const confirm = (s: Shopper, orderId: string, success: unknown) => send(t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, s.cookie);

/** What the test dialog hands the page for this order. */
async function issued(s: Shopper, orderId: string): Promise<CheckoutSuccess> {
  const res = await testPayment(s, orderId);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CheckoutSuccess;
}

/** The shopper pays in the test dialog and the page confirms it. */
async function pays(s: Shopper, orderId: string): Promise<PaymentConfirmed> {
  const res = await confirm(s, orderId, await issued(s, orderId));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PaymentConfirmed;
}

/** Starts a Buy Now of `productId` at whatever the server quotes. */
async function buyNowStarted(s: Shopper, productId: number, address = meeraHome): Promise<CheckoutStart> {
  const q = await quoteOf(s, productId);
  return started(s, { addressId: address.id, buyNow: { productId }, expectedTotal: q.amounts.total });
}

async function cartOf(s: Shopper) {
  const res = await send(t, 'GET', '/api/cart', undefined, s.cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as Cart).items.map((i) => [i.productId, i.quantity, i.selected] as const).sort((a, b) => a[0] - b[0]);
}

const addToCart = async (s: Shopper, productId: number, quantity = 1) =>
  expect((await send(t, 'POST', '/api/cart/items', { productId, quantity }, s.cookie)).status).toBe(200);
const select = async (s: Shopper, productId: number, selected: boolean) =>
  expect((await send(t, 'PATCH', `/api/cart/items/${productId}`, { selected }, s.cookie)).status).toBe(200);
const emptyCart = async (s: Shopper) => {
  for (const [productId] of await cartOf(s)) await send(t, 'DELETE', `/api/cart/items/${productId}`, undefined, s.cookie);
};

async function ordersOf(s: Shopper): Promise<Order[]> {
  const res = await send(t, 'GET', '/api/orders', undefined, s.cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Order[] }).items;
}

const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const orderCount = async (s: Shopper) => (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, s.id)))[0]!.n;

async function confirmationMails(s: Shopper, orderNumber?: string) {
  const rows = await t.database.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'order_confirmation'), eq(mailOutbox.toAddress, s.email)));
  return orderNumber ? rows.filter((m) => m.subject.includes(orderNumber)) : rows;
}

async function refused(res: Response, status: number, code: string, message: string) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body).toEqual({ code, message });
}

describe('the pricing settings', () => {
  it('answers the shop’s settings to anyone: spec §3’s defaults, prices including GST', async () => {
    const res = await t.get('/api/pricing');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(DEFAULT_PRICING);
  });

  it('answers a change at once', async () => {
    await withSettings({ gst_percentage: '12.5', free_shipping_threshold: '1500', prices_include_gst: 'false' }, async () => {
      expect(await (await t.get('/api/pricing')).json()).toEqual({ ...DEFAULT_PRICING, gstRateBp: 1250, freeShippingThreshold: 1500_00, pricesIncludeGst: false });
    });
    expect(await (await t.get('/api/pricing')).json()).toEqual(DEFAULT_PRICING);
  });
});

describe('a visitor', () => {
  it('gets 401 from every checkout and orders call, even with a bad id or body', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['GET', '/api/checkout/quote', undefined],
      ['GET', `/api/checkout/quote?buyNow=${ids[0]}`, undefined],
      ['GET', '/api/checkout/quote?buyNow=abc', undefined],
      ['POST', '/api/checkout/orders', { addressId: id, expectedTotal: 100 }],
      ['POST', '/api/checkout/orders', { nonsense: true }],
      ['POST', `/api/checkout/orders/${id}/confirm`, {}],
      ['POST', '/api/checkout/orders/abc/confirm', {}],
      ['POST', `/api/checkout/orders/${id}/test-payment`, undefined],
      ['GET', '/api/orders', undefined],
    ] as const) {
      for (const cookie of [undefined, 'vastra.session_token=forged.cookie']) {
        const res = await send(t, method, url, body, cookie);
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(await res.json()).toEqual({ code: 'sign_in_required', message: 'Please log in to continue.' });
      }
    }
  });
});

describe('buying the cart', () => {
  it('quotes the selected lines at the database’s prices; pays; removes exactly the bought lines', async () => {
    const [a, b, c] = [ids[0]!, ids[1]!, ids[2]!];
    await priced(a, 1200_00, 899_00);
    await priced(b, 350_00);
    await priced(c, 700_00);
    await addToCart(meera, a, 2);
    await addToCart(meera, b);
    await addToCart(meera, c, 3);
    await select(meera, c, false);
    const [pa, pb] = await t.database.db.select().from(products).where(sql`${products.id} in (${a}, ${b})`).orderBy(asc(products.id));

    const q = await quoteOf(meera);
    expect(q.source).toBe('cart');
    expect(q.paymentMode).toBe('test');
    // Each line with its tax (issue 18): these pieces have no rule, so the shop's 18%, contained.
    expect(q.lines.map(({ thumbnail: _, ...l }) => l).sort((x, y) => x.productId - y.productId)).toEqual([
      { productId: a, name: pa!.name, size: ONE_SIZE, unitPrice: 899_00, quantity: 2, lineTotal: 1798_00, discount: 0, tax: NO_TAX_RULE, gstRateBp: 1800, taxableValue: 1523_73, gstAmount: 274_27 },
      { productId: b, name: pb!.name, size: ONE_SIZE, unitPrice: 350_00, quantity: 1, lineTotal: 350_00, discount: 0, tax: NO_TAX_RULE, gstRateBp: 1800, taxableValue: 296_61, gstAmount: 53_39 },
    ]);
    expect(q.amounts).toEqual(priceOrder(2148_00, DEFAULT_PRICING));
    expect(q.amounts).toMatchObject({ subtotal: 2148_00, shippingCharges: 0, total: 2148_00, gstIncluded: true, gstRateBp: 1800 });

    const s = await started(meera, { addressId: meeraHome.id, expectedTotal: q.amounts.total });
    expect(s).toEqual({
      orderId: expect.stringMatching(UUID),
      orderNumber: expect.stringMatching(/^VA\d{6}$/),
      amounts: q.amounts,
      creditUsed: 0,
      paidWithCredit: false,
      provider: { mode: 'test', keyId: TEST_MODE_KEY_ID, orderId: expect.stringMatching(/^order_test_[0-9A-Za-z]{14}$/) },
      prefill: { name: 'Meera Iyer', email: meera.email, contact: '+919876543210' },
      addressNote: 'Flat 4B, Lotus Apartments, 12 Cathedral Road, Chennai, Tamil Nadu 600086',
    } satisfies CheckoutStart);
    // Starting a payment takes nothing out of the cart.
    expect(await cartOf(meera)).toEqual([
      [a, 2, true],
      [b, 1, true],
      [c, 3, false],
    ]);
    const row = await orderRow(s.orderId);
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'pending', paymentId: null, source: 'cart', paymentProvider: 'test', providerOrderId: s.provider.orderId, total: q.amounts.total });

    const success = await issued(meera, s.orderId);
    expect(success).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_test_[0-9A-Za-z]{14}$/),
      razorpay_order_id: s.provider.orderId,
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const res = await confirm(meera, s.orderId, success);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ orderId: s.orderId, orderNumber: s.orderNumber, paymentId: success.razorpay_payment_id } satisfies PaymentConfirmed);

    expect(await cartOf(meera)).toEqual([[c, 3, false]]);
    const [order] = await ordersOf(meera);
    expect(order).toMatchObject({ id: s.orderId, status: 'processing', paymentStatus: 'paid', paymentId: success.razorpay_payment_id, amounts: q.amounts });
    expect(order!.items.sort((x, y) => (x.productId ?? 0) - (y.productId ?? 0))).toEqual([
      { productId: a, name: pa!.name, size: ONE_SIZE, unitPrice: 899_00, quantity: 2, lineTotal: 1798_00 },
      { productId: b, name: pb!.name, size: ONE_SIZE, unitPrice: 350_00, quantity: 1, lineTotal: 350_00 },
    ]);
    const mails = await confirmationMails(meera, s.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your Vastra order ${s.orderNumber} is confirmed`);
    expect(mails[0]!.text).toContain(success.razorpay_payment_id);
    expect(mails[0]!.text).toContain('Total paid: ₹2,148.00');
  });

  it('leaves a line added after the start, and a deselected one, in the cart', async () => {
    const [a, c, d] = [ids[0]!, ids[2]!, ids[3]!];
    await priced(d, 1500_00);
    await addToCart(meera, a);
    const q = await quoteOf(meera);
    expect(q.lines.map((l) => l.productId)).toEqual([a]);
    const s = await started(meera, { addressId: meeraHome.id, expectedTotal: q.amounts.total });
    await addToCart(meera, d, 2);
    await pays(meera, s.orderId);
    expect(await cartOf(meera)).toEqual([
      [c, 3, false],
      [d, 2, true],
    ]);
    await emptyCart(meera);
  });
});

describe('Buy Now', () => {
  it('quotes and buys one piece and leaves the whole cart alone, the same piece in it too', async () => {
    const [p, c, d] = [ids[4]!, ids[2]!, ids[3]!];
    await priced(p, 2450_00, 1999_00);
    await addToCart(meera, c, 3);
    await select(meera, c, false);
    await addToCart(meera, d);
    await addToCart(meera, p, 2);
    const cart = await cartOf(meera);

    const q = await quoteOf(meera, p);
    expect(q.source).toBe('buy_now');
    expect(q.lines).toHaveLength(1);
    expect(q.lines[0]).toMatchObject({ productId: p, unitPrice: 1999_00, quantity: 1, lineTotal: 1999_00 });
    expect(q.amounts).toEqual(priceOrder(1999_00, DEFAULT_PRICING));

    const s = await started(meera, { addressId: meeraHome.id, buyNow: { productId: p }, expectedTotal: q.amounts.total });
    expect(s.amounts).toEqual(q.amounts);
    const paid = await pays(meera, s.orderId);
    expect(paid.orderNumber).toBe(s.orderNumber);
    expect(await cartOf(meera)).toEqual(cart);
    expect((await orderRow(s.orderId)).source).toBe('buy_now');
    expect((await ordersOf(meera))[0]).toMatchObject({ id: s.orderId, paymentStatus: 'paid', items: [{ productId: p, quantity: 1, unitPrice: 1999_00 }] });
    await emptyCart(meera);
  });
});

describe('the amounts', () => {
  // Spec §9: at or above ₹999 ships free, at or above ₹499 pays ₹99, below pays ₹149. Since issue 18
  // the shipping carries GST too (at the piece's rate, here the shop's 18%): contained, or added.
  const cases: [price: number, included: Partial<PriceBreakdown>, added: Partial<PriceBreakdown>][] = [
    [1, { gstAmount: 22_73, shippingCharges: 149_00, total: 149_01 }, { gstAmount: 26_82, shippingCharges: 149_00, total: 175_83 }],
    [1_00, { gstAmount: 22_88, shippingCharges: 149_00, total: 150_00 }, { gstAmount: 27_00, shippingCharges: 149_00, total: 177_00 }],
    [498_99, { gstAmount: 98_85, shippingCharges: 149_00, total: 647_99 }, { gstAmount: 116_64, shippingCharges: 149_00, total: 764_63 }],
    [499_00, { gstAmount: 91_22, shippingCharges: 99_00, total: 598_00 }, { gstAmount: 107_64, shippingCharges: 99_00, total: 705_64 }],
    [998_99, { gstAmount: 167_49, shippingCharges: 99_00, total: 1097_99 }, { gstAmount: 197_64, shippingCharges: 99_00, total: 1295_63 }],
    [999_00, { gstAmount: 152_39, shippingCharges: 0, total: 999_00 }, { gstAmount: 179_82, shippingCharges: 0, total: 1178_82 }],
    [12_345_67, { gstAmount: 1883_24, shippingCharges: 0, total: 12_345_67 }, { gstAmount: 2222_22, shippingCharges: 0, total: 14_567_89 }],
  ];

  it.each(cases)('for a piece at %i paise, prices including GST (the default): quote and start agree with priceOrder', async (price, included) => {
    const p = ids[10]!;
    await priced(p, price);
    const q = await quoteOf(meera, p);
    expect(q.amounts).toEqual(priceOrder(price, DEFAULT_PRICING));
    expect(q.amounts).toMatchObject({ subtotal: price, gstIncluded: true, gstRateBp: 1800, ...included });
    const s = await started(meera, { addressId: meeraHome.id, buyNow: { productId: p }, expectedTotal: q.amounts.total });
    expect(s.amounts).toEqual(q.amounts);
    expect(await orderRow(s.orderId)).toMatchObject({ subtotal: price, gstAmount: included.gstAmount, shippingCharges: included.shippingCharges, total: included.total, pricesIncludeGst: true, gstRateBp: 1800 });
  });

  it.each(cases)('for a piece at %i paise, GST added (prices_include_gst false): quote and start agree with priceOrder', async (price, _, added) => {
    const p = ids[10]!;
    await priced(p, price);
    await withSettings({ prices_include_gst: 'false' }, async () => {
      const q = await quoteOf(meera, p);
      expect(q.amounts).toEqual(priceOrder(price, EXCLUSIVE));
      expect(q.amounts).toMatchObject({ subtotal: price, gstIncluded: false, ...added });
      expect(q.amounts.total).toBe(price + q.amounts.gstAmount + q.amounts.shippingCharges);
      const s = await started(meera, { addressId: meeraHome.id, buyNow: { productId: p }, expectedTotal: q.amounts.total });
      expect(s.amounts).toEqual(q.amounts);
      expect(await orderRow(s.orderId)).toMatchObject({ total: added.total, gstAmount: added.gstAmount, pricesIncludeGst: false });
    });
  });

  it('follows the owner’s own thresholds, charges and rate', async () => {
    const p = ids[10]!;
    const settings: PricingSettings = {
      gstRateBp: 1250,
      freeShippingThreshold: 1500_00,
      standardShippingCharge: 50_00,
      expressShippingCharge: 75_50,
      expressShippingThreshold: 700_00,
      pricesIncludeGst: false,
      lowStockThreshold: 3,
      reservationMinutes: 15,
      codFee: 0,
      ...DEFAULT_GST,
    };
    const texts = {
      gst_percentage: '12.5',
      free_shipping_threshold: '1500',
      standard_shipping_charge: '50.00',
      express_shipping_charge: '75.5',
      express_shipping_threshold: '700.00',
      prices_include_gst: 'false',
    };
    await withSettings(texts, async () => {
      expect(await (await t.get('/api/pricing')).json()).toEqual(settings);
      for (const [price, shipping] of [
        [699_99, 75_50],
        [700_00, 50_00],
        [1499_99, 50_00],
        [1500_00, 0],
      ] as const) {
        await priced(p, price);
        const q = await quoteOf(meera, p);
        expect(q.amounts).toEqual(priceOrder(price, settings));
        expect(q.amounts.shippingCharges).toBe(shipping);
        // 12.5% added to the piece and to its shipping (issue 18: shipping carries the piece's rate).
        expect(q.amounts.gstAmount).toBe(Math.round(price * 0.125) + Math.round(shipping * 0.125));
        const s = await started(meera, { addressId: meeraHome.id, buyNow: { productId: p }, expectedTotal: q.amounts.total });
        expect(s.amounts).toEqual(q.amounts);
      }
    });
  });

  it('prices a cart of many lines as one subtotal (shipping on the sum, not per line)', async () => {
    const [a, b] = [ids[11]!, ids[12]!];
    await priced(a, 300_00);
    await priced(b, 250_00, 200_00);
    await addToCart(meera, a, 2);
    await addToCart(meera, b, 2);
    for (const settings of [DEFAULT_PRICING, EXCLUSIVE]) {
      await withSettings({ prices_include_gst: String(settings.pricesIncludeGst) }, async () => {
        const q = await quoteOf(meera);
        // GST is worked out line by line (issue 18: the invoice's lines), so priced as those lines.
        const lines = [300_00, 200_00].map((unitPrice) => ({ unitPrice, quantity: 2, tax: NO_TAX_RULE }));
        expect(q.amounts).toEqual(priceOrder(lines, settings));
        expect(q.amounts.subtotal).toBe(1000_00);
        expect(q.amounts.shippingCharges).toBe(0);
        expect((await started(meera, { addressId: meeraHome.id, expectedTotal: q.amounts.total })).amounts).toEqual(q.amounts);
      });
    }
    await emptyCart(meera);
  });
});

describe('what a start is refused for', () => {
  let p: number;
  let total: number;
  let before: number;

  beforeAll(async () => {
    p = ids[20]!;
    await priced(p, 1299_00);
    total = (await quoteOf(meera, p)).amounts.total;
    before = await orderCount(meera);
  });

  const buy = (body: Record<string, unknown>) => start(meera, { addressId: meeraHome.id, buyNow: { productId: p }, expectedTotal: total, ...body });

  it('an address that is not the shopper’s own, or none at all: 422 address_invalid', async () => {
    for (const addressId of [arjunHome.id, '00000000-0000-4000-8000-000000000000']) {
      await refused(await buy({ addressId }), 422, 'address_invalid', INVALID_ADDRESS);
    }
    expect(INVALID_ADDRESS).toBe('Please ensure your delivery address has valid information before proceeding to payment.');
  });

  it('an address in the book that breaks the address rules: 422 address_invalid', async () => {
    const bad = [
      { ...HOME, pincode: '60008' },
      { ...HOME, name: 'M3era' },
      { ...HOME, phone: '98765' },
      { ...HOME, city: '' },
      { ...HOME, house: '---' },
    ];
    for (const fields of bad) {
      const [row] = await t.database.db
        .insert(addresses)
        .values({ userId: meera.id, ...fields, state: 'Tamil Nadu' })
        .returning({ id: addresses.id });
      await refused(await buy({ addressId: row!.id }), 422, 'address_invalid', INVALID_ADDRESS);
      await t.database.db.delete(addresses).where(eq(addresses.id, row!.id));
    }
  });

  it('an address carrying a placeholder name or phone: 422 address_placeholder', async () => {
    for (const fields of [{ name: 'Your Name' }, { phone: '9999999999' }, { name: '  your   name ' }]) {
      const placeholder = await addAddress(meera, { ...HOME, ...fields });
      await refused(await buy({ addressId: placeholder.id }), 422, 'address_placeholder', PLACEHOLDER_ADDRESS);
      await send(t, 'DELETE', `/api/addresses/${placeholder.id}`, undefined, meera.cookie);
    }
    expect(PLACEHOLDER_ADDRESS).toBe('Please update your address with your actual details before proceeding to payment.');
  });

  it('a total other than the server’s (tampered, or stale): 409 price_changed', async () => {
    for (const expectedTotal of [total - 1, total + 1, 100, 0, total * 100]) {
      await refused(await buy({ expectedTotal }), 409, 'price_changed', PRICE_CHANGED);
    }
  });

  it('a total that is not a whole number of paise: 422 with “The total is missing.”', async () => {
    for (const expectedTotal of [String(total), -1, total + 0.5, null, undefined, [total], { total }]) {
      const res = await buy({ expectedTotal });
      expect(res.status, JSON.stringify(expectedTotal)).toBe(422);
      expect(await res.json()).toEqual({ code: 'invalid', message: 'The total is missing', fields: { expectedTotal: 'The total is missing.' } });
    }
  });

  it('a malformed address id or product id: 422 with its message', async () => {
    const res = await buy({ addressId: 'home' });
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({ addressId: CHOOSE_ADDRESS });
    for (const productId of ['5', 0, -1, 1.5, 2 ** 31]) {
      const bad = await buy({ buyNow: { productId } });
      expect(bad.status).toBe(422);
      expect((await bad.json()).fields).toEqual({ buyNow: 'Product not found' });
    }
  });

  it('a piece no longer in the catalog: 409 unavailable', async () => {
    await refused(await quoteRes(meera, unknownId), 409, 'unavailable', 'This piece is no longer available.');
    await refused(await buy({ buyNow: { productId: unknownId } }), 409, 'unavailable', 'This piece is no longer available.');
  });

  it('a sold-out piece, bought now or selected in the cart: 409 sold_out naming it', async () => {
    const message = `${soldOut.name} is out of stock. Please remove it to continue.`;
    await refused(await quoteRes(meera, soldOut.id), 409, 'sold_out', message);
    await refused(await buy({ buyNow: { productId: soldOut.id } }), 409, 'sold_out', message);

    const q = ids[21]!;
    await priced(q, 800_00);
    await addToCart(arjun, q);
    const cartTotal = (await quoteOf(arjun)).amounts.total;
    await setStock(t, q, 0);
    const [{ name }] = (await t.database.db.select({ name: products.name }).from(products).where(eq(products.id, q))) as [{ name: string }];
    await refused(await quoteRes(arjun), 409, 'sold_out', `${name} is out of stock. Please remove it to continue.`);
    await refused(await start(arjun, { addressId: arjunHome.id, expectedTotal: cartTotal }), 409, 'sold_out', `${name} is out of stock. Please remove it to continue.`);
    // Deselected, it waits in the cart and the checkout has nothing to buy.
    await select(arjun, q, false);
    await refused(await quoteRes(arjun), 409, 'nothing_selected', NOTHING_SELECTED);
    await priced(q, 800_00);
    await setStock(t, q, 1000);
    await emptyCart(arjun);
  });

  it('an empty cart, or one with nothing selected: 409 nothing_selected', async () => {
    await refused(await quoteRes(arjun), 409, 'nothing_selected', NOTHING_SELECTED);
    await refused(await start(arjun, { addressId: arjunHome.id, expectedTotal: 100_00 }), 409, 'nothing_selected', NOTHING_SELECTED);
    await addToCart(arjun, ids[22]!);
    await select(arjun, ids[22]!, false);
    await refused(await quoteRes(arjun), 409, 'nothing_selected', NOTHING_SELECTED);
    await refused(await start(arjun, { addressId: arjunHome.id, expectedTotal: 100_00 }), 409, 'nothing_selected', NOTHING_SELECTED);
    expect(NOTHING_SELECTED).toBe('Your cart has nothing selected to buy.');
    await emptyCart(arjun);
  });

  it('a price that changed between the quote and the start: 409 price_changed, then the new total is taken', async () => {
    const q = await quoteOf(meera, p);
    await priced(p, 1349_00);
    await refused(await buy({ expectedTotal: q.amounts.total }), 409, 'price_changed', PRICE_CHANGED);
    expect(await orderCount(meera)).toBe(before);
    const fresh = await quoteOf(meera, p);
    expect(fresh.amounts).toEqual(priceOrder(1349_00, DEFAULT_PRICING));
    const s = await started(meera, { addressId: meeraHome.id, buyNow: { productId: p }, expectedTotal: fresh.amounts.total });
    expect(s.amounts.total).toBe(1349_00);
    expect(await orderCount(meera)).toBe(before + 1);
    before += 1;
    await priced(p, 1299_00);
  });

  it('a total under ₹1.00 (a piece priced 0 by mistake): 409, never a 500', async () => {
    const free = ids[25]!;
    const message = 'This order cannot be paid online. Please contact us.';
    await priced(free, 0);
    const q = await quoteOf(meera, free);
    expect(q.amounts).toMatchObject({ subtotal: 0, shippingCharges: 0, total: 0 });
    await refused(await buy({ buyNow: { productId: free }, expectedTotal: 0 }), 409, 'unavailable', message);
    // Free shipping from the owner's settings and a piece at 50 paise: Razorpay takes nothing under 100.
    await priced(free, 50);
    await withSettings({ express_shipping_charge: '0' }, async () => {
      expect((await quoteOf(meera, free)).amounts.total).toBe(50);
      await refused(await buy({ buyNow: { productId: free }, expectedTotal: 50 }), 409, 'unavailable', message);
    });
    await priced(free, 1000_00);
  });

  it('a body of 1 MB: 413, read no further', async () => {
    const res = await buy({ pad: 'x'.repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'too_large', message: 'This request is too large.' });
  });

  it('wrote no order for any refusal', async () => {
    expect(await orderCount(meera)).toBe(before);
  });

  it('ignores fields it does not know: the order is the asker’s, at the server’s amounts', async () => {
    const s = await started(meera, {
      addressId: meeraHome.id,
      buyNow: { productId: p },
      expectedTotal: total,
      userId: arjun.id,
      amounts: { total: 100 },
      total: 100,
      status: 'processing',
      paymentStatus: 'paid',
    });
    expect(await orderRow(s.orderId)).toMatchObject({ userId: meera.id, total, status: 'pending', paymentStatus: 'pending' });
  });
});

describe('a second start for the same purchase', () => {
  it('reuses the pending order while it is the same purchase, and only then', async () => {
    const p = ids[23]!;
    await priced(p, 640_00);
    const first = await buyNowStarted(meera, p);
    const n = await orderCount(meera);
    const again = await buyNowStarted(meera, p);
    expect(again).toEqual(first);
    expect(await orderCount(meera)).toBe(n);

    // Another address is another purchase: it takes the piece over, and the first order lapses
    // (issue 53: a piece in a size is held by one of the shopper's unpaid orders at most).
    const elsewhere = await buyNowStarted(meera, p, meeraOffice);
    expect(elsewhere.orderId).not.toBe(first.orderId);
    expect(elsewhere.addressNote).toBe('221/B, MG Road, Indiranagar, Bengaluru, Karnataka 560038');
    const statusOf = async (id: string) => (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
    expect(await statusOf(first.orderId)).toBe('expired');
    // So is the same piece at another price.
    await priced(p, 650_00);
    const dearer = await buyNowStarted(meera, p);
    expect(dearer.orderId).not.toBe(elsewhere.orderId);
    expect(await statusOf(elsewhere.orderId)).toBe('expired');
    await priced(p, 640_00);
    const back = await buyNowStarted(meera, p);
    expect(back.orderId).not.toBe(first.orderId);
    expect(await buyNowStarted(meera, p)).toEqual(back);
    expect(await orderCount(meera)).toBe(n + 3);

    // Half an hour on, or once paid, a new order is made.
    await t.database.db.update(orders).set({ createdAt: sql`now() - interval '31 minutes'` }).where(eq(orders.id, back.orderId));
    const later = await buyNowStarted(meera, p);
    expect(later.orderId).not.toBe(back.orderId);
    await pays(meera, later.orderId);
    const afterPaying = await buyNowStarted(meera, p);
    expect(afterPaying.orderId).not.toBe(later.orderId);
    expect(await orderCount(meera)).toBe(n + 5);
  });

  it('makes a new order when the GST changed though the total did not (prices including GST)', async () => {
    const p = ids[24]!;
    await priced(p, 1180_00);
    const first = await buyNowStarted(meera, p);
    expect(first.amounts).toMatchObject({ gstRateBp: 1800, gstAmount: 180_00, total: 1180_00 });
    await withSettings({ gst_percentage: '12' }, async () => {
      const q = await quoteOf(meera, p);
      expect(q.amounts).toMatchObject({ gstRateBp: 1200, gstAmount: 126_43, total: 1180_00 });
      const again = await buyNowStarted(meera, p);
      expect(again.amounts).toEqual(q.amounts);
      expect(again.orderId).not.toBe(first.orderId);
      expect(await orderRow(again.orderId)).toMatchObject({ gstRateBp: 1200, gstAmount: 126_43 });
    });
  });
});

describe('the confirmation', () => {
  let p: number;
  beforeAll(async () => {
    p = ids[30]!;
    await priced(p, 1100_00);
  });

  it('answers 404 “Order not found.” for a malformed or unknown order id', async () => {
    const success = { razorpay_payment_id: 'pay_test_AAAAAAAAAAAAAA', razorpay_order_id: 'order_test_AAAAAAAAAAAAAA', razorpay_signature: 'a'.repeat(64) };
    for (const id of ['abc', '1', '00000000-0000-0000-0000-00000000000g', `${crypto.randomUUID()}x`, '00000000-0000-4000-8000-000000000000', crypto.randomUUID()]) {
      await refused(await confirm(meera, id, success), 404, 'not_found', ORDER_NOT_FOUND);
      await refused(await testPayment(meera, id), 404, 'not_found', ORDER_NOT_FOUND);
    }
    for (const buyNow of ['abc', '0', '01', '-1', '1.5', '99999999999']) {
      await refused(await quoteRes(meera, buyNow), 404, 'not_found', 'Product not found');
    }
  });

  it('refuses a forged signature with 400 payment_not_verified, and the order stays pending', async () => {
    const s = await buyNowStarted(meera, p);
    const real = await issued(meera, s.orderId);
    for (const forged of [
      { ...real, razorpay_signature: 'f'.repeat(64) },
      { ...real, razorpay_signature: real.razorpay_signature.replace(/^./, (ch) => (ch === '0' ? '1' : '0')) },
      { ...real, razorpay_payment_id: 'pay_test_Forged00000000' },
    ]) {
      await refused(await confirm(meera, s.orderId, forged), 400, 'payment_not_verified', PAYMENT_NOT_VERIFIED);
    }
    // Not even shaped like one: the contract's 422, with the same words.
    for (const malformed of [{ ...real, razorpay_signature: 'zz' }, { ...real, razorpay_signature: real.razorpay_signature.toUpperCase() + '0' }, {}]) {
      const res = await confirm(meera, s.orderId, malformed);
      expect(res.status).toBe(422);
      expect((await res.json()).code).toBe('invalid');
    }
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'pending', paymentId: null });
    expect(await confirmationMails(meera, s.orderNumber)).toEqual([]);
    // The real one still goes through.
    expect((await confirm(meera, s.orderId, real)).status).toBe(200);
  });

  it('refuses another order’s valid signature: verified against the provider order the server stored', async () => {
    const p2 = ids[31]!;
    await priced(p2, 150_00);
    const dear = await buyNowStarted(meera, p);
    const cheap = await buyNowStarted(meera, p2);
    const cheapPaid = await issued(meera, cheap.orderId);
    // As the cheap order's confirmation, and with the dear order's id put in its place.
    for (const success of [cheapPaid, { ...cheapPaid, razorpay_order_id: dear.provider.orderId }]) {
      await refused(await confirm(meera, dear.orderId, success), 400, 'payment_not_verified', PAYMENT_NOT_VERIFIED);
    }
    expect(await orderRow(dear.orderId)).toMatchObject({ paymentStatus: 'pending', paymentId: null });
    expect((await confirm(meera, cheap.orderId, cheapPaid)).status).toBe(200);
    expect(await orderRow(dear.orderId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('answers 404 to another shopper confirming or test-paying an order by its real id; it stays pending', async () => {
    const s = await buyNowStarted(meera, ids[32]!);
    const success = await issued(meera, s.orderId);
    await refused(await confirm(arjun, s.orderId, success), 404, 'not_found', ORDER_NOT_FOUND);
    await refused(await testPayment(arjun, s.orderId), 404, 'not_found', ORDER_NOT_FOUND);
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'pending', status: 'pending', paymentId: null });
    expect(await ordersOf(arjun)).toEqual([]);
    expect(await confirmationMails(arjun)).toEqual([]);
    const res = await confirm(meera, s.orderId, success);
    expect(res.status).toBe(200);
  });

  it('answers a replayed confirmation the same, with one paid order and one mail', async () => {
    const s = await buyNowStarted(meera, ids[33]!);
    const success = await issued(meera, s.orderId);
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await confirm(meera, s.orderId, success);
      expect(res.status).toBe(200);
      answers.push(await res.json());
    }
    expect(answers).toEqual(Array(3).fill({ orderId: s.orderId, orderNumber: s.orderNumber, paymentId: success.razorpay_payment_id }));
    const paid = await t.database.db.select().from(orders).where(eq(orders.paymentId, success.razorpay_payment_id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ id: s.orderId, paymentStatus: 'paid', status: 'processing' });
    expect(await confirmationMails(meera, s.orderNumber)).toHaveLength(1);
  });

  it('settles five confirmations sent at once exactly once: one paid order, one mail', async () => {
    const s = await buyNowStarted(meera, ids[34]!);
    const success = await issued(meera, s.orderId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(meera, s.orderId, success)));
    const expected = { orderId: s.orderId, orderNumber: s.orderNumber, paymentId: success.razorpay_payment_id };
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expected);
    }
    expect(await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, success.razorpay_payment_id))).toEqual([{ id: s.orderId }]);
    expect(await orderRow(s.orderId)).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
    expect(await confirmationMails(meera, s.orderNumber)).toHaveLength(1);
  });

  // BUG (reported, not fixed): the test-mode provider remembers the payment it issued, and a second
  // test payment for the same order (the page's confirmation was lost, or Pay reused the pending
  // order) throws its ProviderError 'Order has already been paid' through to a 500.
  it('hands back the same test payment when asked again before the confirmation (the page lost the answer)', async () => {
    const s = await buyNowStarted(meera, ids[36]!);
    const first = await issued(meera, s.orderId);
    const again = await testPayment(meera, s.orderId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
  });

  it('refuses a test payment for an order already paid: 409 already_paid', async () => {
    const s = await buyNowStarted(meera, ids[35]!);
    await pays(meera, s.orderId);
    await refused(await testPayment(meera, s.orderId), 409, 'already_paid', 'This order is already paid.');
    expect(await confirmationMails(meera, s.orderNumber)).toHaveLength(1);
  });
});
