/**
 * GST by piece (issue 18) over HTTP, on PGlite and PostgreSQL: each line at its piece's rate in the
 * quote, the order and /orders; placed orders keep their rates whatever changes later; the band
 * that fits neither rate follows the owner's choice; the owner's rules through the product editor
 * and a CSV, and hostile HSN codes and rates refused with their words.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/addresses.ts';
import type { AdminProduct } from '../../../shared/admin-product.contract.ts';
import { DEFAULT_GST } from '../../../shared/gst.ts';
import type { CheckoutStart, Order, Quote } from '../../../shared/orders.ts';
import { gstText } from '../../../shared/order-price.ts';
import { DEFAULT_PRICING } from '../../../shared/pricing.ts';
import { cartItems, orderItems, orders, products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { csvReport } from '../../test/import-kit.ts';
import { plentyOfStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let meera: Awaited<ReturnType<typeof signedUp>>;
let home: Address;
/** Demo pieces in one size: two garments (apparel, 6204: kurtas, garments, suits) and a silk saree (fabric, 5007). */
let kurta: number;
let garment: number;
let saree: number;

const HOME = { name: 'Meera Iyer', phone: '9876543210', house: 'Flat 4B', street: '12 Cathedral Road', city: 'Chennai', state: 'Tamil Nadu', pincode: '600086' };

async function firstOneSize(hsn: string, skip = 0): Promise<number> {
  const [row] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.hsnCode, hsn), isNull(products.hiddenAt), isNull(products.sizeListId)))
    .orderBy(asc(products.id))
    .offset(skip)
    .limit(1);
  return row!.id;
}
const price = (id: number, paise: number) => t.database.db.update(products).set({ price: paise, offerPrice: null }).where(eq(products.id, id));
const settings = (body: object) => send(t, 'PUT', '/api/admin/settings', { ...DEFAULT_PRICING, ...body }, owner.cookie);

async function cart(...ids: number[]) {
  await t.database.db.delete(cartItems);
  for (const id of ids) expect((await send(t, 'POST', '/api/cart/items', { productId: id }, meera.cookie)).status).toBe(200);
}
const quote = async (query = '') => (await (await send(t, 'GET', `/api/checkout/quote${query}`, undefined, meera.cookie)).json()) as Quote;

beforeAll(async () => {
  t = await createTestApp();
  await plentyOfStock(t);
  owner = await signedUp(t, 'Kamala');
  meera = await signedUp(t, 'Meera');
  await t.shop.owners.setOwner(owner.email, true);
  home = (await (await send(t, 'POST', '/api/addresses', HOME, meera.cookie)).json()) as Address;
  // plentyOfStock made every piece one-size: any kurta, garment or saree will do.
  [kurta, garment, saree] = [await firstOneSize('6204'), await firstOneSize('6204', 1), await firstOneSize('5007')];
});
afterAll(() => t.close());

describe('each line at its piece’s rate', () => {
  it('shows the GST per rate, and the order keeps each line’s HSN code, rate, value and tax', async () => {
    await price(kurta, 1499_00);
    await price(garment, 3000_00);
    await cart(kurta, garment);
    const q = await quote();
    expect(q.lines.map((l) => [l.productId, l.gstRateBp, l.gstAmount])).toEqual(
      expect.arrayContaining([
        [kurta, 500, 71_38],
        [garment, 1800, 457_63],
      ]),
    );
    expect(gstText(q.amounts)).toBe('GST included: 5% ₹71.38, 18% ₹457.63');
    expect(q.amounts.total).toBe(4499_00);

    const start = (await (await send(t, 'POST', '/api/checkout/orders', { addressId: home.id, expectedTotal: q.amounts.total }, meera.cookie)).json()) as CheckoutStart;
    expect(start.amounts).toEqual(q.amounts);
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, start.orderId)).orderBy(asc(orderItems.unitPrice));
    expect(lines.map((l) => [l.hsnCode, l.gstRateBp, l.taxableValue, l.gstAmount])).toEqual([
      ['6204', 500, 1427_62, 71_38],
      ['6204', 1800, 2542_37, 457_63],
    ]);
    const [row] = await t.database.db.select({ byRate: orders.gstByRate, charges: orders.chargesGstRateBp }).from(orders).where(eq(orders.id, start.orderId));
    expect(row).toEqual({
      byRate: [
        { rateBp: 500, taxable: 1427_62, gst: 71_38 },
        { rateBp: 1800, taxable: 2542_37, gst: 457_63 },
      ],
      charges: 1800,
    });

    // Whatever changes later, the order says what it was placed with.
    await price(garment, 1000_00);
    await t.database.db.update(products).set({ taxRule: null, hsnCode: null }).where(eq(products.id, kurta));
    expect((await settings({ apparelHighRateBp: 1200 })).status).toBe(200);
    const mine = ((await (await send(t, 'GET', '/api/orders', undefined, meera.cookie)).json()) as { items: Order[] }).items.find((o) => o.id === start.orderId)!;
    expect(gstText(mine.amounts)).toBe('GST included: 5% ₹71.38, 18% ₹457.63');
    await settings({});
    await t.database.db.update(products).set({ taxRule: 'apparel', hsnCode: '6204' }).where(eq(products.id, kurta));
  });

  it('takes a saree at 5% whatever its price, and the shipping at its piece’s rate', async () => {
    await price(saree, 450_00);
    await cart(saree);
    const q = await quote();
    // ₹450 and its ₹149 shipping (below ₹499), both at the saree's 5%: 21.43 + 7.10.
    expect(q.amounts).toMatchObject({ subtotal: 450_00, shippingCharges: 149_00, total: 599_00, gstAmount: 28_53 });
    expect(gstText(q.amounts)).toBe('GST included: 5% ₹28.53');
    await price(saree, 45_000_00);
    expect(gstText((await quote()).amounts)).toBe('GST included: 5% ₹2,142.86');
  });

  it('takes a price between the bands at the owner’s choice of rate (the higher by default)', async () => {
    await price(kurta, 2800_00);
    await cart(kurta);
    expect(gstText((await quote()).amounts)).toBe('GST included: 18% ₹427.12');
    expect((await settings({ ambiguousRate: 'lower' })).status).toBe(200);
    expect(gstText((await quote()).amounts)).toBe('GST included: 5% ₹133.33');
    await settings({});
    // Prices before GST: the price is the value, 18% added above ₹2,500.
    expect((await settings({ pricesIncludeGst: false })).status).toBe(200);
    expect((await quote()).amounts).toMatchObject({ gstAmount: 504_00, total: 3304_00 });
    await settings({});
  });
});

