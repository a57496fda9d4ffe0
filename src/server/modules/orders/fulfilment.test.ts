/**
 * Fulfilment through the real API on PGlite and PostgreSQL: the owner's list (newest first, by
 * status, by order number or email), an order's details, each allowed step and no other, a step
 * recorded with who and when, the shopper's /orders showing it, safe retries, two owners racing,
 * and the tracking number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../../shared/admin-orders.contract.ts';
import type { Order } from '../../../shared/orders.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { plentyOfStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SHIPPED_ONLY } from './fulfilment.service.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let second: Awaited<ReturnType<typeof signedUp>>;
let shopper: Awaited<ReturnType<typeof signedUp>>;
let productId: number;
let addressId: string;

beforeAll(async () => {
  t = await createTestApp();
  await plentyOfStock(t);
  owner = await signedUp(t, 'Lakshmi');
  second = await signedUp(t, 'Gauri');
  shopper = await signedUp(t, 'Farhan', { lastName: 'Qureshi' });
  await t.shop.owners.setOwner(owner.email, true);
  await t.shop.owners.setOwner(second.email, true);
  productId = (await (await t.get('/api/products?limit=1')).json()).items[0].id;
  const address = await send(t, 'POST', '/api/addresses', { name: 'Farhan Qureshi', phone: '9876543210', house: '4', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' }, shopper.cookie);
  addressId = (await address.json()).id;
});
afterAll(() => t.close());

/** A Buy Now order, paid through the test mode unless `paid` is false. */
async function order(paid = true): Promise<{ id: string; orderNumber: string }> {
  const quote = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}`, undefined, shopper.cookie)).json();
  // Each order a purchase of its own: the same one again within half an hour reuses the pending order.
  await t.database.db.execute(`update orders set checkout_fingerprint = checkout_fingerprint || '-done' where payment_status = 'pending'`);
  const started = await (await send(t, 'POST', '/api/checkout/orders', { addressId, buyNow: { productId }, expectedTotal: quote.amounts.total }, shopper.cookie)).json();
  if (paid) {
    const success = await (await send(t, 'POST', `/api/checkout/orders/${started.orderId}/test-payment`, undefined, shopper.cookie)).json();
    expect((await send(t, 'POST', `/api/checkout/orders/${started.orderId}/confirm`, success, shopper.cookie)).status).toBe(200);
  }
  return { id: started.orderId, orderNumber: started.orderNumber };
}

const move = (id: string, from: string, to: string, extra: Record<string, unknown> = {}, who = owner) =>
  send(t, 'POST', `/api/admin/orders/${id}/status`, { from, to, ...extra }, who.cookie);
const details = async (id: string): Promise<AdminOrder> => (await send(t, 'GET', `/api/admin/orders/${id}`, undefined, owner.cookie)).json();
const shoppersView = async (id: string): Promise<Order> =>
  ((await (await send(t, 'GET', '/api/orders', undefined, shopper.cookie)).json()).items as Order[]).find((o) => o.id === id)!;

describe('the list', () => {
  it('shows every order newest first, filters by status, and finds by order number or email', async () => {
    const older = await order();
    const newer = await order(false);
    const all = await (await send(t, 'GET', '/api/admin/orders', undefined, owner.cookie)).json();
    expect(all.items.slice(0, 2).map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
    expect(all.items[0]).toMatchObject({ orderNumber: newer.orderNumber, status: 'pending', paymentStatus: 'pending', customerEmail: shopper.email, customerName: 'Farhan Qureshi', pieces: 1 });

    const processing = await (await send(t, 'GET', '/api/admin/orders?status=processing', undefined, owner.cookie)).json();
    expect(processing.items.every((o: { status: string }) => o.status === 'processing')).toBe(true);
    expect(processing.items.map((o: { id: string }) => o.id)).toContain(older.id);

    for (const search of [older.orderNumber, older.orderNumber.toLowerCase(), older.orderNumber.slice(2), `#${older.orderNumber}`]) {
      const found = await (await send(t, 'GET', `/api/admin/orders?search=${encodeURIComponent(search)}`, undefined, owner.cookie)).json();
      expect(found.items.map((o: { id: string }) => o.id), search).toEqual([older.id]);
    }
    const byEmail = await (await send(t, 'GET', `/api/admin/orders?search=${encodeURIComponent(shopper.email.toUpperCase())}`, undefined, owner.cookie)).json();
    expect(byEmail.total).toBeGreaterThanOrEqual(2);
    const wild = await (await send(t, 'GET', `/api/admin/orders?search=${encodeURIComponent('%')}`, undefined, owner.cookie)).json();
    expect(wild.total).toBe(0);
  });

  it.each(['status=lost', 'page=0', 'page=abc'])('refuses ?%s with 400', async (query) => {
    expect((await send(t, 'GET', `/api/admin/orders?${query}`, undefined, owner.cookie)).status).toBe(400);
  });

  it('answers 404 for an order that is not there', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'VA100001', '1']) {
      expect((await send(t, 'GET', `/api/admin/orders/${id}`, undefined, owner.cookie)).status, id).toBe(404);
    }
  });
});

