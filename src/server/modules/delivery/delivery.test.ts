/**
 * The PIN checks and the owner's delivery settings (issue 17) over HTTP, on PGlite and PostgreSQL:
 * India Post's directory, the state match, the product page's answer on fixed clocks, the owner's
 * rules and limits, and hostile PINs refused with spec §5's words.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY, type DeliveryCheck } from '../../../shared/delivery.ts';
import { products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let shopper: Awaited<ReturnType<typeof signedUp>>;
let piece: { id: number; pay: number };
/** India's time, as the test sets it. */
let clock = new Date('2026-11-26T10:00+05:30');

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await signedUp(t, 'Kamala');
  shopper = await signedUp(t, 'Meera');
  await t.shop.owners.setOwner(owner.email, true);
  const [row] = await t.database.db
    .select({ id: products.id, price: products.price, offerPrice: products.offerPrice })
    .from(products)
    .where(and(isNull(products.hiddenAt), isNull(products.sizeListId)))
    .orderBy(asc(products.id))
    .limit(1);
  piece = { id: row!.id, pay: row!.offerPrice ?? row!.price };
});
afterAll(() => t.close());

async function check(pin: string, product = piece.id) {
  const res = await t.get(`/api/delivery?pin=${encodeURIComponent(pin)}&product=${product}`);
  return { status: res.status, body: (await res.json()) as DeliveryCheck & { message?: string } };
}
const settings = (body: unknown, who = owner) => send(t, 'PUT', '/api/admin/delivery', body, who.cookie);
const rule = (prefix: string, kind: string) => send(t, 'PUT', '/api/admin/pin-rules', { prefix, rule: kind }, owner.cookie);

describe('where a PIN is', () => {
  it("names a PIN's district and state, and what is wrong with it for another state", async () => {
    const res = await t.get('/api/pincodes/600004?state=Kerala');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ pincode: '600004', district: 'CHENNAI', states: ['Tamil Nadu'], place: 'Chennai, Tamil Nadu', problem: 'Pincode 600004 is in Tamil Nadu, not Kerala.' });
    expect((await (await t.get('/api/pincodes/600004?state=tamil%20nadu')).json()).problem).toBeNull();
  });

  it('answers an unknown PIN with 404 and the shopper’s words', async () => {
    const res = await t.get('/api/pincodes/999999');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'not_found', message: 'We could not find this pincode. Please check it.' });
  });

  it('refuses PINs with letters, 5 or 7 digits, Unicode digits or 10,000 characters, with spec §5’s words', async () => {
    for (const pin of ['60000a', '60000', '6000040', '६०००८६', '６００００４', '6'.repeat(1_000), "600004' or '1'='1"]) {
      for (const url of [`/api/pincodes/${encodeURIComponent(pin)}`, `/api/delivery?pin=${encodeURIComponent(pin)}&product=${piece.id}`]) {
        const res = await t.get(url);
        expect(res.status, url.slice(0, 60)).toBe(400);
        expect((await res.json()).message).toBe('Pincode must be 6 digits.');
      }
    }
    // 10,000 characters never reach the route: no real link is that long.
    expect((await t.get(`/api/delivery?pin=${'6'.repeat(10_000)}&product=${piece.id}`)).status).toBe(414);
    expect((await t.get('/api/pincodes/012345')).status).toBe(400);
    expect((await (await t.get('/api/pincodes/012345')).json()).message).toBe('Please enter a valid pincode.');
  });
});

