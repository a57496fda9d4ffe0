/**
 * Issued documents as files (issue 18) through the real API, on PGlite and PostgreSQL: the buyer
 * downloads their own invoice (never another's), the owner any; the "shipped" mail carries the PDF
 * through a real SMTP server; the month's register adds up the stored documents, with a buyer's
 * formula-shaped name made harmless; two app servers shipping at once number without gaps; and a
 * shop not registered for GST charges none and issues bills of supply.
 */
import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { extractText } from 'unpdf';
import { rupeesInWords } from '../../../shared/amount-in-words.ts';
import { formatInr } from '../../../shared/money.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_MONTH_MESSAGE } from '../../../shared/invoice-register.contract.ts';
import type { Database } from '../../db/client.ts';
import { openPostgres } from '../../db/client.ts';
import { invoices, mailOutbox } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { invoicingShop, REGISTERED_SHOP, TN_GSTIN } from '../../test/invoices-kit.ts';
import { paidBuyNow } from '../../test/orders-kit.ts';
import { startSmtpInbox } from '../../test/smtp-inbox.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createMailSender } from '../mail/mail.service.ts';
import { smtpTransport } from '../mail/mail.transports.ts';
import { createInvoiceFiles, DOCUMENT_NOT_FOUND } from './invoice-files.service.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let shopper: Awaited<ReturnType<typeof signedUp>>;
let stranger: Awaited<ReturnType<typeof signedUp>>;
let productId: number;
let chennai: string;
let kolkata: string;
const clock = new Date('2026-11-10T11:00:00+05:30');
const SHOP = REGISTERED_SHOP;

beforeAll(async () => {
  ({ t, owner, shopper, productId, home: { chennai, kolkata } } = await invoicingShop(() => clock));
  stranger = await signedUp(t, 'Meera');
});
afterAll(() => t.close());

const ship = (id: string, app: Pick<TestApp, 'app'> = t) => send(app, 'POST', `/api/admin/orders/${id}/status`, { from: 'processing', to: 'shipped' }, owner.cookie);
const pdfHead = async (res: Response) => Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString('latin1');