describe('fulfilment', () => {
  it('ships with a tracking number, delivers, completes: each step recorded, the shopper sees each', async () => {
    const { id } = await order();
    expect((await details(id)).status).toBe('processing');

    const shipped = await move(id, 'processing', 'shipped', { trackingNumber: ' DTDC 1234-567 ' });
    expect(shipped.status).toBe(200);
    expect(await shipped.json()).toMatchObject({ status: 'shipped', trackingNumber: 'DTDC 1234-567' });
    expect(await shoppersView(id)).toMatchObject({ status: 'shipped', trackingNumber: 'DTDC 1234-567' });

    expect((await move(id, 'shipped', 'delivered')).status).toBe(200);
    expect((await shoppersView(id)).status).toBe('delivered');
    expect((await move(id, 'delivered', 'completed', {}, second)).status).toBe(200);
    const done = await details(id);
    expect(done.status).toBe('completed');
    expect(done.history.map((h) => [h.from, h.to, h.by, h.trackingNumber])).toEqual([
      ['processing', 'shipped', owner.email, 'DTDC 1234-567'],
      ['shipped', 'delivered', owner.email, null],
      ['delivered', 'completed', second.email, null],
    ]);
    expect(new Date(done.history[0]!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    ['pending', 'processing'],
    ['pending', 'shipped'],
    ['processing', 'delivered'],
    ['processing', 'pending'],
    ['processing', 'failed'],
  ])('refuses %s → %s and changes nothing', async (from, to) => {
    const { id } = await order(from !== 'pending');
    const res = await move(id, from, to);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/cannot be marked/);
    expect((await details(id)).history).toEqual([]);
  });

  it('cancels an unpaid order, and nothing moves a cancelled one', async () => {
    const { id } = await order(false);
    expect((await move(id, 'pending', 'cancelled')).status).toBe(200);
    expect((await shoppersView(id)).status).toBe('cancelled');
    expect((await move(id, 'cancelled', 'shipped')).status).toBe(409);
  });

  it('a retried step changes nothing; a step from a status that has moved on is refused', async () => {
    const { id } = await order();
    expect((await move(id, 'processing', 'shipped')).status).toBe(200);
    expect((await move(id, 'processing', 'shipped')).status).toBe(200);
    expect((await details(id)).history).toHaveLength(1);
    const stale = await move(id, 'processing', 'cancelled', {}, second);
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe('This order is shipped now, not processing. Look again before changing it.');
    expect((await details(id)).status).toBe('shipped');
  });

  it('two owners shipping and cancelling at once: one wins, one history line', async () => {
    const { id } = await order();
    const [a, b] = await Promise.all([move(id, 'processing', 'shipped'), move(id, 'processing', 'cancelled', {}, second)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await details(id)).history).toHaveLength(1);
  });

  it('takes a tracking number only for a shipped order, and corrects it later', async () => {
    const { id } = await order();
    const early = await move(id, 'processing', 'cancelled', { trackingNumber: 'X1' });
    expect(early.status).toBe(422);
    expect((await early.json()).fields).toEqual({ trackingNumber: SHIPPED_ONLY });
    expect((await send(t, 'PUT', `/api/admin/orders/${id}/tracking`, { trackingNumber: 'X1' }, owner.cookie)).status).toBe(409);
    for (const bad of ['<script>', 'x'.repeat(41), 'a\u0000b']) {
      expect((await move(id, 'processing', 'shipped', { trackingNumber: bad })).status, bad).toBe(422);
    }
    await move(id, 'processing', 'shipped', { trackingNumber: 'BD123' });
    const fixed = await send(t, 'PUT', `/api/admin/orders/${id}/tracking`, { trackingNumber: 'BD124' }, owner.cookie);
    expect(await fixed.json()).toMatchObject({ trackingNumber: 'BD124' });
    expect((await shoppersView(id)).trackingNumber).toBe('BD124');
    expect((await details(id)).history.map((h) => h.trackingNumber)).toEqual(['BD123', 'BD124']);
  });

  it('is the owner’s alone: a shopper can neither list nor move orders, their own included', async () => {
    const { id } = await order();
    expect((await send(t, 'GET', '/api/admin/orders', undefined, shopper.cookie)).status).toBe(403);
    expect((await move(id, 'processing', 'shipped', {}, shopper)).status).toBe(403);
    expect((await shoppersView(id)).status).toBe('processing');
  });
});
