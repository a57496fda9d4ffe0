/**
 * The mail that asks for a review (issue 51), through the real service, the real outbox and a real
 * database: orders delivered by the courier's scans, their delivery moved back in time as days
 * would. Asked once REVIEW_ASK_AFTER_DAYS have passed and not past REVIEW_ASK_UNTIL_DAYS, once only (again, and
 * several passes at once), never about nothing left to review; its link opens the order's form,
 * and hostile names stay text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REVIEW_ASK_AFTER_DAYS, REVIEW_ASK_UNTIL_DAYS } from '../../../shared/reviews.ts';
import { mailOutbox, orderItems, orders, profiles, reviewAsks } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { returnsShopForFile } from '../../test/returns-kit.ts';
import { folderTransport } from '../mail/mail.transports.ts';

const k = returnsShopForFile('Vastra Returns\n12, 4th Cross, Jayanagar\nBengaluru, Karnataka 560011');
const { p, db, shopperCookie, kurta, deliveredOrder, ask, step } = k;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const asksDue = () => p.t.shop.reviews.asksDue();

/** The order delivered `ms` ago, as if the days had passed. */
async function deliveredAgo(orderId: string, ms: number) {
  await db()
    .update(orders)
    .set({ deliveredAt: new Date(Date.now() - ms) })
    .where(eq(orders.id, orderId));
}
/** The review mails about this order (its link names it). */
const asksAbout = (orderId: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'review_ask'), like(mailOutbox.textBody, `%review=${orderId}%`)));
const marked = async (orderId: string) => (await db().select().from(reviewAsks).where(eq(reviewAsks.orderId, orderId))).length;
const review = (productId: number, cookie = shopperCookie()) => send(p.t, 'POST', '/api/reviews', { productId, rating: 5, title: 'Lovely weave', text: '', fit: 'true' }, cookie);
/** A kurta in M, delivered to the shopper `days` ago. */
async function kurtaDelivered(days: number) {
  const productId = await kurta({ M: 5 });
  const { id: orderId, lineId } = await deliveredOrder(productId, 'M');
  await deliveredAgo(orderId, days * DAY);
  return { productId, orderId, lineId };
}

describe('when a buyer is asked', () => {
  it('not before the days have passed; once they have, one mail with the link to the form, and the order marked', async () => {
    const productId = await kurta({ M: 5 });
    const { id: orderId } = await deliveredOrder(productId, 'M');
    await asksDue();
    await deliveredAgo(orderId, REVIEW_ASK_AFTER_DAYS * DAY - HOUR);
    await asksDue();
    expect(await asksAbout(orderId)).toEqual([]);
    expect(await marked(orderId)).toBe(0);

    await deliveredAgo(orderId, REVIEW_ASK_AFTER_DAYS * DAY + HOUR);
    expect(await asksDue()).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await asksAbout(orderId);
    expect(more).toEqual([]);
    const [line] = await db().select({ name: orderItems.name }).from(orderItems).where(eq(orderItems.orderId, orderId));
    const [order] = await db().select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
    expect(mail).toMatchObject({ toAddress: p.shopper.s.email, subject: `How is your ${line!.name}?` });
    const link = `https://shop.example.in/orders?review=${orderId}`;
    expect(mail!.textBody).toContain(`Hello ${p.shopper.s.firstName},`);
    expect(mail!.textBody).toContain(`Your ${line!.name} (order ${order!.number}) reached you a few days ago.`);
    expect(mail!.textBody).toContain(`Write a review: ${link}`);
    expect(mail!.htmlBody).toContain(`href="${link}"`);
    expect(await marked(orderId)).toBe(1);
  });

  it('never twice: not at the next pass, nor when several passes run at once', async () => {
    const first = await kurtaDelivered(REVIEW_ASK_AFTER_DAYS + 1);
    await asksDue();
    await asksDue();
    expect(await asksAbout(first.orderId)).toHaveLength(1);

    // Three due at once, three passes at once (three app servers): each order asked once, and the
    // passes' counts add up to the orders marked and the mails written, none twice.
    const due = [await kurtaDelivered(REVIEW_ASK_AFTER_DAYS + 1), await kurtaDelivered(REVIEW_ASK_AFTER_DAYS + 2), await kurtaDelivered(REVIEW_ASK_AFTER_DAYS + 3)];
    const [marksBefore, mailsBefore] = [await allMarks(), await allAsks()];
    const counts = await Promise.all([asksDue(), asksDue(), asksDue()]);
    for (const { orderId } of due) {
      expect(await asksAbout(orderId)).toHaveLength(1);
      expect(await marked(orderId)).toBe(1);
    }
    const asked = counts.reduce((a, b) => a + b, 0);
    expect(asked).toBeGreaterThanOrEqual(due.length);
    expect(await allMarks()).toBe(marksBefore + asked);
    expect(await allAsks()).toBe(mailsBefore + asked);
    expect(await asksDue()).toBe(0);
  });

  it('within a month of delivery only: an order delivered longer ago (before asks began) is never asked', async () => {
    const late = await kurtaDelivered(REVIEW_ASK_UNTIL_DAYS + 1);
    const lastDays = await kurtaDelivered(REVIEW_ASK_UNTIL_DAYS - 1);
    await asksDue();
    expect(await asksAbout(late.orderId)).toEqual([]);
    expect(await marked(late.orderId)).toBe(0);
    // Within the month, however late: still asked (a pass missed for a while).
    expect(await asksAbout(lastDays.orderId)).toHaveLength(1);
  });
});

