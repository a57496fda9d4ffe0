/**
 * The courier's scans move orders, through the real webhook on a socket, sent by the local courier
 * as Shiprocket sends them, on PGlite and PostgreSQL: the secret, bad bodies, each scan once, never
 * backwards, delivered and its time, a failed attempt and the owner's decision, a return to origin
 * that restocks, credits and refunds, one message per step, and the poll of silent parcels.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaMinute } from '../../../shared/india-time.ts';
import type { Order } from '../../../shared/orders.ts';
import { invoices, mailOutbox, orderMessages, orders, paymentIssues, scanReports, shipments, shipmentScans } from '../../db/schema/index.ts';
import { send } from '../../test/accounts-kit.ts';
import { lapsedAndBalanced } from '../../test/orders-kit.ts';
import { startParcelShop, WEBHOOK_TOKEN, type ParcelShop } from '../../test/parcels-kit.ts';
import { UNKNOWN_AWB, WRONG_SECRET } from './scans.ts';

let p: ParcelShop;
beforeAll(async () => void (p = await startParcelShop()));
afterAll(() => p.close());

const db = () => p.t.database.db;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const shipmentOf = async (id: string) => (await db().select().from(shipments).where(eq(shipments.orderId, id)))[0]!;
const scansOf = async (id: string) => db().select().from(shipmentScans).where(eq(shipmentScans.shipmentId, (await shipmentOf(id)).id));
const mailsTo = async (email: string, kind: string) => db().select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)));
/** The webhook as the courier sends it; answered at once, applied just after (awaited here). */
async function hook(body: unknown, headers: Record<string, string> = { 'x-api-key': WEBHOOK_TOKEN }) {
  const res = await fetch(p.hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  await p.t.shop.shipping.settled();
  return res;
}

/** The webhook for the parcel again, every scan the courier has, as a redelivery would be. */
function resend(awb: string) {
  const parcel = [...p.courier.shipments.values()].find((x) => x.awb === awb)!;
  return hook({ awb, scans: parcel.scans.map((x) => ({ date: x.date, activity: 'again', location: x.location, 'sr-status': x.code })) });
}

async function bookedOrder(kind: 'paid' | 'cod' = 'paid') {
  const id = kind === 'paid' ? await p.paidOrder() : await p.codOrder();
  const res = await p.book(id);
  expect(res.status, await res.clone().text()).toBe(200);
  return { id, awb: await p.awbOf(id) };
}

describe('the webhook', () => {
  it('refuses a missing or wrong secret (401), a body that is not a tracking update (400), an unknown AWB (404), writing nothing', async () => {
    const { id, awb } = await bookedOrder();
    const scan = { awb, scans: [{ date: '2026-11-20 10:00:00', activity: 'Picked up', location: 'Bengaluru', 'sr-status': '42' }] };
    for (const headers of [{} as Record<string, string>, { 'x-api-key': 'wrong' }, { 'x-api-key': `${WEBHOOK_TOKEN}x` }, { 'x-api-key': '' }]) {
      const res = await hook(scan, headers);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe(WRONG_SECRET);
    }
    for (const body of ['not json', '[]', '{"awb":""}', JSON.stringify({ awb: awb, scans: 'many' }), JSON.stringify({ scans: [] })]) {
      expect((await hook(body)).status, body).toBe(400);
    }
    const unknown = await hook({ ...scan, awb: 'LC9999999999' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe(UNKNOWN_AWB);
    // A scan with a time that is no time is not a scan: kept out, nothing moved.
    expect((await hook({ awb, scans: [{ date: 'yesterday', activity: 'x', 'sr-status': '7' }] })).status).toBe(200);
    expect(await scansOf(id)).toHaveLength(0);
    expect((await orderRow(id)).status).toBe('processing');
  });

  it('moves the order with the parcel: picked up ships it (invoice, one mail), delivered sets its time; each scan once, however often it comes', async () => {
    const { id, awb } = await bookedOrder();
    expect(await p.scan(awb)).toBe(200); // picked up
    let order = await orderRow(id);
    expect(order.status).toBe('shipped');
    expect(await db().select().from(invoices).where(eq(invoices.orderId, id))).toHaveLength(1);
    // Shiprocket sends every scan each time; a redelivery stores nothing new and tells no one again.
    const scansBefore = (await scansOf(id)).length;
    const again = await resend(awb);
    expect(await again.json()).toEqual({ accepted: 1 });
    expect(await scansOf(id)).toHaveLength(scansBefore);
    await p.scan(awb); // in transit
    await p.scan(awb); // out for delivery
    const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3600_000);
    await p.scan(awb, '7', { at }); // delivered
    order = await orderRow(id);
    expect(order.status).toBe('delivered');
    expect(order.deliveredAt?.toISOString()).toBe(at.toISOString());
    expect((await shipmentOf(id)).step).toBe('delivered');
    expect(await scansOf(id)).toHaveLength(4);
    expect(await mailsTo(p.shopper.s.email, 'order_shipped').then((m) => m.filter((x) => x.subject.includes(order.orderNumber)))).toHaveLength(1);
    for (const kind of ['parcel_out_for_delivery', 'parcel_delivered']) {
      const mails = (await mailsTo(p.shopper.s.email, kind)).filter((m) => m.subject.includes(order.orderNumber));
      expect(mails, kind).toHaveLength(1);
      expect(mails[0]!.textBody).toContain(`https://shop.example.in/track?order=${order.orderNumber}&pin=570001`);
    }
    const told = await db().select().from(orderMessages).where(eq(orderMessages.orderId, id));
    expect(told.map((m) => m.step).sort()).toEqual(['delivered', 'out_for_delivery', 'shipped']);

    // The same delivered scan again, and an old in-transit scan arriving late: stored once, nothing moves back.
    const replay = await hook({ awb, scans: [{ date: `${indiaMinute(at)}:00`, activity: 'Delivered', location: 'Mysuru', 'sr-status': '7' }, { date: '2026-11-27 08:00:00', activity: 'In transit', location: 'Hub', 'sr-status': '18' }] });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ accepted: 2 });
    expect(await scansOf(id)).toHaveLength(5);
    expect((await orderRow(id)).status).toBe('delivered');
    expect((await db().select().from(orderMessages).where(eq(orderMessages.orderId, id))).length).toBe(3);
  });

  it('never moves a parcel back when an older scan arrives after a newer one', async () => {
    const { id, awb } = await bookedOrder();
    const scan = (date: string, code: string) => ({ date, activity: code, location: 'Hub', 'sr-status': code });
    expect((await hook({ awb, scans: [scan('2026-11-25 12:00:00', '17')] })).status).toBe(200);
    expect((await shipmentOf(id)).step).toBe('out_for_delivery');
    expect((await hook({ awb, scans: [scan('2026-11-24 12:00:00', '18')] })).status).toBe(200);
    expect(await scansOf(id)).toHaveLength(2);
    expect((await shipmentOf(id)).step).toBe('out_for_delivery');
    expect((await orderRow(id)).status).toBe('shipped');
  });

  it('refuses scans for a cancelled order', async () => {
    const { id, awb } = await bookedOrder();
    expect((await send(p.t, 'POST', `/api/admin/orders/${id}/status`, { from: 'processing', to: 'cancelled' }, p.owner.cookie)).status).toBe(200);
    const res = await hook({ awb, scans: [{ date: '2026-11-25 12:00:00', activity: 'Picked up', location: 'Hub', 'sr-status': '42' }] });
    expect(res.status).toBe(409);
    expect(await scansOf(id)).toHaveLength(0);
  });
});

