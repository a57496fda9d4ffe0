/**
 * What checkout shows and what the order's document says agree (issue 47, docs/decisions/0041),
 * through the real API on PGlite and PostgreSQL. A shop with no tax registration saved charges GST
 * and shows it (design.md; docs/decisions/0021), so its orders ship with a tax invoice carrying
 * that GST; the document follows what its order was priced with, whatever the owner says later;
 * and the invoice prints the line taxes the order stored at checkout, never worked out again.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../../shared/invoices.ts';
import type { Quote } from '../../../shared/orders.ts';
import { gstText } from '../../../shared/order-price.ts';
import { STORE } from '../../../shared/store.ts';
import { invoices, mailOutbox, orderItems } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { REGISTERED_SHOP } from '../../test/invoices-kit.ts';
import { paidBuyNow, plentyOfStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let shopper: Awaited<ReturnType<typeof signedUp>>;
let productId: number;
let chennai: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-10T11:00:00+05:30') });
  await plentyOfStock(t);
  owner = await signedUp(t, 'Lakshmi');
  shopper = await signedUp(t, 'Farhan');
  await t.shop.owners.setOwner(owner.email, true);
  productId = (await (await t.get('/api/products?limit=1')).json()).items[0].id;
  const address = { name: 'Farhan Khan', phone: '9876543210', house: '4', street: 'Park Street', city: 'Chennai', state: 'Tamil Nadu', pincode: '600004' };
  chennai = ((await (await send(t, 'POST', '/api/addresses', address, shopper.cookie)).json()) as { id: string }).id;
});
afterAll(() => t.close());

const quote = async () => (await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}`, undefined, shopper.cookie)).json()) as Quote;
const ship = (id: string) => send(t, 'POST', `/api/admin/orders/${id}/status`, { from: 'processing', to: 'shipped' }, owner.cookie);
async function shipped(id: string): Promise<{ number: string; document: InvoiceDocument; mail: string }> {
  expect((await ship(id)).status).toBe(200);
  const [doc] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, id));
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.invoiceId, doc!.id));
  return { number: doc!.number, document: doc!.document, mail: mail!.textBody };
}
const gstIn = (d: InvoiceDocument) => d.totals.cgst + d.totals.sgst + d.totals.igst;

describe('a shop with no tax registration saved', () => {
  it('shows GST at checkout, and its order ships with a tax invoice carrying that GST, under the shop’s name', async () => {
    expect(await (await send(t, 'GET', '/api/admin/tax-settings', undefined, owner.cookie)).json()).toEqual({ settings: null });
    const q = await quote();
    expect(q.gstRegistered).toBe(true);
    expect(gstText(q.amounts)).toMatch(/^GST included: /);
    const { document: d, number, mail } = await shipped(await paidBuyNow(t, shopper.cookie, productId, chennai));
    expect(d).toMatchObject({ registered: true, intraState: true, seller: { name: STORE.name, gstin: null }, totals: { total: q.amounts.total } });
    expect(gstIn(d)).toBe(q.amounts.gstAmount);
    expect(d.lines.map((l) => [l.rateBp, l.taxable, l.cgst + l.sgst])).toEqual(q.lines.map((l) => [l.gstRateBp, l.taxableValue, l.gstAmount]));
    expect(mail).toContain(`Your tax invoice ${number} is attached`);
  });
});

describe('the document follows what its order was priced with', () => {
  it('when the owner says the shop is not registered after the order, and registers after the next', async () => {
    const withGst = await paidBuyNow(t, shopper.cookie, productId, chennai);
    expect((await send(t, 'PUT', '/api/admin/tax-settings', { ...REGISTERED_SHOP, registered: false, gstin: null }, owner.cookie)).status).toBe(200);
    expect(gstText((await quote()).amounts)).toBeNull();
    const withoutGst = await paidBuyNow(t, shopper.cookie, productId, chennai);
    expect((await send(t, 'PUT', '/api/admin/tax-settings', REGISTERED_SHOP, owner.cookie)).status).toBe(200);

    const taxed = await shipped(withGst);
    expect(taxed.document).toMatchObject({ registered: true, seller: { gstin: REGISTERED_SHOP.gstin } });
    expect(gstIn(taxed.document)).toBeGreaterThan(0);
    const untaxed = await shipped(withoutGst);
    expect(untaxed.document).toMatchObject({ registered: false, totals: { cgst: 0, sgst: 0, igst: 0 } });
    expect(untaxed.mail).toContain(`Your bill of supply ${untaxed.number} is attached`);
  });
});

describe('an invoice', () => {
  it('prints each line’s tax as the order stored it, not worked out again', async () => {
    const id = await paidBuyNow(t, shopper.cookie, productId, chennai);
    // A paisa moved from the first line's GST to its value, in the order's stored figures only:
    // what was paid is the same (prices include GST), and the invoice must show the move.
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id).limit(1);
    await t.database.db.execute(sql`update order_items set taxable_value = taxable_value + 1, gst_amount = gst_amount - 1 where id = ${line!.id}`);
    await t.database.db.execute(sql`update orders set gst_amount = gst_amount - 1 where id = ${id}`);
    const { document: d } = await shipped(id);
    expect([d.lines[0]!.taxable, d.lines[0]!.cgst + d.lines[0]!.sgst]).toEqual([line!.taxableValue! + 1, line!.gstAmount! - 1]);
  });
});
