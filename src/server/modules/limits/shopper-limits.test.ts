/**
 * Issue 53's loop limits over HTTP, on PGlite and PostgreSQL: a shopper who keeps cancelling Cash
 * on Delivery orders, keeps closing payments unpaid or keeps flapping a back-in-stock request is
 * paused with a 429 that says when to come back; a stranger guessing unsubscribe links from one
 * address is stopped after 20 wrong tries, even all at once; and nobody else is touched: not
 * another shopper, not a paying one, not a shopper's own link.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/addresses.ts';
import type { CheckoutDelivery } from '../../../shared/cod.ts';
import type { CheckoutStart } from '../../../shared/orders.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { orders, requestLimits, stockAlerts } from '../../db/schema/index.ts';
import { linkInMail, send, signedUp } from '../../test/accounts-kit.ts';
import { plentyOfStock, setStock, stockTestShop } from '../../test/orders-kit.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { Quote } from '../checkout/checkout.quote.ts';
import { LIMITS as SHOPPER_LIMITS, LIMIT_WORDS, waitOf } from './limits.rules.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;
type Who = { s: Shopper; home: Address };

let t: TestApp;
let owner: Shopper;
let freshPiece: () => number;
let second: Database | undefined;
/** Two app servers over one database where the database allows it (PostgreSQL), else one. */
let servers: Pick<TestApp, 'app'>[];

