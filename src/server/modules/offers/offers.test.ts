/**
 * Coupons and offers (issue 50), through the real API on PGlite and PostgreSQL: the owner's offers
 * and their bad input; a code typed in any case, its discount shared over the lines before each
 * line's GST; the hint below a minimum; uses counted when the order is placed and given back once;
 * the per-shopper limit; COD-only refusals; 10 tries a minute; and the last uses of a code taken by
 * 50 shoppers at once over two app servers.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/addresses.ts';
import { OFFER_WORDS } from '../../../shared/offers.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import type { InvoiceDocument } from '../../../shared/invoices.ts';
import { appliedCodes, invoices, mailOutbox, offerCodes, offers, offerUses, orderItems, orders, requestLimits, users } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { REGISTERED_SHOP } from '../../test/invoices-kit.ts';
import { lapsedAndBalanced } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Target = Parameters<typeof send>[0];
type Who = { s: Awaited<ReturnType<typeof signedUp>>; address: Address };

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let made = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUp(t, 'Kamala');
  await t.shop.owners.setOwner(owner.email, true);
  expect((await send(t, 'PUT', '/api/admin/tax-settings', REGISTERED_SHOP, owner.cookie)).status).toBe(200);
});
afterAll(() => t.close());
// After every test: unpaid orders lapse (their pieces and uses go back) and the stock still sums to its ledger.
afterEach(async () => {
  expect(await lapsedAndBalanced(t)).toEqual([]);
});

async function shopper(name: string, on: Target = t): Promise<Who> {
  const s = await signedUp(on, name);
  const res = await send(on, 'POST', '/api/addresses', { name: `${name} Rao`, phone: '9876543210', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' }, s.cookie);
  return { s, address: (await res.json()) as Address };
}

/** A one-size piece of the owner's, taxed as apparel by value. */
async function piece(price: number, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await send(t, 'POST', '/api/admin/products', { name: `Offer Piece ${++made}`, price, stock: 60, tax: { hsnCode: '6211', taxRule: 'apparel' }, ...extra }, owner.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).id;
}