describe('the owner’s rules', () => {
  const input = (p: AdminProduct, tax: unknown) => ({ ...p, tax });

  it('are set in the product editor and read back; hostile codes and rates are refused with their words', async () => {
    const p = (await (await send(t, 'GET', `/api/admin/products/${kurta}`, undefined, owner.cookie)).json()) as AdminProduct;
    expect(p.tax).toEqual({ hsnCode: '6204', taxRule: 'apparel', fixedRateBp: null });
    const saved = await send(t, 'PUT', `/api/admin/products/${kurta}`, input(p, { hsnCode: ' 62044910 ', taxRule: 'fixed', fixedRateBp: 1200 }), owner.cookie);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as AdminProduct).tax).toEqual({ hsnCode: '62044910', taxRule: 'fixed', fixedRateBp: 1200 });
    for (const [tax, message] of [
      [{ hsnCode: '५००७', taxRule: null }, 'The HSN code is 4, 6 or 8 digits, such as 5007 or 62044910.'],
      [{ hsnCode: '50071', taxRule: null }, 'The HSN code is 4, 6 or 8 digits, such as 5007 or 62044910.'],
      [{ hsnCode: '5'.repeat(10_000), taxRule: null }, 'The HSN code is 4, 6 or 8 digits, such as 5007 or 62044910.'],
      [{ hsnCode: '5007', taxRule: 'fixed', fixedRateBp: null }, 'Enter the fixed rate, such as 5 for fabric.'],
      [{ hsnCode: '5007', taxRule: 'fixed', fixedRateBp: 2801 }, 'The fixed rate must be at most 28%.'],
      [{ hsnCode: '5007', taxRule: 'everything' }, 'Choose how the piece is taxed.'],
    ] as const) {
      const res = await send(t, 'PUT', `/api/admin/products/${kurta}`, input(p, tax), owner.cookie);
      expect(res.status, JSON.stringify(tax).slice(0, 80)).toBe(422);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.tax).toBe(message);
    }
    await send(t, 'PUT', `/api/admin/products/${kurta}`, input(p, p.tax), owner.cookie);
  });

  it('come in through a CSV: fabric with its rate, apparel, or the shop’s rate; a bad code names its column', async () => {
    const header = 'handle,name,price,stock,hsn_code,tax_rule,tax_rate';
    const file = [header, 'gst-a,Silk Saree,4999,3,5007,fabric,', 'gst-b,Cotton Kurta,1299,3,6204,apparel,', 'gst-c,Gift Card Pouch,299,3,,,', 'gst-d,Odd Piece,299,3,12ab,,'].join('\n');
    const { row } = await csvReport(t, owner.cookie, file);
    expect(row(5)).toMatchObject({ column: 'hsn_code', reason: 'The HSN code is 4, 6 or 8 digits, such as 5007 or 62044910.' });
    const taxOf = async (key: string) =>
      (await t.database.db.select({ hsn: products.hsnCode, rule: products.taxRule, rate: products.taxRateBp }).from(products).where(eq(products.importKey, `csv:${key}`)))[0];
    expect(await taxOf('gst-a')).toEqual({ hsn: '5007', rule: 'fixed', rate: 500 });
    expect(await taxOf('gst-b')).toEqual({ hsn: '6204', rule: 'apparel', rate: null });
    expect(await taxOf('gst-c')).toEqual({ hsn: null, rule: null, rate: null });
  });

  it('keep the apparel settings within what the law could mean', async () => {
    for (const [body, field, message] of [
      [{ apparelHighRateBp: 2801 }, 'apparelHighRateBp', 'The higher apparel rate must be at most 28%.'],
      [{ apparelLowRateBp: 1800, apparelHighRateBp: 500 }, 'apparelLowRateBp', 'The lower apparel rate must not be above the higher one.'],
      [{ apparelThreshold: 0 }, 'apparelThreshold', 'The apparel threshold must be at least ₹1.'],
      [{ ambiguousRate: 'middle' }, 'ambiguousRate', 'Choose the higher or the lower rate for a price between the bands.'],
    ] as const) {
      const res = await settings(body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { fields: Record<string, string> }).fields[field]).toBe(message);
    }
    expect(await (await t.get('/api/pricing')).json()).toMatchObject(DEFAULT_GST);
  });
});