describe('an invoice as a PDF', () => {
  let id: string;
  let number: string;

  it('is not there before the order ships', async () => {
    id = await paidBuyNow(t, shopper.cookie, productId, chennai);
    const res = await send(t, 'GET', `/api/orders/${id}/invoice`, undefined, shopper.cookie);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(DOCUMENT_NOT_FOUND.invoice);
    const order = (await (await send(t, 'GET', '/api/orders', undefined, shopper.cookie)).json()).items.find((o: { id: string }) => o.id === id);
    expect(order.documents).toEqual([]);
  });

  it('downloads for its buyer once shipped, named by its number, never cached', async () => {
    expect((await ship(id)).status).toBe(200);
    number = (await t.database.db.select().from(invoices).where(eq(invoices.orderId, id)))[0]!.number;
    const res = await send(t, 'GET', `/api/orders/${id}/invoice`, undefined, shopper.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="Invoice-${number.replaceAll('/', '-')}.pdf"`);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    // The stored document's figures, as printed (the PDF's own tests read every field).
    const { text } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true });
    const d = (await t.database.db.select().from(invoices).where(eq(invoices.orderId, id)))[0]!.document;
    for (const printed of [number, TN_GSTIN, d.lines[0]!.hsnCode!, formatInr(d.totals.total), rupeesInWords(d.totals.total)]) expect(text).toContain(printed);
    const order = (await (await send(t, 'GET', '/api/orders', undefined, shopper.cookie)).json()).items.find((o: { id: string }) => o.id === id);
    expect(order.documents).toEqual([{ kind: 'invoice', number }]);
  });

  it('is another shopper’s to see no more than an order never invoiced', async () => {
    const res = await send(t, 'GET', `/api/orders/${id}/invoice`, undefined, stranger.cookie);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(DOCUMENT_NOT_FOUND.invoice);
    expect((await send(t, 'GET', `/api/orders/${id}/invoice`)).status).toBe(401);
    expect((await send(t, 'GET', `/api/orders/not-an-order/invoice`, undefined, shopper.cookie)).status).toBe(404);
    expect((await send(t, 'GET', `/api/orders/${id}/credit-note`, undefined, shopper.cookie)).status).toBe(404);
  });

  it('downloads for the owner, and the owner’s address is the owner’s only', async () => {
    const res = await send(t, 'GET', `/api/admin/orders/${id}/invoice`, undefined, owner.cookie);
    expect(res.status).toBe(200);
    expect(await pdfHead(res)).toBe('%PDF-');
    expect((await send(t, 'GET', `/api/admin/orders/${id}/invoice`, undefined, shopper.cookie)).status).toBe(403);
    expect((await send(t, 'GET', `/api/admin/invoices/register?month=2026-11`, undefined, shopper.cookie)).status).toBe(403);
  });

  it('goes with the "shipped" mail, drawn when the mail is sent', async () => {
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order_shipped'));
    expect(mail).toMatchObject({ toAddress: shopper.email });
    expect(mail!.invoiceId).not.toBeNull();
    expect(mail!.textBody).toContain(`Your tax invoice ${number} is attached`);
    const inbox = await startSmtpInbox();
    const sender = createMailSender(t.database.db, smtpTransport(inbox.url, 'shop@example.com'), () => {}, createInvoiceFiles(t.database.db).attachmentsOf);
    await sender.sendDue();
    const shipped = (await inbox.waitFor(1)).find((m) => m.subject?.includes('is on its way'))!;
    expect(shipped.attachments).toHaveLength(1);
    expect(shipped.attachments[0]).toMatchObject({ filename: `Invoice-${number.replaceAll('/', '-')}.pdf`, contentType: 'application/pdf' });
    expect(shipped.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await sender.stop();
    await inbox.close();
  });
});

describe('the month’s register', () => {
  const register = async (query: string) => send(t, 'GET', `/api/admin/invoices/register?${query}`, undefined, owner.cookie);
  const rowsOf = async (res: Response) => {
    const bytes = Buffer.from(await res.arrayBuffer());
    // UTF-8's byte-order mark, so that a spreadsheet reads a Hindi name right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
  };

  it('adds up each document per rate, from the stored figures, with formula-shaped names made text', async () => {
    // A buyer whose name a spreadsheet would run as a formula (written straight to the order: the
    // address book would not take it, an older order or another client might hold one).
    const id = await paidBuyNow(t, shopper.cookie, productId, kolkata);
    const evil = '=HYPERLINK("http://evil.example","Click")';
    await t.database.db.execute(sql`update orders set address_json = jsonb_set(address_json, '{name}', to_jsonb(${evil}::text)) where id = ${id}`);
    await ship(id);
    const res = await register('month=2026-11');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="GST-register-2026-11.csv"');
    const rows = await rowsOf(res);
    const docs = await t.database.db.select().from(invoices);
    expect(new Set(rows.map((r) => r.Number))).toEqual(new Set(docs.map((d) => d.number)));
    for (const d of docs) {
      const mine = rows.filter((r) => r.Number === d.number);
      const paise = (k: string) => mine.reduce((s, r) => s + Math.round(Number(r[k]) * 100), 0);
      expect(paise('Value')).toBe(d.document.totals.total);
      expect(paise('Taxable value')).toBe(d.document.totals.taxable);
      expect(paise('CGST') + paise('SGST') + paise('IGST')).toBe(d.document.totals.cgst + d.document.totals.sgst + d.document.totals.igst);
    }
    const across = rows.find((r) => r['Place of supply'] === 'West Bengal')!;
    expect(across.Buyer).toBe(`'${evil}`);
    expect(Number(across.IGST)).toBeGreaterThan(0);
    expect(Number(across.CGST)).toBe(0);
  });

  it('sums by place of supply and rate', async () => {
    const rows = await rowsOf(await register('month=2026-11&view=summary'));
    expect(rows.map((r) => r['Place of supply'])).toEqual(expect.arrayContaining(['Tamil Nadu', 'West Bengal']));
    const docs = await t.database.db.select().from(invoices);
    const total = rows.reduce((s, r) => s + Math.round(Number(r.Value) * 100), 0);
    expect(total).toBe(docs.reduce((s, d) => s + d.document.totals.total, 0));
  });

  it('is empty for a month with nothing issued, and refuses a month that is not one', async () => {
    expect(await rowsOf(await register('month=2026-10'))).toEqual([]);
    for (const bad of ['month=2026-13', 'month=11-2026', 'month=%E0%A5%A8%E0%A5%A6%E0%A5%A8%E0%A5%AC-11', `month=${'9'.repeat(1_000)}`, '']) {
      const res = await register(bad);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).message).toBe(REGISTER_MONTH_MESSAGE);
    }
    expect((await register('month=2026-11&view=everything')).status).toBe(400);
  });
});

describe('two app servers shipping at once', () => {
  it('number their invoices without a gap or a twin', async () => {
    // On PostgreSQL the second server has a connection pool of its own, as another machine would.
    const other: Database | null = t.databaseUrl ? await openPostgres(t.databaseUrl, 2) : null;
    const second = t.another((other ?? t.database).db);
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await paidBuyNow(t, shopper.cookie, productId, chennai));
    const answers = await Promise.all(ids.map((id, i) => ship(id, i % 2 ? { app: second } : t)));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const seqs = (await t.database.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.kind, 'invoice'))).map((r) => r.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    await other?.close();
  });
});

describe('a shop not registered for GST', () => {
  it('charges no GST, shows none, and issues a bill of supply', async () => {
    expect((await send(t, 'PUT', '/api/admin/tax-settings', { ...SHOP, registered: false, gstin: null }, owner.cookie)).status).toBe(200);
    const quote = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}`, undefined, shopper.cookie)).json();
    expect(quote.gstRegistered).toBe(false);
    expect(quote.amounts).toMatchObject({ gstAmount: 0, gstByRate: [] });
    expect(quote.amounts.total).toBe(quote.amounts.subtotal + quote.amounts.shippingCharges);
    expect(quote.lines[0]).toMatchObject({ gstRateBp: 0, gstAmount: 0, taxableValue: quote.lines[0].lineTotal });
    const id = await paidBuyNow(t, shopper.cookie, productId, kolkata);
    await ship(id);
    const [doc] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, id));
    expect(doc!.document).toMatchObject({ registered: false, seller: { gstin: null }, totals: { cgst: 0, sgst: 0, igst: 0, total: quote.amounts.total } });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.invoiceId, doc!.id));
    expect(mails[0]!.textBody).toContain(`Your bill of supply ${doc!.number} is attached`);
    expect(mails[0]!.textBody).not.toContain('GST');
  });
});