async function offer(body: Record<string, unknown>): Promise<{ id: number }> {
  const res = await send(t, 'POST', '/api/admin/offers', body, owner.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const quote = async (who: Who, query = '') => (await send(t, 'GET', `/api/checkout/quote${query}`, undefined, who.s.cookie)).json();
const apply = (who: Who, code: string, query = '', on: Target = t) => send(on, 'POST', `/api/checkout/code${query}`, { code }, who.s.cookie);
const usesOf = async (id: number) => (await t.database.db.select({ uses: offers.uses }).from(offers).where(eq(offers.id, id)))[0]!.uses;

async function start(who: Who, productId: number, expectedTotal: number, on: Target = t) {
  return send(on, 'POST', '/api/checkout/orders', { addressId: who.address.id, buyNow: { productId }, expectedTotal }, who.s.cookie);
}
async function pay(who: Who, orderId: string) {
  const success = await (await send(t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, who.s.cookie)).json();
  expect((await send(t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, who.s.cookie)).status).toBe(200);
}

describe('the owner’s offers', () => {
  it('refuses every bad offer in words, writing nothing; a code already in use is 409; a shopper may not make one', async () => {
    const before = await t.database.db.select({ id: offers.id }).from(offers);
    const base = { name: 'Diwali ten', mode: 'code', code: 'DIWALI10', type: 'percent', percent: 10 };
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ percent: 0 }, 'percent', OFFER_WORDS.percent],
      [{ percent: 91 }, 'percent', OFFER_WORDS.percent],
      [{ type: 'flat', percent: null, flatPaise: 250_00, minOrderPaise: 200_00 }, 'flatPaise', OFFER_WORDS.flatOverMinimum],
      [{ type: 'flat', percent: null, flatPaise: 10_001_00, minOrderPaise: 20_000_00 }, 'flatPaise', OFFER_WORDS.flat],
      [{ startsAt: '2026-11-10T10:00', endsAt: '2026-11-09T10:00' }, 'endsAt', OFFER_WORDS.endBeforeStart],
      [{ code: 'NO' }, 'code', OFFER_WORDS.codeShape],
      [{ code: 'FEST!VAL' }, 'code', OFFER_WORDS.codeShape],
      [{ code: null }, 'code', 'Give the code shoppers type.'],
      [{ startsAt: 'tomorrow' }, 'startsAt', 'Give the start as a date and time.'],
    ];
    for (const [change, field, message] of refusals) {
      const res = await send(t, 'POST', '/api/admin/offers', { ...base, ...change }, owner.cookie);
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect((await res.json()).fields[field]).toBe(message);
    }
    // Lower case and spaces are folded, never refused.
    const made = await send(t, 'POST', '/api/admin/offers', { ...base, code: ' diwali 10 ' }, owner.cookie);
    expect(made.status).toBe(201);
    expect((await t.database.db.select().from(offerCodes).where(eq(offerCodes.offerId, (await made.json()).id)))[0]!.code).toBe('DIWALI10');
    const twice = await send(t, 'POST', '/api/admin/offers', { ...base, name: 'Another' }, owner.cookie);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ message: OFFER_WORDS.codeTaken, fields: { code: OFFER_WORDS.codeTaken } });
    expect(await t.database.db.select({ id: offers.id }).from(offers)).toHaveLength(before.length + 1);

    const buyer = await shopper('Nosy');
    expect((await send(t, 'POST', '/api/admin/offers', { ...base, code: 'MINE-ONLY' }, buyer.s.cookie)).status).toBe(403);
    expect((await send(t, 'GET', '/api/admin/offers', undefined, buyer.s.cookie)).status).toBe(403);
  });

  it('makes a batch of single-use codes, downloaded as CSV; pauses, resumes and ends an offer, and an ended one stays ended', async () => {
    const { id } = await offer({ name: 'Mailer 250 off', mode: 'code', code: 'MAILER-250', type: 'flat', flatPaise: 250_00, minOrderPaise: 1_000_00, campaign: 'Diwali 2026' });
    const batch = await send(t, 'POST', `/api/admin/offers/${id}/batch`, { count: 25, prefix: 'dw' }, owner.cookie);
    expect(batch.status).toBe(201);
    const { codes } = await batch.json();
    expect(new Set(codes).size).toBe(25);
    for (const c of codes) expect(c).toMatch(/^DW-[A-HJ-NP-Z2-9]{8}$/);
    const csv = await send(t, 'GET', `/api/admin/offers/${id}/codes.csv`, undefined, owner.cookie);
    expect(csv.headers.get('Content-Disposition')).toBe(`attachment; filename="offer-${id}-codes.csv"`);
    const rows = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('Code,Used,Uses allowed');
    expect(rows).toHaveLength(27); // the offer's own code, and the 25
    expect((await send(t, 'POST', `/api/admin/offers/${id}/batch`, { count: 1001 }, owner.cookie)).status).toBe(422);

    for (const move of ['pause', 'resume', 'end']) expect((await send(t, 'POST', `/api/admin/offers/${id}/${move}`, undefined, owner.cookie)).status).toBe(200);
    const again = await send(t, 'POST', `/api/admin/offers/${id}/resume`, undefined, owner.cookie);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(OFFER_WORDS.ended);
    expect((await send(t, 'POST', '/api/admin/offers/99999/pause', undefined, owner.cookie)).status).toBe(404);
    const report = await (await send(t, 'GET', '/api/admin/offers/report.csv?campaign=Diwali%202026', undefined, owner.cookie)).text();
    expect(report).toContain('Diwali 2026,Mailer 250 off,MAILER-250,25,ended');
    // An offer's name a spreadsheet would run as a formula is written as text.
    await offer({ name: '=HYPERLINK("http://x.example","Open")', campaign: 'Hostile', mode: 'automatic', kind: 'order', type: 'percent', percent: 1, maxUses: 1 });
    const hostile = await (await send(t, 'GET', '/api/admin/offers/report.csv?campaign=Hostile', undefined, owner.cookie)).text();
    expect(hostile).toContain(`Hostile,"'=HYPERLINK(""http://x.example"",""Open"")",Automatic`);
    await t.database.db.update(offers).set({ status: 'ended' }).where(eq(offers.campaign, 'Hostile'));
  });
});