describe("the product page's PIN check", () => {
  it('gives a date range by zone from the dispatch PIN (Chennai), with Cash on Delivery', async () => {
    clock = new Date('2026-11-26T10:00+05:30'); // a Thursday morning: packed Thursday, dispatched Friday 27
    const city = await check('600004');
    expect(city).toEqual({
      status: 200,
      body: { served: true, pincode: '600004', place: 'Chennai, Tamil Nadu', zone: 'sameCity', earliest: '2026-11-28', latest: '2026-11-29', text: 'Delivery between Sat, 28 Nov and Sun, 29 Nov', cod: true, codText: 'Cash on Delivery available.' },
    });
    expect((await check('641001')).body).toMatchObject({ zone: 'sameState', earliest: '2026-11-29', latest: '2026-11-30' });
    expect((await check('400001')).body).toMatchObject({ zone: 'metro', place: 'Mumbai, Maharashtra', latest: '2026-12-02' });
    expect((await check('302001')).body).toMatchObject({ zone: 'rest', latest: '2026-12-04' });
    expect((await check('795001')).body).toMatchObject({ zone: 'far', latest: '2026-12-07' });
  });

  it('moves past the cut-off, Sundays and the owner’s holidays', async () => {
    clock = new Date('2026-11-28T15:00+05:30'); // Saturday after 14:00: Sunday closed, Monday worked, Tuesday dispatched
    expect((await check('600004')).body).toMatchObject({ earliest: '2026-12-02' });
    const res = await settings({ ...DEFAULT_DELIVERY, holidays: ['2026-12-01'] });
    expect(res.status).toBe(200);
    expect((await check('600004')).body).toMatchObject({ earliest: '2026-12-03' });
    await settings(DEFAULT_DELIVERY);
    clock = new Date('2026-11-26T10:00+05:30');
  });

  it('says a single date when the owner gives a zone one transit time', async () => {
    await settings({ ...DEFAULT_DELIVERY, transit: { ...DEFAULT_DELIVERY.transit, rest: { min: 4, max: 4 } } });
    expect((await check('302001')).body).toMatchObject({ text: 'Delivery by Tue, 1 Dec' });
    await settings(DEFAULT_DELIVERY);
  });

  it('follows the owner’s PIN rules, the longest prefix deciding', async () => {
    expect((await rule('79', 'not_served')).status).toBe(200);
    expect((await check('795001')).body).toEqual({ served: false, pincode: '795001', place: 'Imphal West, Manipur', message: 'We do not deliver to this pincode yet.' });
    await rule('795001', 'no_cod');
    expect((await check('795001')).body).toMatchObject({ served: true, cod: false, codText: 'Cash on Delivery is not available at this pincode.' });
    const list = await send(t, 'DELETE', '/api/admin/pin-rules/79', undefined, owner.cookie);
    expect(await list.json()).toEqual({ rules: [{ prefix: '795001', rule: 'no_cod' }] });
    await send(t, 'DELETE', '/api/admin/pin-rules/795001', undefined, owner.cookie);
    expect((await check('795001')).body).toMatchObject({ cod: true });
  });

  it('offers Cash on Delivery only within the owner’s limits', async () => {
    await settings({ ...DEFAULT_DELIVERY, codMaxPaise: piece.pay - 100 });
    const { body } = await check('600004');
    expect(body).toMatchObject({ served: true, cod: false });
    expect(body.served && body.codText).toMatch(/^Cash on Delivery is available on orders up to ₹/);
    await settings(DEFAULT_DELIVERY);
  });

  it('shows a change made on another app server within a second: a price, a PIN rule', async () => {
    const [before] = await t.database.db.select({ price: products.price, offerPrice: products.offerPrice }).from(products).where(eq(products.id, piece.id));
    expect((await check('600004')).body).toMatchObject({ cod: true });
    // Written straight to the database, as another app server would: this server hears nothing of it.
    await t.database.db.update(products).set({ price: 20_000_00, offerPrice: null }).where(eq(products.id, piece.id));
    await t.database.db.execute(sql`insert into pin_rules (prefix, rule) values ('600', 'not_served')`);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await check('600004')).body).toMatchObject({ served: false, message: 'We do not deliver to this pincode yet.' });
    expect((await check('560001')).body).toMatchObject({ cod: false, codText: 'Cash on Delivery is available on orders up to ₹10,000.' });
    await t.database.db.update(products).set(before!).where(eq(products.id, piece.id));
    await t.database.db.execute(sql`delete from pin_rules where prefix = '600'`);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await check('600004')).body).toMatchObject({ served: true, cod: true });
  });

  it('says so for a piece not sent by PIN code, and 404s a hidden or unknown piece', async () => {
    const [other] = await t.database.db.select({ id: products.id, deliveryInfo: products.deliveryInfo }).from(products).where(isNull(products.hiddenAt)).orderBy(asc(products.id)).offset(1).limit(1);
    await t.database.db.update(products).set({ deliveryInfo: { ...other!.deliveryInfo, pincodeDelivery: false } }).where(eq(products.id, other!.id));
    expect((await check('600004', other!.id)).body).toEqual({ served: false, pincode: '600004', place: 'Chennai, Tamil Nadu', message: 'This piece is not sent by PIN-code delivery.' });
    // A piece hidden is not found (a piece asked about in the last second may answer from memory for that second).
    const [hidden] = await t.database.db.select({ id: products.id }).from(products).where(isNull(products.hiddenAt)).orderBy(asc(products.id)).offset(2).limit(1);
    await t.database.db.update(products).set({ hiddenAt: new Date() }).where(eq(products.id, hidden!.id));
    expect((await check('600004', hidden!.id)).status).toBe(404);
    expect((await check('600004', 2_147_483_648)).status).toBe(404);
    expect((await t.get('/api/delivery?pin=600004&product=abc')).status).toBe(400);
  });
});