beforeAll(async () => {
  // One proxy hop trusted, so each test's X-Forwarded-For is the address a request came from.
  ({ t, owner, freshPiece } = await stockTestShop({ trustProxyHops: 1 }));
  await plentyOfStock(t);
  second = t.databaseUrl ? await openPostgres(t.databaseUrl, 2) : undefined;
  servers = second ? [t, { app: t.another(second.db) }] : [t];
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

async function verifiedShopper(name: string): Promise<Who> {
  const s = await signedUp(t, name);
  expect((await send(t, 'GET', await linkInMail(t, s.email, 'verify_email'), undefined, s.cookie)).status).toBe(303);
  const res = await send(t, 'POST', '/api/addresses', { name: `${name} Iyer`, phone: '9876543210', house: '4', street: 'Lake Road', city: 'Kolkata', state: 'West Bengal', pincode: '700029' }, s.cookie);
  return { s, home: (await res.json()) as Address };
}

const quoteOf = async (who: Who, productId: number) =>
  (await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}&address=${who.home.id}`, undefined, who.s.cookie)).json()) as Quote & { delivery: CheckoutDelivery };
async function placeCod(who: Who) {
  const productId = freshPiece();
  const q = await quoteOf(who, productId);
  return send(t, 'POST', '/api/checkout/cod', { placementKey: crypto.randomUUID(), addressId: who.home.id, buyNow: { productId }, expectedTotal: q.delivery.cod.total }, who.s.cookie);
}
async function startPayment(who: Who) {
  const productId = freshPiece();
  const q = await quoteOf(who, productId);
  return send(t, 'POST', '/api/checkout/orders', { addressId: who.home.id, buyNow: { productId }, expectedTotal: q.amounts.total }, who.s.cookie);
}
const cancel = (who: Who, orderId: string) => send(t, 'POST', `/api/orders/${orderId}/cancel`, { reason: 'I ordered it by mistake' }, who.s.cookie);

/** A 429 in the limit's words, with Retry-After within `windowSeconds`. */
async function expectPaused(res: Response, words: string, windowSeconds: number) {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('Retry-After'));
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
  expect(await res.json()).toEqual({ code: 'too_many', message: `${words} Please try again in ${waitOf(wait)}.` });
}

describe('Cash on Delivery place-and-cancel', () => {
  it('pauses COD for a shopper after 3 of their own cancels in an hour; online payment, other shoppers and the owner’s cancels are untouched', async () => {
    const asha = await verifiedShopper('Asha');
    const bina = await verifiedShopper('Bina');
    const max = SHOPPER_LIMITS.codCancelsHour.max;
    for (let i = 0; i < max; i++) {
      const placed = await placeCod(asha);
      expect(placed.status, await placed.clone().text()).toBe(201);
      expect((await cancel(asha, ((await placed.json()) as { orderId: string }).orderId)).status).toBe(200);
    }
    const before = await t.database.db.$count(orders, eq(orders.userId, asha.s.id));
    await expectPaused(await placeCod(asha), LIMIT_WORDS.codCancels, 3600);
    expect(await t.database.db.$count(orders, eq(orders.userId, asha.s.id))).toBe(before);
    // Paying online still works, and the next shopper is not counted with her.
    expect((await startPayment(asha)).status).toBe(201);
    // Bina's orders cancelled by the owner are not Bina's doing.
    for (let i = 0; i < max + 1; i++) {
      const placed = await placeCod(bina);
      expect(placed.status).toBe(201);
      const { orderId } = (await placed.json()) as { orderId: string };
      expect((await send(t, 'POST', `/api/admin/orders/${orderId}/status`, { from: 'processing', to: 'cancelled' }, owner.cookie)).status).toBe(200);
    }
    expect((await placeCod(bina)).status).toBe(201);
  });

  it('counts a cancel once, however often it is sent', async () => {
    const chitra = await verifiedShopper('Chitra');
    const placed = (await (await placeCod(chitra)).json()) as { orderId: string };
    for (let i = 0; i < 4; i++) expect((await cancel(chitra, placed.orderId)).status).toBe(200);
    const [row] = await t.database.db.select({ count: requestLimits.count }).from(requestLimits).where(eq(requestLimits.key, `${SHOPPER_LIMITS.codCancelsHour.name}:${chitra.s.id}`));
    expect(row!.count).toBe(1);
  });

  it('holds a day’s limit too: 6 cancels a day, told in hours', async () => {
    const devi = await verifiedShopper('Devi');
    const dayKey = `${SHOPPER_LIMITS.codCancelsDay.name}:${devi.s.id}`;
    await t.database.db.insert(requestLimits).values({ key: dayKey, count: SHOPPER_LIMITS.codCancelsDay.max, windowStart: new Date(Date.now() - 3600_000) });
    const res = await placeCod(devi);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(22 * 3600);
    await expectPaused(res, LIMIT_WORDS.codCancels, 24 * 3600);
    expect(waitOf(23 * 3600 - 5)).toBe('23 hours');
  });
});

describe('payments closed unpaid', () => {
  it('pauses new orders after 5 payments closed in an hour; a shopper who pays is never counted', async () => {
    const esha = await verifiedShopper('Esha');
    const farah = await verifiedShopper('Farah');
    for (let i = 0; i < SHOPPER_LIMITS.abandonedPaymentsHour.max; i++) {
      const started = await startPayment(esha);
      expect(started.status).toBe(201);
      const { orderId } = (await started.json()) as CheckoutStart;
      expect(await (await send(t, 'POST', `/api/checkout/orders/${orderId}/abandon`, undefined, esha.s.cookie)).json()).toEqual({ released: true });
      // Closing it again gives nothing back, and counts nothing.
      expect(await (await send(t, 'POST', `/api/checkout/orders/${orderId}/abandon`, undefined, esha.s.cookie)).json()).toEqual({ released: false });
    }
    await expectPaused(await startPayment(esha), LIMIT_WORDS.abandonedPayments, 3600);
    for (let i = 0; i < SHOPPER_LIMITS.abandonedPaymentsHour.max + 1; i++) {
      const { orderId } = (await (await startPayment(farah)).json()) as CheckoutStart;
      const success = await (await send(t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, farah.s.cookie)).json();
      expect((await send(t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, farah.s.cookie)).status).toBe(200);
    }
    expect((await startPayment(farah)).status).toBe(201);
  });
});

describe('back-in-stock requests', () => {
  it('take 30 changes an hour from one shopper, then say when to come back; another shopper is not counted', async () => {
    const gita = await signedUp(t, 'Gita');
    const hema = await signedUp(t, 'Hema');
    const id = freshPiece();
    await setStock(t, id, 0);
    const flip = (who: Shopper, i: number) => send(t, i % 2 ? 'DELETE' : 'PUT', `/api/back-in-stock/${id}`, undefined, who.cookie);
    for (let i = 0; i < SHOPPER_LIMITS.alertChangesHour.max; i++) expect((await flip(gita, i)).status).toBe(200);
    await expectPaused(await flip(gita, 0), LIMIT_WORDS.alertChanges, 3600);
    expect((await flip(hema, 0)).status).toBe(200);
  });
});

describe('unsubscribe links', () => {
  const stop = (token: string, from: string, server = 0) =>
    send(servers[server % servers.length]!, 'POST', '/api/back-in-stock/stop', { token }, undefined, { 'X-Forwarded-For': from });

  it('stop a stranger after 20 wrong links from one address, even sent all at once to two app servers; another address is not counted with it', async () => {
    const guesses = Array.from({ length: 30 }, (_, i) => stop(crypto.randomUUID(), '203.0.113.7', i));
    const statuses = (await Promise.all(guesses)).map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(20).fill(404), ...Array(10).fill(429)]);
    await expectPaused(await stop(crypto.randomUUID(), '203.0.113.7'), LIMIT_WORDS.wrongStopLinks, 3600);
    expect((await stop(crypto.randomUUID(), '203.0.113.8')).status).toBe(404);
  });

  it('never count a shopper’s own link: it works after 19 wrong ones from its address, and that address still has one wrong try left', async () => {
    const ira = await signedUp(t, 'Ira');
    const id = freshPiece();
    await setStock(t, id, 0);
    expect((await send(t, 'PUT', `/api/back-in-stock/${id}`, undefined, ira.cookie)).status).toBe(200);
    const [alert] = await t.database.db.select({ token: stockAlerts.token }).from(stockAlerts).where(eq(stockAlerts.userId, ira.id));
    for (let i = 0; i < SHOPPER_LIMITS.wrongStopLinksPerAddress.max - 1; i++) expect((await stop(crypto.randomUUID(), '198.51.100.4')).status).toBe(404);
    const own = await stop(alert!.token, '198.51.100.4');
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ stopped: 1 });
    expect((await stop(crypto.randomUUID(), '198.51.100.4')).status).toBe(404);
    expect((await stop(crypto.randomUUID(), '198.51.100.4')).status).toBe(429);
  });
});