describe('a code at checkout', () => {
  it('typed in any case, shares its discount over the lines, and each line’s GST is on what is left: a ₹2,800 kurta goes from 18% to 5%', async () => {
    const kurta = await piece(2_800_00);
    const other = await piece(1_200_00);
    await offer({ name: '₹250 off above ₹2,999', mode: 'code', code: 'KURTA250', type: 'flat', flatPaise: 250_00, minOrderPaise: 2_999_00, perShopperMax: null });
    const buyer = await shopper('Anjali');
    expect((await send(t, 'POST', '/api/cart/items', { productId: kurta, quantity: 1 }, buyer.s.cookie)).status).toBe(200);
    let q = await (await apply(buyer, ' kurta 250')).json();
    // Below the minimum: kept, and the shopper told what to add.
    expect(q.offers.code).toEqual({ code: 'KURTA250', applies: false, message: 'Add ₹199 more to use KURTA250' });
    expect(q.offers.hint).toBe('Add ₹199 more to use KURTA250');
    expect(q.amounts.discount).toBeUndefined();
    expect((await send(t, 'POST', '/api/cart/items', { productId: other, quantity: 1 }, buyer.s.cookie)).status).toBe(200);
    q = await quote(buyer);
    expect(q.offers.code).toEqual({ code: 'KURTA250', applies: true, message: null });
    // A code is its shopper's own: another's quote has none, and their remove takes nothing of it.
    const anita = await shopper('Anita');
    expect((await send(t, 'POST', '/api/cart/items', { productId: kurta, quantity: 1 }, anita.s.cookie)).status).toBe(200);
    expect((await quote(anita)).offers.code).toBeNull();
    expect((await send(t, 'DELETE', '/api/checkout/code', undefined, anita.s.cookie)).status).toBe(200);
    expect((await quote(buyer)).offers.code).toEqual({ code: 'KURTA250', applies: true, message: null });
    expect(q.offers.applied).toEqual([expect.objectContaining({ code: 'KURTA250', kind: 'order', amount: 250_00 })]);
    const byId = new Map(q.lines.map((l: { productId: number }) => [l.productId, l]));
    expect(byId.get(kurta)).toMatchObject({ discount: 175_00, gstRateBp: 500 }); // ₹2,625 paid: ₹2,500 before GST
    expect(byId.get(other)).toMatchObject({ discount: 75_00, gstRateBp: 500 });
    expect(q.amounts).toMatchObject({ subtotal: 4_000_00, discount: 250_00, total: 3_750_00, shippingCharges: 0 });

    // Paid: the order keeps the shares.
    const res = await send(t, 'POST', '/api/checkout/orders', { addressId: buyer.address.id, expectedTotal: q.amounts.total }, buyer.s.cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const { orderId } = await res.json();
    await pay(buyer, orderId);
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((l) => l.discount).sort()).toEqual([175_00, 75_00].sort());
    for (const l of lines) expect(l.taxableValue! + l.gstAmount!).toBe(l.lineTotal - l.discount);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ discount: 250_00, total: 3_750_00 });
    // The mail names it; the tax invoice, issued when the order ships, prints each line's share
    // and the taxable value after it.
    const [mail] = await t.database.db.select({ text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, buyer.s.email), eq(mailOutbox.kind, 'order_confirmation')));
    expect(mail!.text).toContain('₹250 off above ₹2,999 (KURTA250) −₹250.00');
    expect((await send(t, 'POST', `/api/admin/orders/${orderId}/status`, { from: 'processing', to: 'shipped' }, owner.cookie)).status).toBe(200);
    const [invoice] = await t.database.db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
    const doc: InvoiceDocument = invoice!.document;
    expect(doc.lines.map((l) => [l.discount, l.taxable + l.cgst + l.sgst + l.igst, l.rateBp]).sort()).toEqual([[175_00, 2_625_00, 500], [75_00, 1_125_00, 500]].sort());
    expect(doc.totals.total).toBe(3_750_00);
    // A code the shopper may use on any number of orders stays applied (one a shopper may use once leaves: below).
    expect(await t.database.db.select({ code: appliedCodes.code }).from(appliedCodes).where(eq(appliedCodes.userId, buyer.s.id))).toEqual([{ code: 'KURTA250' }]);

    // Removed: the quote is back to the prices.
    await apply(buyer, 'KURTA250');
    const removed = await (await send(t, 'DELETE', `/api/checkout/code?buyNow=${kurta}`, undefined, buyer.s.cookie)).json();
    expect(removed.offers.code).toBeNull();
    expect(removed.amounts.total).toBe(2_800_00);
  });

  it('is counted when the order is placed, given back once when the payment is closed, and refused to a shopper who has used it', async () => {
    const p = await piece(1_500_00);
    // The owner's words reach the shopper's quote, mail and CSV: hostile ones stay text.
    const { id } = await offer({ name: '<img src=x onerror=alert(1)> ₹100 off', mode: 'code', code: 'HELLO100', type: 'flat', flatPaise: 100_00, minOrderPaise: 1_000_00, maxUses: 5 });
    const buyer = await shopper('Bina');
    await apply(buyer, 'hello100', `?buyNow=${p}`);
    const q = await quote(buyer, `?buyNow=${p}`);
    expect(q.amounts.total).toBe(1_400_00);
    const first = await (await start(buyer, p, q.amounts.total)).json();
    expect(await usesOf(id)).toBe(1);
    for (let i = 0; i < 2; i++) expect((await send(t, 'POST', `/api/checkout/orders/${first.orderId}/abandon`, undefined, buyer.s.cookie)).status).toBe(200);
    expect(await usesOf(id)).toBe(0);
    expect(await t.database.db.select({ back: offerUses.givenBackAt }).from(offerUses).where(eq(offerUses.orderId, first.orderId))).toEqual([{ back: expect.any(Date) }]);

    await t.database.db.execute(`update orders set checkout_fingerprint = checkout_fingerprint || '-done' where user_id = '${buyer.s.id}'`);
    const second = await (await start(buyer, p, q.amounts.total)).json();
    await pay(buyer, second.orderId);
    expect(await usesOf(id)).toBe(1);
    // Used as often as a shopper may: it leaves their cart with the paid order.
    expect(await t.database.db.select().from(appliedCodes).where(eq(appliedCodes.userId, buyer.s.id))).toEqual([]);
    const [mail] = await t.database.db.select({ html: mailOutbox.htmlBody }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, buyer.s.email), eq(mailOutbox.kind, 'order_confirmation')));
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt; ₹100 off (HELLO100)');
    expect(mail!.html).not.toContain('<img src=x');
    // Used once, as each shopper may: refused in the neutral words, from the box and at Pay.
    const again = await apply(buyer, 'HELLO100', `?buyNow=${p}`);
    expect(again.status).toBe(422);
    expect((await again.json()).message).toBe(OFFER_WORDS.cantUse);
    await t.database.db.insert(appliedCodes).values({ userId: buyer.s.id, code: 'HELLO100' }).onConflictDoNothing();
    const q2 = await quote(buyer, `?buyNow=${p}`);
    expect(q2.offers.code).toEqual({ code: 'HELLO100', applies: false, message: OFFER_WORDS.cantUse });
    const refused = await start(buyer, p, 1_400_00);
    expect(refused.status).toBe(409);
    expect(await usesOf(id)).toBe(1);
    expect(await lapsedAndBalanced(t)).toEqual([]);
  });

  it('says why a code cannot be used only where the shopper can act: expired, unknown, Cash on Delivery; 10 tries a minute', async () => {
    const p = await piece(2_000_00);
    const buyer = await shopper('Chitra');
    await offer({ name: 'Old sale', mode: 'code', code: 'OLD-SALE', type: 'percent', percent: 10, startsAt: '2025-01-01T00:00', endsAt: '2025-02-01T00:00' });
    await offer({ name: 'Online only', mode: 'code', code: 'ONLINE5', type: 'percent', percent: 5, codAllowed: false });
    const expired = await apply(buyer, 'old-sale', `?buyNow=${p}`);
    expect(expired.status).toBe(422);
    expect((await expired.json()).message).toBe(OFFER_WORDS.expired);
    expect((await (await apply(buyer, 'NOSUCHCODE', `?buyNow=${p}`)).json()).message).toBe(OFFER_WORDS.cantUse);
    const q = await (await apply(buyer, 'online5', `?buyNow=${p}&address=${buyer.address.id}`)).json();
    expect(q.amounts).toMatchObject({ discount: 100_00, total: 1_900_00 });
    expect(q.codOffers.code).toEqual({ code: 'ONLINE5', applies: false, message: OFFER_WORDS.notCod });
    expect(q.delivery.cod.amounts.discount).toBeUndefined();
    // Seven more tries make ten in the minute: the eleventh is refused before it is looked up.
    for (let i = 0; i < 7; i++) expect((await apply(buyer, `GUESS${i}X`, `?buyNow=${p}`)).status).toBe(422);
    const eleventh = await apply(buyer, 'ONLINE5', `?buyNow=${p}`);
    expect(eleventh.status).toBe(429);
    expect((await eleventh.json()).message).toBe('Too many codes tried. Please try again in a minute.');
    await t.database.db.delete(requestLimits);
  });

  it('with automatic offers: the best of a kind applies, the shopper is told which and why another did not, and free shipping takes off shipping only', async () => {
    const dupatta = await piece(400_00, { categories: ['dupattas'] });
    const a = await offer({ name: '15% off 2 or more dupattas', mode: 'automatic', kind: 'product', type: 'percent', percent: 15, minPieces: 2, scope: [] });
    const b = await offer({ name: '5% off everything', mode: 'automatic', kind: 'product', type: 'percent', percent: 5 });
    await offer({ name: 'Free shipping on two', mode: 'automatic', type: 'free_shipping', minPieces: 2 });
    const buyer = await shopper('Deepa');
    expect((await send(t, 'POST', '/api/cart/items', { productId: dupatta, quantity: 2 }, buyer.s.cookie)).status).toBe(200);
    const q = await quote(buyer);
    expect(q.offers.applied.map((o: { offerId: number; amount: number }) => [o.offerId, o.amount])).toEqual([[a.id, 120_00], [expect.any(Number), 99_00]]);
    expect(q.offers.notApplied).toEqual([{ label: '5% off everything', reason: OFFER_WORDS.betterOffer('15% off 2 or more dupattas') }]);
    expect(q.amounts).toMatchObject({ subtotal: 800_00, discount: 120_00, shippingDiscount: 99_00, shippingCharges: 0, total: 680_00 });
    for (const id of [a.id, b.id]) await send(t, 'POST', `/api/admin/offers/${id}/end`, undefined, owner.cookie);
    await t.database.db.update(offers).set({ status: 'ended' }).where(and(eq(offers.mode, 'automatic')));
  });

  it('for the pieces of a category only: the other lines keep their price, and a piece on sale is left out', async () => {
    const { categories } = (await (await send(t, 'GET', '/api/admin/products/groups', undefined, owner.cookie)).json()) as { categories: { id: number; slug: string }[] };
    const dupattas = categories.find((c) => c.slug === 'dupattas')!;
    const [dupatta, onSale, kurta] = [await piece(500_00, { categories: ['dupattas'] }), await piece(600_00, { categories: ['dupattas'], offerPrice: 450_00 }), await piece(700_00)];
    const { id } = await offer({ name: '20% off dupattas', mode: 'automatic', kind: 'product', type: 'percent', percent: 20, scope: [{ target: 'category', targetId: dupattas.id, included: true }] });
    const buyer = await shopper('Gowri');
    for (const productId of [dupatta, onSale, kurta]) expect((await send(t, 'POST', '/api/cart/items', { productId, quantity: 1 }, buyer.s.cookie)).status).toBe(200);
    const q = await quote(buyer);
    const share = new Map(q.lines.map((l: { productId: number; discount: number }) => [l.productId, l.discount]));
    expect([share.get(dupatta), share.get(onSale), share.get(kurta)]).toEqual([100_00, 0, 0]);
    expect(q.amounts.discount).toBe(100_00);
    await send(t, 'POST', `/api/admin/offers/${id}/end`, undefined, owner.cookie);
    expect((await quote(buyer)).amounts.discount).toBeUndefined();
  });
});