describe("the owner's delivery settings", () => {
  it('are the owner’s: a visitor 401, a customer 403', async () => {
    expect((await t.get('/api/admin/delivery')).status).toBe(401);
    expect((await send(t, 'GET', '/api/admin/delivery', undefined, shopper.cookie)).status).toBe(403);
    expect((await settings(DEFAULT_DELIVERY, shopper)).status).toBe(403);
    expect((await send(t, 'PUT', '/api/admin/pin-rules', { prefix: '6', rule: 'not_served' }, shopper.cookie)).status).toBe(403);
    expect((await send(t, 'DELETE', '/api/admin/pin-rules/6', undefined, shopper.cookie)).status).toBe(403);
    expect((await check('600004')).body.served).toBe(true);
  });

  it('refuse what no shop could mean, each with its message', async () => {
    const bad = {
      ...DEFAULT_DELIVERY,
      dispatchPin: '60001',
      cutoff: '25:00',
      closedWeekdays: [0, 1, 2, 3, 4, 5, 6],
      holidays: ['2026-02-30'],
      transit: { ...DEFAULT_DELIVERY.transit, far: { min: 9, max: 3 } },
    };
    const res = await settings(bad);
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({
      dispatchPin: 'Pincode must be 6 digits.',
      cutoff: 'The cut-off must be a time like 14:00.',
      closedWeekdays: 'The shop must dispatch on at least one day of the week.',
      holidays: 'A holiday must be a date.',
      transit: 'Far regions: the earliest must not be after the latest.',
    });
    const limits = await settings({ ...DEFAULT_DELIVERY, codMinPaise: 50_000_00, codMaxPaise: 10_000_00 });
    expect((await limits.json()).fields).toEqual({ codMinPaise: 'The Cash on Delivery minimum must not be above its maximum.' });
    const unknown = await settings({ ...DEFAULT_DELIVERY, dispatchPin: '999999' });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).fields).toEqual({ dispatchPin: 'We could not find this pincode. Please check it.' });
    expect((await rule('0', 'not_served')).status).toBe(422);
    expect((await rule('6', 'everything')).status).toBe(422);
  });

  it('moves every zone with the dispatch PIN', async () => {
    const res = await settings({ ...DEFAULT_DELIVERY, dispatchPin: '400001' });
    expect(await res.json()).toMatchObject({ dispatchPin: '400001' });
    expect((await check('400001')).body).toMatchObject({ zone: 'sameCity' });
    expect((await check('600004')).body).toMatchObject({ zone: 'metro' });
    const read = await send(t, 'GET', '/api/admin/delivery', undefined, owner.cookie);
    expect(await read.json()).toMatchObject({ settings: { dispatchPin: '400001' }, rules: [] });
    await settings(DEFAULT_DELIVERY);
  });
});
