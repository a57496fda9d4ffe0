/**
 * Delhivery's adapter through the real API, against the local courier speaking Delhivery's protocol,
 * on PGlite and PostgreSQL: booking (the JSON in a form, the day's pickup, a lost answer found by
 * reference), a refusal in Delhivery's words, the label, the scan push with its secret, tracking
 * for the poll, and a failed attempt re-attempted or returned.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaMinute } from '../../../shared/india-time.ts';
import { orders, shipments } from '../../db/schema/index.ts';
import { send } from '../../test/accounts-kit.ts';
import { startParcelShop, WEBHOOK_TOKEN, type ParcelShop } from '../../test/parcels-kit.ts';
import { WEBHOOK_PATHS } from './shipping.service.ts';

let p: ParcelShop;
beforeAll(async () => {
  p = await startParcelShop();
  const res = await send(p.t, 'PUT', '/api/admin/courier-settings', { courier: 'delhivery', pickupLocation: 'Jayanagar Studio', parcelGrams: 500 }, p.owner.cookie);
  expect(res.status).toBe(200);
});
afterAll(() => p.close());

const shipmentOf = async (id: string) => (await p.t.database.db.select().from(shipments).where(eq(shipments.orderId, id)))[0]!;
const statusOf = async (id: string) => (await p.t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
/** India's wall clock `minutes` from now, as Delhivery writes it. */
const soon = (minutes: number) => `${indiaMinute(new Date(Date.now() + minutes * 60_000)).replace(' ', 'T')}:00`;
const creates = () => p.courier.requests.filter((r) => r.path === '/api/cmu/create.json').length;

describe('Delhivery', () => {
  it('books with the JSON in a form and asks for the day’s pickup; the label comes from its link', async () => {
    const id = await p.codOrder();
    const res = await p.book(id, 700);
    expect(res.status, await res.clone().text()).toBe(200);
    const parcel = (await res.json()).parcel;
    expect(parcel).toMatchObject({ step: 'booked', courier: 'Delhivery', weightGrams: 700 });
    expect(parcel.awb).toMatch(/^DL\d{12}$/);
    const made = p.courier.requests.findLast((r) => r.path === '/api/cmu/create.json')!;
    const data = JSON.parse(new URLSearchParams(made.body as string).get('data')!);
    expect(data.pickup_location).toEqual({ name: 'Jayanagar Studio' });
    expect(data.shipments[0]).toMatchObject({ pin: '570001', payment_mode: 'COD', weight: 700, waybill: '' });
    expect(data.shipments[0].cod_amount).toBeGreaterThan(0);
    expect(p.courier.requests.some((r) => r.path === '/fm/request/new/')).toBe(true);
    const label = await send(p.t, 'GET', `/api/admin/orders/${id}/label`, undefined, p.owner.cookie);
    expect(label.status).toBe(200);
    expect(Buffer.from(await label.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a create whose answer was lost is found by its reference, not made again', async () => {
    const id = await p.paidOrder();
    const before = creates();
    p.courier.loseAnswers(1, '/api/cmu/create.json');
    expect((await p.book(id)).status).toBe(503);
    expect((await p.book(id)).status).toBe(200);
    expect(creates()).toBe(before + 1);
    expect((await shipmentOf(id)).awb).toMatch(/^DL/);
  });

  it('shows a refusal in Delhivery’s words and keeps nothing', async () => {
    const id = await p.paidOrder();
    p.courier.unserved.add('570001');
    const res = await p.book(id);
    p.courier.unserved.delete('570001');
    expect(res.status).toBe(422);
    expect((await res.json()).message).toMatch(/^Delhivery did not book it: .*570001 is non serviceable pincode/);
    expect(await p.t.database.db.select().from(shipments).where(eq(shipments.orderId, id))).toHaveLength(0);
  });

  it('its scan pushes move the order; a push without the secret is refused; the poll reads its tracking', async () => {
    const id = await p.paidOrder();
    expect((await p.book(id)).status).toBe(200);
    const { awb } = await shipmentOf(id);
    expect(await p.scan(awb!)).toBe(200); // X-PPOM: picked up
    expect(await statusOf(id)).toBe('shipped');
    const hook = `http://127.0.0.1:${new URL(p.hookUrl).port}${WEBHOOK_PATHS.delhivery}`;
    const push = { Shipment: { AWB: awb, Status: { Status: 'Delivered', StatusType: 'DL', StatusDateTime: soon(30), StatusLocation: 'Mysuru', Instructions: 'Delivered' }, NSLCode: 'EOD-38' } };
    const unsigned = await fetch(hook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(push) });
    expect(unsigned.status).toBe(401);
    const bad = await fetch(hook, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': WEBHOOK_TOKEN }, body: JSON.stringify({ Shipment: { AWB: awb } }) });
    expect(bad.status).toBe(400);
    expect(await statusOf(id)).toBe('shipped');

    // The next scans are made at the courier, their pushes lost: the poll reads them from tracking.
    const local = [...p.courier.shipments.values()].find((s) => s.awb === awb)!;
    local.scans.push({ date: soon(10).replace('T', ' '), code: '17', location: 'Mysuru' }, { date: soon(20).replace('T', ' '), code: '7', location: 'Mysuru' });
    await p.t.database.db.update(shipments).set({ heardAt: sql`now() - interval '2 days'` }).where(eq(shipments.orderId, id));
    expect(await p.t.shop.shipping.pollSilent(() => {})).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toBe('delivered');
    expect((await shipmentOf(id)).step).toBe('delivered');
  });

  it('after a failed attempt, asks for a re-attempt, or cancels the parcel in transit to have it returned', async () => {
    for (const decision of ['reattempt', 'return'] as const) {
      const id = await p.paidOrder();
      expect((await p.book(id)).status).toBe(200);
      const { awb } = await shipmentOf(id);
      await p.scan(awb!);
      await p.scan(awb!, '21'); // EOD-11: consignee unavailable
      expect((await shipmentOf(id)).step).toBe('attempt_failed');
      const res = await send(p.t, 'POST', `/api/admin/orders/${id}/parcel/decision`, { decision }, p.owner.cookie);
      expect(res.status, await res.clone().text()).toBe(200);
      const local = [...p.courier.shipments.values()].find((s) => s.awb === awb)!;
      expect(local.ndrActions).toEqual([decision === 'reattempt' ? 'RE-ATTEMPT' : 'cancel']);
    }
  });
});