describe('the last uses of a code', () => {
  it('go to exactly as many orders as are left, however many of 50 shoppers press Pay at once over two app servers', async () => {
    const p = await piece(1_800_00);
    const { id } = await offer({ name: 'Ten lucky', mode: 'code', code: 'LUCKY10', type: 'percent', percent: 10, maxUses: 10 });
    const other: Database | null = t.database.kind === 'postgres' ? await openPostgres(t.databaseUrl!, 8) : null;
    const servers: Target[] = [t, { app: t.another((other ?? t.database).db) }];
    try {
      const shoppers: Who[] = [];
      for (let i = 0; i < 50; i++) {
        await t.database.db.delete(requestLimits); // fifty sign-ups from one address
        shoppers.push(await shopper(`Lucky${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'xy'[Math.floor(i / 26)]}`));
      }
      // Every one of them applies it and is shown it: the uses are counted only at Pay.
      for (const who of shoppers) expect((await apply(who, 'lucky10', `?buyNow=${p}`)).status).toBe(200);
      const total = (await quote(shoppers[0]!, `?buyNow=${p}`)).amounts.total;
      expect(total).toBe(1_620_00);
      const answers = await Promise.all(shoppers.map((who, i) => start(who, p, total, servers[i % 2])));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(40);
      for (const r of answers.filter((x) => x.status === 409)) expect((await r.json()).message).toBe(OFFER_WORDS.cantUse);
      expect(await usesOf(id)).toBe(10);
      const live = await t.database.db.select().from(offerUses).where(eq(offerUses.offerId, id));
      expect(live).toHaveLength(10);
      // One lapses: its use comes back, once.
      const lapsed = live[0]!.orderId;
      const buyer = shoppers.find((w) => w.s.id === live[0]!.userId)!;
      for (let i = 0; i < 2; i++) await send(t, 'POST', `/api/checkout/orders/${lapsed}/abandon`, undefined, buyer.s.cookie);
      expect(await usesOf(id)).toBe(9);
      expect(await lapsedAndBalanced(t)).toEqual([]);
      expect(await usesOf(id)).toBe(0);
    } finally {
      await other?.close();
      await t.database.db.delete(requestLimits);
    }
  }, 180_000);

  it('hold for one shopper paying from two tabs at once on two app servers: one order carries a once-a-shopper code', async () => {
    const [a, b] = [await piece(1_300_00), await piece(1_400_00)];
    const { id } = await offer({ name: 'Once each', mode: 'code', code: 'ONCE-EACH', type: 'percent', percent: 10 });
    const other: Database | null = t.database.kind === 'postgres' ? await openPostgres(t.databaseUrl!, 2) : null;
    try {
      const buyer = await shopper('Esha');
      await apply(buyer, 'once-each', `?buyNow=${a}`);
      const [qa, qb] = [await quote(buyer, `?buyNow=${a}`), await quote(buyer, `?buyNow=${b}`)];
      const answers = await Promise.all([start(buyer, a, qa.amounts.total), start(buyer, b, qb.amounts.total, { app: t.another((other ?? t.database).db) })]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
      // No total limit: its uses are the orders' rows, not a counter.
      expect(await usesOf(id)).toBe(0);
      expect(await t.database.db.select().from(offerUses).where(and(eq(offerUses.offerId, id), isNull(offerUses.givenBackAt)))).toHaveLength(1);
      expect(await lapsedAndBalanced(t)).toEqual([]);
    } finally {
      await other?.close();
    }
  });

  it('a first-order code: placed by Cash on Delivery on a first order, refused on the second', async () => {
    const p = await piece(1_100_00);
    await offer({ name: 'Welcome ₹150', mode: 'code', code: 'WELCOME150', type: 'flat', flatPaise: 150_00, minOrderPaise: 1_000_00, firstOrderOnly: true, perShopperMax: null });
    const buyer = await shopper('Farah');
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, buyer.s.id)); // Cash on Delivery asks for it
    const q = await (await apply(buyer, 'welcome150', `?buyNow=${p}&address=${buyer.address.id}`)).json();
    expect(q.delivery.cod.amounts).toMatchObject({ discount: 150_00 });
    const placed = await send(t, 'POST', '/api/checkout/cod', { addressId: buyer.address.id, buyNow: { productId: p }, expectedTotal: q.delivery.cod.total, placementKey: crypto.randomUUID() }, buyer.s.cookie);
    expect(placed.status, await placed.clone().text()).toBe(201);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, (await placed.json()).orderId));
    expect(row).toMatchObject({ paymentMethod: 'cod', discount: 150_00, offers: [expect.objectContaining({ code: 'WELCOME150', amount: 150_00 })] });
    const second = await apply(buyer, 'WELCOME150', `?buyNow=${p}`);
    expect(second.status).toBe(422);
    expect((await second.json()).message).toBe(OFFER_WORDS.cantUse);
  });
});
