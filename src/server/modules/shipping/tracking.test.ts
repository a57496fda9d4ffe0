/**
 * Tracking without signing in (/api/track) and on /orders, on PGlite and PostgreSQL: the order
 * number and the delivery PIN code find it; either wrong gets the same answer; the answer never
 * holds the address or the name; guessing is counted per address; another shopper sees nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/orders.ts';
import { ORDER_NUMBER_MESSAGE, TRACK_NOT_FOUND } from '../../../shared/track-query.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { startParcelShop, type ParcelShop } from '../../test/parcels-kit.ts';

let p: ParcelShop;
let id: string;
let orderNumber: string;
let awb: string;
beforeAll(async () => {
  p = await startParcelShop();
  id = await p.paidOrder();
  expect((await p.book(id)).status).toBe(200);
  awb = await p.awbOf(id);
  await p.scan(awb);
  orderNumber = ((await (await send(p.t, 'GET', '/api/orders', undefined, p.shopper.s.cookie)).json()).items as Order[]).find((o) => o.id === id)!.orderNumber;
});
afterAll(() => p.close());

/** Each look-up from an address of its own, unless one is given. */
let addresses = 0;
const track = (query: string, from = `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`) => send(p.t, 'GET', `/api/track?${query}`, undefined, undefined, { 'x-forwarded-for': from });

describe('/api/track', () => {
  it('finds the parcel by order number and delivery PIN, written as a shopper might, and says nothing of who or where', async () => {
    for (const order of [orderNumber, orderNumber.toLowerCase(), orderNumber.slice(2), `#${orderNumber}`, ` ${orderNumber} `]) {
      const res = await track(`order=${encodeURIComponent(order)}&pin=570001`);
      expect(res.status, order).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const body = await res.json();
      expect(body).toMatchObject({ orderNumber, status: 'shipped', statusLabel: 'Shipped', parcel: { awb, step: 'picked_up' } });
      const text = JSON.stringify(body);
      for (const secret of ['Kavya', 'Temple Street', 'Mysuru Rao', p.shopper.s.email, '9876543210']) expect(text).not.toContain(secret);
    }
  });

  it('answers a wrong number and a wrong PIN alike', async () => {
    const wrongPin = await track(`order=${orderNumber}&pin=560001`);
    const wrongNumber = await track(`order=VA999999&pin=570001`);
    expect(wrongPin.status).toBe(404);
    expect(wrongNumber.status).toBe(404);
    const said = await wrongPin.json();
    expect(said).toEqual(await wrongNumber.json());
    expect(said.message).toBe(TRACK_NOT_FOUND);
    expect((await track(`order=VA999999&pin=570001`)).headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([
    ['order=&pin=570001', ORDER_NUMBER_MESSAGE],
    ['order=VA12&pin=570001', ORDER_NUMBER_MESSAGE],
    ["order=VA100001'--&pin=570001", ORDER_NUMBER_MESSAGE],
    ['order=VA100001&pin=57000', 'Pincode must be 6 digits.'],
    ['order=VA100001&pin=<script>', 'Pincode must be 6 digits.'],
    ['pin=570001', ORDER_NUMBER_MESSAGE],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const res = await track(query);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });

  it('stops guessing from one address after ten wrong tries; a shopper’s own look-ups do not count against them', async () => {
    const from = '203.0.113.9';
    for (let i = 0; i < 12; i++) expect((await track(`order=${orderNumber}&pin=570001`, from)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await track(`order=${orderNumber}&pin=5600${String(i).padStart(2, '1')}`, from)).status).toBe(404);
    const stopped = await track(`order=${orderNumber}&pin=570001`, from);
    expect(stopped.status).toBe(429);
    expect((await stopped.json()).message).toMatch(/^Too many parcel look-ups\. Please try again in/);
    expect((await track(`order=${orderNumber}&pin=570001`)).status).toBe(200);
  });
});

describe('/orders', () => {
  it('shows the parcel to its shopper only', async () => {
    const other = await signedUp(p.t, 'Ishaan');
    const theirs = (await (await send(p.t, 'GET', '/api/orders', undefined, other.cookie)).json()).items as Order[];
    expect(theirs.find((o) => o.id === id)).toBeUndefined();
    // Row-level security: even asked directly in the other shopper's transaction, no parcel of another's is read.
    const { parcelsOf } = await import('./shipping.service.ts');
    const { asShopper } = await import('../../db/shopper.ts');
    const seen = await asShopper(p.t.database.db, other.id, (tx) => parcelsOf(tx, [{ id, deliveredAt: null }]));
    expect(seen.size).toBe(0);
    const own = await asShopper(p.t.database.db, p.shopper.s.id, (tx) => parcelsOf(tx, [{ id, deliveredAt: null }]));
    expect(own.get(id)?.awb).toBe(awb);
  });
});