describe('what there is to ask about', () => {
  it('nothing when the piece is reviewed already, sent back for a refund, or gone from the shop', async () => {
    const reviewed = await kurtaDelivered(0);
    expect((await review(reviewed.productId)).status).toBe(201);

    const returned = await kurtaDelivered(0);
    const made = await ask(returned.orderId, { lines: [{ lineId: returned.lineId, quantity: 1 }], reason: 'quality', resolution: 'refund' });
    expect(made.status, await made.clone().text()).toBe(201);
    const { id: requestId } = await made.json();
    for (const s of ['approve', 'send-yourself', 'received']) expect((await step(requestId, s, s === 'send-yourself' ? { way: 'self' } : {})).status).toBe(200);

    const gone = await kurtaDelivered(0);
    // What deleting the product does to its order lines (order_items.product_id: on delete set null).
    await db().update(orderItems).set({ productId: null }).where(eq(orderItems.orderId, gone.orderId));

    for (const { orderId } of [reviewed, returned, gone]) await deliveredAgo(orderId, (REVIEW_ASK_AFTER_DAYS + 1) * DAY);
    await asksDue();
    for (const { orderId } of [reviewed, returned, gone]) {
      expect(await asksAbout(orderId)).toEqual([]);
      expect(await marked(orderId)).toBe(0);
    }
  });

  it('an order of several pieces: one mail naming those still to review, each product once', async () => {
    const [a, b, c] = [await kurta({ M: 5, L: 5 }), await kurta({ M: 5 }), await kurta({ M: 5 })];
    const reviewedFirst = await kurtaDelivered(0);
    const orderId = await deliveredCartOrder([
      { productId: a, size: 'M' },
      { productId: a, size: 'L' },
      { productId: b, size: 'M' },
      { productId: c, size: 'M' },
      { productId: reviewedFirst.productId, size: 'M' },
    ]);
    // Reviewed from the earlier order: nothing more to say about it in this one.
    expect((await review(reviewedFirst.productId)).status).toBe(201);
    await deliveredAgo(orderId, (REVIEW_ASK_AFTER_DAYS + 1) * DAY);
    await asksDue();
    const [mail, ...more] = await asksAbout(orderId);
    expect(more).toEqual([]);
    const [order] = await db().select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
    expect(mail!.subject).toBe(`How are your pieces from order ${order!.number}?`);
    // As the order lists them (its lines' order), the kurta bought in two sizes once.
    const lines = await db().select({ productId: orderItems.productId, name: orderItems.name }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
    const expected = [...new Map(lines.filter((l) => l.productId !== reviewedFirst.productId).map((l) => [l.productId, `• ${l.name}`])).values()];
    expect(expected).toHaveLength(3);
    expect(mail!.textBody.split('\n').filter((l) => l.startsWith('• '))).toEqual(expected);
  });
});

describe("the mail's safety", () => {
  it('keeps a hostile piece name and first name as text: escaped in the HTML, no header of their own in the sent message', async () => {
    const buyer = await signedUp(p.t, 'Lalitha');
    const address = await (await send(p.t, 'POST', '/api/addresses', { name: 'Lalitha Rao', phone: '9876543210', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' }, buyer.cookie)).json();
    const productId = await kurta({ M: 5 });
    const orderId = await deliveredCartOrder([{ productId, size: 'M' }], { cookie: buyer.cookie, addressId: address.id });
    // The order keeps the name the piece had when bought, and the mail names that; the profile's first name is the greeting's.
    const hostile = '<script>alert(1)</script>\r\nBcc: thief@evil.example\r\n';
    await db().update(orderItems).set({ name: hostile }).where(eq(orderItems.orderId, orderId));
    await db().update(profiles).set({ firstName: '<img src=x onerror=alert(2)>\nBcc: thief@evil.example' }).where(eq(profiles.id, buyer.id));
    await deliveredAgo(orderId, (REVIEW_ASK_AFTER_DAYS + 1) * DAY);
    await asksDue();

    const [mail] = await asksAbout(orderId);
    expect(mail!.subject).toBe('How is your <script>alert(1)</script> Bcc: thief@evil.example?');
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.htmlBody).not.toContain('<script>');
    expect(mail!.htmlBody).not.toContain('<img src=x');
    expect(mail!.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.htmlBody).toContain('Hello &lt;img src=x onerror=alert(2)&gt; Bcc: thief@evil.example,');

    // Through the shop's own transport (as the sender sends it): one To, no Bcc, the subject one header line.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-asks-'));
    try {
      await folderTransport(dir, 'Vastra <shop@vastra.example>', () => {}).send({ ...mail!, attempts: 1 });
      const message = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]!), 'utf8');
      const headers = message.slice(0, message.search(/\r?\n\r?\n/)).split(/\r?\n(?![ \t])/);
      expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
      expect(headers.filter((h) => /^to:/i.test(h))).toEqual([`To: ${buyer.email}`]);
      expect(headers.filter((h) => /^subject:/i.test(h))).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const allMarks = async () => (await db().select({ n: count() }).from(reviewAsks))[0]!.n;
const allAsks = async () => (await db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.kind, 'review_ask')))[0]!.n;

/** Pieces bought together through the cart (paid online) by the shopper or `buyer`, booked, picked up and delivered by the courier's scans: the order's id. */
async function deliveredCartOrder(pieces: { productId: number; size: string }[], buyer = { cookie: shopperCookie(), addressId: p.shopper.address.id }) {
  // An unpaid order of the same cart is not taken up again (the kit's own orders do the same).
  await db().execute(sql`update orders set checkout_fingerprint = checkout_fingerprint || '-done' where payment_status = 'pending' and payment_method = 'online'`);
  for (const piece of pieces) expect((await send(p.t, 'POST', '/api/cart/items', { ...piece, quantity: 1 }, buyer.cookie)).status).toBe(200);
  const quote = await (await send(p.t, 'GET', '/api/checkout/quote', undefined, buyer.cookie)).json();
  const started = await send(p.t, 'POST', '/api/checkout/orders', { addressId: buyer.addressId, expectedTotal: quote.amounts.total }, buyer.cookie);
  expect(started.status, await started.clone().text()).toBe(201);
  const { orderId } = (await started.json()) as { orderId: string };
  const success = await (await send(p.t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, buyer.cookie)).json();
  expect((await send(p.t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, buyer.cookie)).status).toBe(200);
  expect((await p.book(orderId)).status).toBe(200);
  const awb = await p.awbOf(orderId);
  await p.scan(awb, '42');
  await p.scan(awb, '7');
  expect((await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('delivered');
  return orderId;
}
