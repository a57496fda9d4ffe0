/**
 * After the request (issue 49), through the real API on PGlite and PostgreSQL: the owner's steps in
 * their order only, the piece back in stock on a passed check, one credit note per request for the
 * pieces as invoiced, the money back once (to the source for a prepaid order, as store credit for
 * Cash on Delivery), never more than was paid however the pieces come back, twenty checks at once
 * giving one refund, and every step told to the shopper. After each test the ledger still sums to
 * every count.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RETURN_WORDS } from '../../../shared/returns.ts';
import { invoices, mailOutbox, orders, returnRefunds, stockMovements, storeCredits } from '../../db/schema/index.ts';
import { openPostgres } from '../../db/client.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { jpegWithLocation, refusedWith, returnsShopForFile } from '../../test/returns-kit.ts';

const RETURN_ADDRESS = 'Vastra Returns\n12, 4th Cross, Jayanagar\nBengaluru, Karnataka 560011';
const k = returnsShopForFile(RETURN_ADDRESS);
const { p, db, shopperCookie, kurta, deliveredOrder, ask, stockOf, step } = k;

/** A request of `quantity` pieces, approved, sent by the shopper and received: ready for its check. */
async function received(orderId: string, lineId: number, body: Record<string, unknown> = {}, quantity = 1): Promise<string> {
  const made = await ask(orderId, { lines: [{ lineId, quantity }], reason: 'quality', resolution: 'refund', ...body });
  expect(made.status, await made.clone().text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  for (const s of ['approve', 'send-yourself', 'received']) expect((await step(id, s, s === 'send-yourself' ? { way: 'self' } : {})).status).toBe(200);
  return id;
}

const mailsOf = (kind: string) => db().select({ subject: mailOutbox.subject, text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, p.shopper.s.email), eq(mailOutbox.kind, kind)));
const refundOf = async (requestId: string) => (await db().select().from(returnRefunds).where(eq(returnRefunds.requestId, requestId)))[0];
const notesOf = (orderId: string) => db().select().from(invoices).where(and(eq(invoices.orderId, orderId), sql`${invoices.returnRequestId} is not null`));
const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const shown = async (orderId: string, cookie = shopperCookie()) => (await (await send(p.t, 'GET', `/api/orders/${orderId}/returns`, undefined, cookie)).json()) as { requests: { id: string; state: string; sendTo: string | null; refunds: { amount: number; way: string; made: boolean; failed: boolean }[]; creditNote: string | null }[] };