describe('a failed attempt', () => {
  it('waits for the owner’s decision, told once to the courier; a second decision is refused', async () => {
    const { id, awb } = await bookedOrder('cod');
    await p.scan(awb);
    await p.scan(awb, '21');
    expect(await shipmentOf(id)).toMatchObject({ step: 'attempt_failed', decision: null });
    const board = (await (await send(p.t, 'GET', '/api/admin/parcels', undefined, p.owner.cookie)).json()).items;
    expect(board.find((b: { orderId: string }) => b.orderId === id)).toMatchObject({ step: 'attempt_failed', paymentMethod: 'cod', awb });
    const decide = (decision: string) => send(p.t, 'POST', `/api/admin/orders/${id}/parcel/decision`, { decision }, p.owner.cookie);
    expect((await decide('later')).status).toBe(422);
    const first = await decide('reattempt');
    expect(first.status, await first.clone().text()).toBe(200);
    expect((await first.json()).parcel).toMatchObject({ decision: 'reattempt', decidedBy: p.owner.email });
    expect([...p.courier.shipments.values()].find((s) => s.awb === awb)!.ndrActions).toEqual(['re-attempt']);
    expect((await decide('return')).status).toBe(409);
    expect((await mailsTo(p.shopper.s.email, 'parcel_attempt_failed')).length).toBeGreaterThanOrEqual(1);
    expect((await send(p.t, 'POST', `/api/admin/orders/${id}/parcel/decision`, { decision: 'return' }, p.shopper.s.cookie)).status).toBe(403);
  });

  it('a parcel returned to us: pieces back on sale, a credit note, and a paid order’s money refunded', async () => {
    const { id, awb } = await bookedOrder('paid');
    await p.scan(awb);
    await p.scan(awb, '21');
    expect((await send(p.t, 'POST', `/api/admin/orders/${id}/parcel/decision`, { decision: 'return' }, p.owner.cookie)).status).toBe(200);
    await p.scan(awb, '9');
    expect((await orderRow(id)).status).toBe('shipped');
    await p.scan(awb, '10');
    const order = await orderRow(id);
    expect(order).toMatchObject({ status: 'returned', stockState: 'returned' });
    expect((await db().select().from(invoices).where(eq(invoices.orderId, id))).map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
    const [refund] = await db().select().from(paymentIssues).where(eq(paymentIssues.orderId, id));
    expect(refund).toMatchObject({ kind: 'order_refund', amount: order.total });
    expect((await mailsTo(p.shopper.s.email, 'parcel_returned')).find((m) => m.subject.includes(order.orderNumber))!.textBody).toContain('We are refunding');
    expect(await lapsedAndBalanced(p.t)).toEqual([]);
  });
});

describe('the shopper', () => {
  it('sees the parcel’s timeline on /orders; another shopper sees nothing of it', async () => {
    const { id, awb } = await bookedOrder();
    await p.scan(awb);
    const mine = ((await (await send(p.t, 'GET', '/api/orders', undefined, p.shopper.s.cookie)).json()).items as Order[]).find((o) => o.id === id)!;
    expect(mine.parcel).toMatchObject({ awb, step: 'picked_up', courier: 'Local Surface' });
    expect(mine.parcel!.events.map((e) => e.step)).toEqual(['picked_up', 'booked']);
    expect(mine.parcel!.expectedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('polls a parcel the courier has been silent about for a day', async () => {
    const { id, awb } = await bookedOrder();
    await p.scan(awb);
    // The next scan is made at the courier, but its webhook is lost.
    const s = [...p.courier.shipments.values()].find((x) => x.awb === awb)!;
    s.scans.push({ date: `${indiaMinute(new Date(Date.now() + 120_000))}:00`, code: '17', location: 'Mysuru' });
    await db().update(shipments).set({ heardAt: sql`now() - interval '25 hours'` }).where(eq(shipments.orderId, id));
    expect(await p.t.shop.shipping.pollSilent(() => {})).toBeGreaterThanOrEqual(1);
    expect((await shipmentOf(id)).step).toBe('out_for_delivery');
    expect(await p.t.shop.shipping.pollSilent(() => {})).toBe(0);
  });
});

describe('the owner and the courier', () => {
  it('cancelling a booked order cancels its booking with the courier; a courier that will not cancel keeps the order', async () => {
    const { id, awb } = await bookedOrder();
    const local = () => [...p.courier.shipments.values()].find((s) => s.awb === awb)!;
    p.courier.refuseNext('/orders/cancel/shipment/awbs', 'Shipment is already picked up.');
    const refused = await send(p.t, 'POST', `/api/admin/orders/${id}/status`, { from: 'processing', to: 'cancelled' }, p.owner.cookie);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/^Shiprocket did not cancel the booking \(.*already picked up.*\), so the order is not cancelled/);
    expect((await orderRow(id)).status).toBe('processing');

    const res = await send(p.t, 'POST', `/api/orders/${id}/cancel`, { reason: 'Another reason' }, p.shopper.s.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(local().cancelled).toBe(true);
    expect((await shipmentOf(id)).step).toBe('cancelled');
    expect((await orderRow(id)).status).toBe('cancelled');
    // Another shopper cannot reach a booking through their own cancel.
    const other = await bookedOrder();
    const stranger = await signedUpElsewhere();
    expect((await send(p.t, 'POST', `/api/orders/${other.id}/cancel`, { reason: 'Another reason' }, stranger)).status).toBe(404);
    expect((await shipmentOf(other.id)).step).toBe('booked');
  });

  it('a scan that disagrees with the order the owner moved by hand tells the shopper nothing', async () => {
    const { id, awb } = await bookedOrder();
    await p.scan(awb);
    expect((await send(p.t, 'POST', `/api/admin/orders/${id}/status`, { from: 'shipped', to: 'delivered' }, p.owner.cookie)).status).toBe(200);
    await p.scan(awb, '9');
    await p.scan(awb, '10');
    expect((await orderRow(id)).status).toBe('delivered');
    const told = await db().select().from(orderMessages).where(eq(orderMessages.orderId, id));
    expect(told.map((m) => m.step)).toEqual(['shipped']);
    expect((await shipmentOf(id)).step).toBe('returned');
  });

  it('keeps a scan with an impossible time or an endless code out, with no 500', async () => {
    const { id, awb } = await bookedOrder();
    const res = await hook({ awb, scans: [{ date: '0000-01-01 10:00:00', activity: 'x', 'sr-status': '42' }, { date: '2099-01-01 10:00:00', activity: 'x', 'sr-status': '42' }] });
    expect(res.status).toBe(200);
    expect(await scansOf(id)).toHaveLength(0);
    const long = await hook({ awb, scans: [{ date: `${indiaMinute(new Date())}:00`, activity: 'x', status: 'X'.repeat(5000) }] });
    expect(long.status).toBe(200);
    expect((await scansOf(id))[0]!.code.length).toBeLessThanOrEqual(40);
  });

  it('answers webhooks that arrive together each for its own parcel, a NUL in a courier’s text kept out without failing the others', async () => {
    const [a, b] = [await bookedOrder(), await bookedOrder()];
    const when = (minutesAgo: number) => `${indiaMinute(new Date(Date.now() - minutesAgo * 60_000))}:00`;
    const bodies = [
      { awb: a.awb, scans: [{ date: when(30), activity: 'Picked up\u0000<script>', location: 'Hub\u0000', 'sr-status': '42' }] },
      { awb: b.awb, scans: [{ date: when(30), activity: 'Picked up', location: 'Pune', 'sr-status': '42' }] },
      { awb: b.awb, scans: [{ date: when(30), activity: 'Picked up', location: 'Pune', 'sr-status': '42' }, { date: when(10), activity: 'In transit', location: 'Pune Hub', 'sr-status': '18' }] },
      { awb: 'LC0000000001', scans: [{ date: when(30), activity: 'Picked up', 'sr-status': '42' }] },
      { awb: `${a.awb}\u0000`, scans: [{ date: when(30), activity: 'Lone \ud800 surrogate', 'sr-status': '42' }] },
    ];
    const sent = await Promise.all(bodies.map((body) => fetch(p.hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': WEBHOOK_TOKEN }, body: JSON.stringify(body) })));
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 404, 404]);
    await p.t.shop.shipping.settled();
    const [scansA, scansB] = [await scansOf(a.id), await scansOf(b.id)];
    expect(scansA.map((x) => [x.activity, x.place])).toEqual([['Picked up\ufffd<script>', 'Hub\ufffd']]);
    expect(scansB.map((x) => x.code).sort()).toEqual(['18', '42']);
    expect((await orderRow(a.id)).status).toBe('shipped');
    expect((await orderRow(b.id)).status).toBe('shipped');
  });
});

async function signedUpElsewhere() {
  const { signedUp } = await import('../../test/accounts-kit.ts');
  return (await signedUp(p.t, 'Zoya')).cookie;
}

describe('a report kept but not applied', () => {
  it('is applied by the next pass, once', async () => {
    const { id, awb } = await bookedOrder();
    const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, id));
    // As a crash between the answer and the applying would leave it.
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    await db().insert(scanReports).values({ shipmentId: shipment!.id, courier: 'shiprocket', report: { awb, expectedOn: null, scans: [{ at: at.toISOString(), code: '42', step: 'picked_up', activity: 'Picked up', place: 'Hub' }] } });
    await Promise.all([p.t.shop.shipping.applyKept(() => {}), p.t.shop.shipping.applyKept(() => {})]);
    await p.t.shop.shipping.settled();
    expect((await orderRow(id)).status).toBe('shipped');
    expect(await scansOf(id)).toHaveLength(1);
    expect((await db().select().from(scanReports).where(eq(scanReports.shipmentId, shipment!.id)))[0]!.appliedAt).not.toBeNull();
  });

  it('is applied within seconds even while webhooks never pause', async () => {
    const [first, busy] = [await bookedOrder(), await bookedOrder()];
    const when = `${indiaMinute(new Date(Date.now() - 20 * 60_000))}:00`;
    const post = (awb: string, code: string) => fetch(p.hookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': WEBHOOK_TOKEN }, body: JSON.stringify({ awb, scans: [{ date: when, activity: 'Scan', location: 'Hub', 'sr-status': code }] }) });
    expect((await post(first.awb, '42')).status).toBe(200);
    // The same scan of another parcel, back to back for four seconds: the shop is never quiet.
    let shippedWhileBusy = false;
    const until = Date.now() + 4_000;
    while (Date.now() < until && !shippedWhileBusy) {
      expect((await post(busy.awb, '5')).status).toBe(200);
      shippedWhileBusy = (await orderRow(first.id)).status === 'shipped';
    }
    expect(shippedWhileBusy).toBe(true);
    await p.t.shop.shipping.settled();
  });
});
