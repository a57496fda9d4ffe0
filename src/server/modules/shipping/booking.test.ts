/**
 * Booking a parcel through the real API and the Shiprocket adapter, against the local courier, on
 * PGlite and PostgreSQL: the owner's settings, one booking per order however it is retried, a
 * refusal that changes nothing, the label, and what a shopper may not do.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, shipments } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp } from '../../test/test-app.ts';
import { startParcelShop, type ParcelShop } from '../../test/parcels-kit.ts';
import { NO_COURIER } from './booking.ts';

let p: ParcelShop;
beforeAll(async () => void (p = await startParcelShop()));
afterAll(() => p.close());

const shipmentRows = (orderId: string) => p.t.database.db.select().from(shipments).where(eq(shipments.orderId, orderId));
const orderRow = async (orderId: string) => (await p.t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const calls = (path: string) => p.courier.requests.filter((r) => r.path.startsWith(path)).length;

describe('the settings', () => {
  it('offers the couriers this shop has keys for, with the webhook address to set in the panel', async () => {
    const view = await (await send(p.t, 'GET', '/api/admin/courier-settings', undefined, p.owner.cookie)).json();
    expect(view).toMatchObject({ courier: 'shiprocket', pickupLocation: 'Jayanagar Studio', parcelGrams: 500, available: ['shiprocket', 'delhivery'], local: true });
    // Shiprocket refuses a webhook address holding "sr", "kr", "shiprocket" or "kartrocket".
    expect(view.webhookUrls.shiprocket).toBe('https://shop.example.in/api/hooks/scans/rocket');
    expect(new URL(view.webhookUrls.shiprocket).pathname).not.toMatch(/sr|kr|shiprocket|kartrocket/i);
  });

  it.each([
    [{ courier: 'shiprocket', pickupLocation: '  ', parcelGrams: 500 }, 422, 'pickup location'],
    [{ courier: 'shiprocket', pickupLocation: 'Studio', parcelGrams: 10 }, 422, 'at least 50 g'],
    [{ courier: 'pigeon', pickupLocation: 'Studio', parcelGrams: 500 }, 422, 'Choose a courier'],
    [{ courier: 'shiprocket', pickupLocation: '<script>', parcelGrams: 500 }, 422, 'cannot hold'],
  ])('refuses %j clearly', async (body, status, words) => {
    const res = await send(p.t, 'PUT', '/api/admin/courier-settings', body, p.owner.cookie);
    expect(res.status).toBe(status);
    expect(JSON.stringify(await res.json())).toContain(words);
    expect((await (await send(p.t, 'GET', '/api/admin/courier-settings', undefined, p.owner.cookie)).json()).courier).toBe('shiprocket');
  });

  it('offers no courier this server has no keys for', async () => {
    const bare = await createTestApp();
    try {
      const owner = await signedUp(bare, 'Latha');
      await bare.shop.owners.setOwner(owner.email, true);
      expect((await (await send(bare, 'GET', '/api/admin/courier-settings', undefined, owner.cookie)).json()).available).toEqual([]);
      const res = await send(bare, 'PUT', '/api/admin/courier-settings', { courier: 'delhivery', pickupLocation: 'Studio', parcelGrams: 500 }, owner.cookie);
      expect(res.status).toBe(422);
      expect((await res.json()).message).toContain('no Delhivery keys');
    } finally {
      await bare.close();
    }
  });

  it('is the owner’s alone', async () => {
    expect((await send(p.t, 'GET', '/api/admin/courier-settings', undefined, p.shopper.s.cookie)).status).toBe(403);
    expect((await send(p.t, 'PUT', '/api/admin/courier-settings', { courier: 'none', pickupLocation: '', parcelGrams: 500 }, p.shopper.s.cookie)).status).toBe(403);
  });
});

describe('booking', () => {
  it('books once: AWB, pickup asked, label; the AWB becomes the tracking number; the order waits for its pickup scan', async () => {
    const id = await p.paidOrder();
    const before = p.courier.requests.length;
    const res = await p.book(id, 650);
    expect(res.status, await res.clone().text()).toBe(200);
    const { parcel } = await res.json();
    expect(parcel).toMatchObject({ step: 'booked', courier: 'Local Surface', weightGrams: 650, hasLabel: true, bookedBy: p.owner.email });
    expect(parcel.awb).toMatch(/^LC\d{10}$/);
    const order = await orderRow(id);
    expect(order).toMatchObject({ status: 'processing', trackingNumber: parcel.awb });
    const made = p.courier.requests.slice(before).map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(made).toEqual(expect.arrayContaining(['POST /orders/create/adhoc', 'POST /courier/assign/awb', 'POST /courier/generate/pickup', 'POST /courier/generate/label']));
    const created = p.courier.requests.findLast((r) => r.path === '/orders/create/adhoc')!.body as Record<string, unknown>;
    expect(created).toMatchObject({ pickup_location: 'Jayanagar Studio', payment_method: 'Prepaid', weight: 0.65, billing_pincode: 570001, shipping_is_billing: true });
    expect(created.order_id).toBe(`${order.orderNumber.slice(2)}-1`);

    const again = await p.book(id);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toContain(parcel.awb);
    expect(await shipmentRows(id)).toHaveLength(1);

    const label = await send(p.t, 'GET', `/api/admin/orders/${id}/label`, undefined, p.owner.cookie);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await label.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('tells the courier a Cash on Delivery parcel is to be collected', async () => {
    const id = await p.codOrder();
    expect((await p.book(id)).status).toBe(200);
    expect((p.courier.requests.findLast((r) => r.path === '/orders/create/adhoc')!.body as Record<string, unknown>).payment_method).toBe('COD');
  });

  it('after a lost answer, a retry finds what the courier made and never makes a second shipment', async () => {
    const id = await p.paidOrder();
    const reference = `${(await orderRow(id)).orderNumber.slice(2)}-1`;
    const creates = calls('/orders/create/adhoc');
    // The courier makes the shipment but its answer never comes: the shop's call times out.
    p.courier.loseAnswers(1, '/orders/create/adhoc');
    const first = await p.book(id);
    expect(first.status).toBe(503);
    expect((await first.json()).message).toBe('Shiprocket did not answer within 1.5 s. Try again in a minute.');
    expect((await shipmentRows(id))[0]).toMatchObject({ step: 'booking', providerShipmentId: null, bookingUntil: null });
    // Then the AWB's answer is lost as well.
    p.courier.loseAnswers(1, '/courier/assign/awb');
    expect((await p.book(id)).status).toBe(503);
    const res = await p.book(id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(calls('/orders/create/adhoc')).toBe(creates + 1);
    expect([...p.courier.shipments.values()].filter((s) => s.reference === reference)).toHaveLength(1);
    expect(await shipmentRows(id)).toHaveLength(1);
  });

  it('a refusal before the courier made anything leaves no booking behind; a courier that is down keeps it for the retry', async () => {
    const id = await p.paidOrder();
    p.courier.refuseNext('/orders/create/adhoc', 'Pickup location is not active.');
    const refused = await p.book(id);
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe('Shiprocket did not book it: Oops! Invalid Data. Pickup location is not active.');
    expect(await shipmentRows(id)).toHaveLength(0);

    p.courier.failNext(3);
    const down = await p.book(id);
    expect(down.status).toBe(503);
    expect((await down.json()).message).toBe('Shiprocket is busy or failing (HTTP 503). Try again in a minute.');
    expect((await orderRow(id)).trackingNumber).toBeNull();
    p.courier.failNext(0);
    expect((await p.book(id)).status).toBe(200);
    expect(await shipmentRows(id)).toHaveLength(1);
  });

  it('a courier’s refusal is shown in its words and changes nothing; once fixed, the same booking goes on', async () => {
    const id = await p.paidOrder();
    p.courier.unserved.add('570001');
    const res = await p.book(id);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe('Shiprocket did not book it: Selected pincode 570001 is not serviceable by any courier.');
    const order = await orderRow(id);
    expect(order).toMatchObject({ status: 'processing', trackingNumber: null });
    const [kept] = await shipmentRows(id);
    // The courier's order exists (its AWB was refused): kept, so the next try does not make another.
    expect(kept).toMatchObject({ step: 'booking', awb: null, bookingUntil: null });
    expect(kept!.providerShipmentId).not.toBeNull();

    p.courier.unserved.delete('570001');
    const creates = calls('/orders/create/adhoc');
    expect((await p.book(id)).status).toBe(200);
    expect(calls('/orders/create/adhoc')).toBe(creates);
    expect(await shipmentRows(id)).toHaveLength(1);
  });

  it('refuses an unpaid order, an unknown one, a bad weight, and a shop with no courier chosen, writing nothing', async () => {
    const unpaid = (await (await send(p.t, 'GET', '/api/orders', undefined, p.shopper.s.cookie)).json()).items.find((o: { status: string }) => o.status === 'pending');
    const pendingId = unpaid?.id ?? (await p.paidOrder());
    if (unpaid) {
      const res = await p.book(pendingId);
      expect([404, 409]).toContain(res.status);
      expect(await shipmentRows(pendingId)).toHaveLength(0);
    }
    expect((await p.book('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await p.book('not-an-id')).status).toBe(404);
    const id = await p.paidOrder();
    for (const weightGrams of [0, -5, 40_000, 'heavy', 1.5]) {
      const res = await send(p.t, 'POST', `/api/admin/orders/${id}/parcel`, { weightGrams }, p.owner.cookie);
      expect(res.status, String(weightGrams)).toBe(422);
    }
    await send(p.t, 'PUT', '/api/admin/courier-settings', { courier: 'none', pickupLocation: '', parcelGrams: 500 }, p.owner.cookie);
    const none = await p.book(id);
    expect(none.status).toBe(409);
    expect((await none.json()).message).toBe(NO_COURIER);
    expect(await shipmentRows(id)).toHaveLength(0);
    await send(p.t, 'PUT', '/api/admin/courier-settings', { courier: 'shiprocket', pickupLocation: 'Jayanagar Studio', parcelGrams: 500 }, p.owner.cookie);
  });

  it('two owners booking at once make one shipment', async () => {
    const id = await p.paidOrder();
    const creates = calls('/orders/create/adhoc');
    const answers = await Promise.all([p.book(id), p.book(id), p.book(id)]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(calls('/orders/create/adhoc')).toBe(creates + 1);
    expect(await shipmentRows(id)).toHaveLength(1);
  });

  it('is the owner’s alone', async () => {
    const id = await p.paidOrder();
    expect((await send(p.t, 'POST', `/api/admin/orders/${id}/parcel`, { weightGrams: 500 }, p.shopper.s.cookie)).status).toBe(403);
    expect((await send(p.t, 'GET', `/api/admin/orders/${id}/label`, undefined, p.shopper.s.cookie)).status).toBe(403);
    expect((await send(p.t, 'GET', '/api/admin/parcels')).status).toBe(401);
    expect(await shipmentRows(id)).toHaveLength(0);
  });
});