describe('the owner’s steps', () => {
  it('go in their order only, and the shopper is told where to send the piece', async () => {
    const { id: orderId, lineId } = await deliveredOrder(p.productId);
    const made = await ask(orderId, { lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', resolution: 'refund' });
    const { id } = (await made.json()) as { id: string };
    await refusedWith(await step(id, 'received'), 409, RETURN_WORDS.stepOutOfTurn('Requested'));
    await refusedWith(await step(id, 'check', { passed: true }), 409, RETURN_WORDS.stepOutOfTurn('Requested'));
    expect((await step(id, 'approve', {}, shopperCookie())).status).toBe(403);
    expect((await step(id, 'approve')).status).toBe(200);
    await refusedWith(await step(id, 'approve'), 409, RETURN_WORDS.stepDone('Approved'));
    expect((await step(id, 'send-yourself', { way: 'self' })).status).toBe(200);
    const view = (await shown(orderId)).requests.find((r) => r.id === id)!;
    expect(view).toMatchObject({ state: 'pickup_booked', sendTo: RETURN_ADDRESS, refunds: [] });
    const [told] = await mailsOf('return_pickup_booked');
    expect(told!.text).toContain('12, 4th Cross, Jayanagar');
    expect((await step(id, 'received')).status).toBe(200);
    await refusedWith(await step(id, 'received'), 409, RETURN_WORDS.stepDone('Received at the shop'));
    const noNote = await step(id, 'check', { passed: false, note: '' });
    expect(noNote.status).toBe(422);
    expect(JSON.stringify(await noNote.json())).toContain(RETURN_WORDS.checkNoteNeeded);
    expect((await mailsOf('return_approved')).length).toBeGreaterThan(0);
    expect((await mailsOf('return_received')).length).toBeGreaterThan(0);
  });

  it('refuse to send a shopper anywhere until the owner has given the return address', async () => {
    await send(p.t, 'PUT', '/api/admin/returns/settings', { windowDays: 7, pickupFeePaise: 0, feeAfterReturns: null, codRefund: 'store_credit', returnAddress: '  ' }, p.owner.cookie);
    try {
      const { id: orderId, lineId } = await deliveredOrder(p.productId);
      const { id } = (await (await ask(orderId, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' })).json()) as { id: string };
      expect((await step(id, 'approve')).status).toBe(200);
      await refusedWith(await step(id, 'send-yourself', { way: 'self' }), 409, RETURN_WORDS.noReturnAddress);
    } finally {
      await send(p.t, 'PUT', '/api/admin/returns/settings', { windowDays: 7, pickupFeePaise: 0, feeAfterReturns: null, codRefund: 'store_credit', returnAddress: RETURN_ADDRESS }, p.owner.cookie);
    }
  });
});

describe('a passed check of a prepaid order', () => {
  it('puts the piece back in stock, issues one credit note and refunds it to the source, once of twenty checks at once', async () => {
    const productId = await kurta({ M: 5 });
    const { id: orderId, lineId } = await deliveredOrder(productId, 'M');
    expect(await stockOf(productId, 'M')).toBe(4);
    const id = await received(orderId, lineId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => step(id, 'check', { passed: true, note: 'Tags on, unworn' })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await stockOf(productId, 'M')).toBe(5);
    const returned = await db().select().from(stockMovements).where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'returned')));
    expect(returned).toEqual([expect.objectContaining({ change: 1, note: 'return' })]);
    const notes = await notesOf(orderId);
    expect(notes).toHaveLength(1);
    const order = await orderOf(orderId);
    // One piece of one: the whole line, as invoiced; shipping was free, and the reason is not the shop's fault.
    expect(notes[0]!.document.totals.total).toBe(order.total);
    expect(notes[0]!.number).toMatch(/\/CR\d\d-\d\d\//);
    expect(await refundOf(id)).toMatchObject({ way: 'source', amount: order.total, status: 'processed', paymentId: order.paymentId });
    expect(await p.t.shop.returns.refundsDue()).toBe(0);
    const view = (await shown(orderId)).requests.find((r) => r.id === id)!;
    expect(view).toMatchObject({ state: 'refunded', refunds: [{ amount: order.total, way: 'source', made: true, failed: false }], creditNote: notes[0]!.number });
    const told = await mailsOf('return_refunded');
    expect(told.filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);
  });

  it('checked twenty times at once across two app servers (PostgreSQL), gives one credit note and one refund', async () => {
    // On PGlite there is one server to ask; on PostgreSQL a second app over its own pool, as a second machine is.
    const second = p.t.databaseUrl ? await openPostgres(p.t.databaseUrl, 2) : undefined;
    try {
      const servers = second ? [p.t, { app: p.t.another(second.db) }] : [p.t];
      const productId = await kurta({ M: 5 });
      const { id: orderId, lineId } = await deliveredOrder(productId, 'M');
      const id = await received(orderId, lineId);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => send(servers[n % servers.length]!, 'POST', `/api/admin/returns/${id}/check`, { passed: true }, p.owner.cookie)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
      expect(await notesOf(orderId)).toHaveLength(1);
      expect(await db().select().from(returnRefunds).where(eq(returnRefunds.requestId, id))).toHaveLength(1);
      expect(await stockOf(productId, 'M')).toBe(5);
    } finally {
      await second?.close();
    }
  });

  it('credits pieces that come back one request at a time to exactly the invoiced line, never more than was paid', async () => {
    const productId = await kurta({ M: 6 }, { price: 999_99 });
    const { id: orderId, lineId } = await deliveredOrder(productId, 'M', 3);
    const order = await orderOf(orderId);
    const first = await received(orderId, lineId, {}, 1);
    expect((await step(first, 'check', { passed: true })).status).toBe(200);
    const second = await received(orderId, lineId, {}, 2);
    expect((await step(second, 'check', { passed: true })).status).toBe(200);
    const notes = await notesOf(orderId);
    expect(notes.map((n) => n.document.lines[0]!.quantity).sort()).toEqual([1, 2]);
    const [invoice] = await db().select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
    const sum = (f: (l: (typeof notes)[number]['document']['lines'][number]) => number) => notes.reduce((t, n) => t + f(n.document.lines[0]!), 0);
    expect(sum((l) => l.amount)).toBe(invoice!.document.lines[0]!.amount);
    expect(sum((l) => l.taxable)).toBe(invoice!.document.lines[0]!.taxable);
    expect(sum((l) => l.cgst + l.sgst + l.igst)).toBe(invoice!.document.lines[0]!.cgst + invoice!.document.lines[0]!.sgst + invoice!.document.lines[0]!.igst);
    const refunds = await db().select().from(returnRefunds).where(eq(returnRefunds.orderId, orderId));
    expect(refunds.reduce((t, r) => t + r.amount, 0)).toBeLessThanOrEqual(order.total);
    expect(refunds.reduce((t, r) => t + r.amount, 0)).toBe(invoice!.document.lines[0]!.amount);
    // Nothing is left to return.
    await refusedWith(await ask(orderId, { lines: [{ lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' }), 409, RETURN_WORDS.tooMany(await k.lineName(lineId), 0));
  });

  it('refunds shipping when the shop was at fault, once per order, and never the COD fee', async () => {
    const productId = await kurta({ M: 6 }, { price: 499_00 });
    const { id: orderId, lineId } = await deliveredOrder(productId, 'M', 1);
    const order = await orderOf(orderId);
    expect(order.shippingCharges).toBeGreaterThan(0);
    const photo = (await (await k.upload(await jpegWithLocation())).json()) as { id: string };
    const id = await received(orderId, lineId, { reason: 'damaged', photos: [photo.id] });
    expect((await step(id, 'check', { passed: true })).status).toBe(200);
    const [note] = await notesOf(orderId);
    expect(note!.document.charges).toMatchObject({ description: 'Shipping', amount: order.shippingCharges });
    expect((await refundOf(id))!.amount).toBe(order.total);
  });

  it('a refund the provider would not make is closed by the owner’s word that they refunded it, once', async () => {
    const productId = await kurta({ M: 5 });
    const { id: orderId, lineId } = await deliveredOrder(productId, 'M');
    const id = await received(orderId, lineId);
    await refusedWith(await step(id, 'refunded-by-hand'), 409, RETURN_WORDS.stepOutOfTurn('Received at the shop'));
    expect((await step(id, 'check', { passed: true })).status).toBe(200);
    // As after the provider refused it every minute for four hours.
    await db().update(returnRefunds).set({ status: 'failed' }).where(eq(returnRefunds.requestId, id));
    await db().execute(sql`update return_requests set state = 'passed' where id = ${id}`);
    const shopperSees = (await shown(orderId)).requests.find((r) => r.id === id)!;
    expect(shopperSees.refunds).toEqual([expect.objectContaining({ way: 'source', made: false, failed: true })]);
    expect((await step(id, 'refunded-by-hand', {}, shopperCookie())).status).toBe(403);
    const answers = await Promise.all([1, 2, 3].map(() => step(id, 'refunded-by-hand')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await shown(orderId)).requests.find((r) => r.id === id)).toMatchObject({ state: 'refunded', refunds: [expect.objectContaining({ made: true, failed: false })] });
  });

  it('failed: nothing back in stock, no credit note, no money, and the shopper reads why', async () => {
    const productId = await kurta({ M: 5 });
    const { id: orderId, lineId } = await deliveredOrder(productId, 'M');
    const id = await received(orderId, lineId);
    const note = 'The kurta has been washed and the colour has run <script>alert(1)</script>';
    expect((await step(id, 'check', { passed: false, note })).status).toBe(200);
    expect(await stockOf(productId, 'M')).toBe(4);
    expect(await notesOf(orderId)).toHaveLength(0);
    expect(await refundOf(id)).toBeUndefined();
    const [told] = await mailsOf('return_failed');
    expect(told!.text).toContain('colour has run');
    const html = (await db().select({ html: mailOutbox.htmlBody }).from(mailOutbox).where(eq(mailOutbox.kind, 'return_failed')))[0]!.html;
    expect(html).not.toContain('<script>');
  });
});

describe('a passed check of a Cash on Delivery order', () => {
  it('gives store credit at once, valid a year, shown to its shopper only', async () => {
    const productId = await kurta({ M: 5 });
    const { id: orderId, lineId } = await deliveredOrder(productId, 'M', 1, 'cod');
    const order = await orderOf(orderId);
    const id = await received(orderId, lineId);
    expect((await step(id, 'check', { passed: true })).status).toBe(200);
    const goods = (await notesOf(orderId))[0]!.document.totals.total;
    // The COD fee is never refunded; this order's shipping was free.
    expect(goods).toBe(order.total - order.codFee);
    expect(await refundOf(id)).toMatchObject({ way: 'store_credit', amount: goods, status: 'processed' });
    const [grant] = await db().select().from(storeCredits).where(eq(storeCredits.requestId, id));
    expect(grant!.expiresAt.getTime() - Date.now()).toBeGreaterThan(364 * 86_400_000);
    const mine = await (await send(p.t, 'GET', '/api/account/store-credit', undefined, shopperCookie())).json();
    expect(mine.balance).toBeGreaterThanOrEqual(goods);
    const stranger = await signedUp(p.t, 'Farhan');
    expect(await (await send(p.t, 'GET', '/api/account/store-credit', undefined, stranger.cookie)).json()).toEqual({ balance: 0, grants: [] });
    expect((await send(p.t, 'GET', '/api/account/store-credit')).status).toBe(401);
    expect((await shown(orderId)).requests.find((r) => r.id === id)).toMatchObject({ state: 'refunded', refunds: [{ way: 'store_credit', amount: goods, made: true, failed: false }] });
  });
});

describe('a return’s credit note', () => {
  it('is its buyer’s to download, and not another shopper’s', async () => {
    const productId = await kurta({ M: 5 });
    const { id: orderId, lineId } = await deliveredOrder(productId, 'M');
    const id = await received(orderId, lineId);
    expect((await step(id, 'check', { passed: true })).status).toBe(200);
    const own = await send(p.t, 'GET', `/api/orders/${orderId}/returns/${id}/credit-note`, undefined, shopperCookie());
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    const stranger = await signedUp(p.t, 'Aditi');
    expect((await send(p.t, 'GET', `/api/orders/${orderId}/returns/${id}/credit-note`, undefined, stranger.cookie)).status).toBe(404);
    expect((await send(p.t, 'GET', `/api/admin/returns/${id}/credit-note`, undefined, p.owner.cookie)).status).toBe(200);
    expect((await send(p.t, 'GET', `/api/admin/returns/${id}/credit-note`, undefined, shopperCookie())).status).toBe(403);
    // The order's own documents still list only its invoice.
    const list = await (await send(p.t, 'GET', '/api/orders', undefined, shopperCookie())).json();
    const listed = list.items.find((o: { id: string }) => o.id === orderId);
    expect(JSON.stringify(listed)).not.toContain('/CR');
  });
});

describe('a discounted order (issue 50)', () => {
  it('refunds a returned piece at its price after its share of the code, as its credit note reverses the invoice', async () => {
    const productId = await kurta({ M: 5 });
    const made = await send(p.t, 'POST', '/api/admin/offers', { name: '₹300 off above ₹1,000', mode: 'code', code: 'RETURN-300', type: 'flat', flatPaise: 300_00, minOrderPaise: 1_000_00, perShopperMax: null }, p.owner.cookie);
    expect(made.status, await made.clone().text()).toBe(201);
    try {
      expect((await send(p.t, 'POST', `/api/checkout/code?buyNow=${productId}&size=M`, { code: 'return-300' }, shopperCookie())).status).toBe(200);
      const { id: orderId, lineId } = await deliveredOrder(productId, 'M', 2);
      const order = await orderOf(orderId);
      expect(order).toMatchObject({ subtotal: 2_998_00, discount: 300_00, total: 2_698_00 });
      const id = await received(orderId, lineId, {}, 1);
      expect((await step(id, 'check', { passed: true, note: 'Unworn' })).status).toBe(200);
      const [note] = await notesOf(orderId);
      // One piece of two: half of what the line was paid after its ₹300 share.
      expect(note!.document.totals.total).toBe(1_349_00);
      expect(await refundOf(id)).toMatchObject({ way: 'source', amount: 1_349_00 });
    } finally {
      await send(p.t, 'DELETE', '/api/checkout/code', undefined, shopperCookie());
      await send(p.t, 'POST', `/api/admin/offers/${(await made.json()).id}/end`, undefined, p.owner.cookie);
    }
  });
});
