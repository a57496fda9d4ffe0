/**
 * Tax invoices issued on shipping (issue 18) through the real API, on PGlite and PostgreSQL: the
 * document is the order as placed, split CGST/SGST within the shop's state and IGST across; numbers
 * run on without gaps in each financial year's series and start again on 1 April (a fixed clock),
 * two owners shipping at once get consecutive numbers, a parcel refused at the door gets a credit
 * note of its own series, and an issued invoice cannot be changed.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../../shared/invoices.ts';
import { invoices } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { invoicingShop, TN_GSTIN } from '../../test/invoices-kit.ts';
import { paidBuyNow } from '../../test/orders-kit.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let second: Awaited<ReturnType<typeof signedUp>>;
let shopper: Awaited<ReturnType<typeof signedUp>>;
let productId: number;
let home: { chennai: string; kolkata: string };
/** India's time, as the test sets it. */
let clock = new Date('2026-03-31T12:00:00+05:30');
const TN = TN_GSTIN;

beforeAll(async () => {
  ({ t, owner, shopper, productId, home } = await invoicingShop(() => clock));
  second = await signedUp(t, 'Gauri');
  await t.shop.owners.setOwner(second.email, true);
});
afterAll(() => t.close());

const paidOrder = (to: 'chennai' | 'kolkata' = 'chennai') => paidBuyNow(t, shopper.cookie, productId, home[to]);
const ship = (id: string, who = owner) => send(t, 'POST', `/api/admin/orders/${id}/status`, { from: 'processing', to: 'shipped' }, who.cookie);
const invoiceOf = async (orderId: string, kind = 'invoice') =>
  (await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))).find((i) => i.kind === kind);

describe('an invoice', () => {
  it('is issued when the order ships: the order as placed, CGST and SGST within Tamil Nadu', async () => {
    const id = await paidOrder('chennai');
    expect(await invoiceOf(id)).toBeUndefined();
    expect((await ship(id)).status).toBe(200);
    const inv = (await invoiceOf(id))!;
    expect(inv.number).toMatch(/^VST\/25-26\/\d{6}$/);
    const d: InvoiceDocument = inv.document;
    expect(d).toMatchObject({ registered: true, intraState: true, placeOfSupply: { state: 'Tamil Nadu', stateCode: '33' }, seller: { gstin: TN, stateCode: '33' } });
    const order = (await t.database.db.execute(sql`select total, gst_amount from orders where id = ${id}`)) as unknown as { rows: { total: number; gst_amount: number }[] };
    expect(d.totals.total).toBe(order.rows[0]!.total);
    expect(d.totals.cgst + d.totals.sgst).toBe(order.rows[0]!.gst_amount);
    expect(d.totals.igst).toBe(0);
    expect(d.lines[0]!.hsnCode).toMatch(/^\d{4}$/);
    // Shipping it again (a retry, another tab) issues nothing more.
    await ship(id);
    expect((await t.database.db.select().from(invoices).where(eq(invoices.orderId, id))).length).toBe(1);
  });

  it('is IGST across states', async () => {
    const id = await paidOrder('kolkata');
    await ship(id);
    const d = (await invoiceOf(id))!.document;
    expect(d).toMatchObject({ intraState: false, placeOfSupply: { state: 'West Bengal', stateCode: '19' } });
    expect(d.totals.cgst + d.totals.sgst).toBe(0);
    expect(d.totals.igst).toBeGreaterThan(0);
  });

  it('numbers run on without gaps, even two owners shipping at once, and start again on 1 April', async () => {
    // Placed one after another: one shopper's checkouts at once set each other aside (paidBuyNow),
    // which is not what this test is about; the shipping is what runs at once.
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await paidOrder());
    const answers = await Promise.all(ids.map((id, i) => ship(id, i % 2 ? second : owner)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const series = (await t.database.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.kind, 'invoice'))).map((r) => r.seq).sort((a, b) => a - b);
    expect(series).toEqual(series.map((_, i) => i + 1));

    clock = new Date('2026-04-01T00:00:00+05:30');
    const april = await paidOrder();
    await ship(april);
    expect((await invoiceOf(april))!.number).toBe('VST/26-27/000001');
  });

  it('cannot be changed or deleted once issued', async () => {
    const [any] = await t.database.db.select().from(invoices).limit(1);
    await expect(t.database.db.execute(sql`update invoices set number = 'VST/26-27/999999' where id = ${any!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from invoices where id = ${any!.id}`)).rejects.toThrow();
  });
});

describe('a credit note', () => {
  it('reverses the invoice of a Cash on Delivery parcel refused at the door, in a series of its own', async () => {
    // A COD order placed as the checkout places one: verified e-mail, then the owner ships it.
    await t.database.db.execute(sql`update users set email_verified = true where email = ${shopper.email}`);
    await t.database.db.execute(sql`update products set price = 199900, offer_price = null where id = ${productId}`); // within COD's ₹10,000
    const quote = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}&address=${home.chennai}`, undefined, shopper.cookie)).json();
    const placed = await send(t, 'POST', '/api/checkout/cod', { addressId: home.chennai, buyNow: { productId }, expectedTotal: quote.delivery.cod.total, placementKey: crypto.randomUUID() }, shopper.cookie);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const id = ((await placed.json()) as { orderId: string }).orderId;
    await ship(id);
    expect((await send(t, 'POST', `/api/admin/orders/${id}/status`, { from: 'shipped', to: 'returned' }, owner.cookie)).status).toBe(200);
    const invoice = (await invoiceOf(id))!;
    const note = (await invoiceOf(id, 'credit_note'))!;
    expect(note.number).toBe('VST/CR26-27/0001');
    // Rule 53: the note names the invoice it reverses, by number and date.
    expect(note.document).toMatchObject({ reverses: invoice.number, reversesDate: '2026-04-01', totals: invoice.document.totals, paymentMethod: 'cod' });
    // Both documents are the buyer's and the owner's to download, each under its own name.
    const mine = (await (await send(t, 'GET', '/api/orders', undefined, shopper.cookie)).json()).items.find((o: { id: string }) => o.id === id);
    expect(mine.documents).toEqual([
      { kind: 'invoice', number: invoice.number },
      { kind: 'credit_note', number: note.number },
    ]);
    for (const [url, who] of [[`/api/orders/${id}/credit-note`, shopper], [`/api/admin/orders/${id}/credit-note`, owner]] as const) {
      const res = await send(t, 'GET', url, undefined, who.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="Credit-note-VST-CR26-27-0001.pdf"');
    }
  });
});
