/**
 * The tracking page drawn on the server (issue 48), through the real page route and the server build
 * of the web app, on PGlite and PostgreSQL: the look-up drawn with its timeline; a wrong one drawn as
 * a 404 with its message, counted against the shopper's own address even though the server asked the
 * API for them; a found page kept in memory until its parcel moves; hostile input drawn harmless.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/orders.ts';
import { TRACK_NOT_FOUND } from '../../../shared/track-query.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import { send } from '../../test/accounts-kit.ts';
import { startParcelShop, type ParcelShop } from '../../test/parcels-kit.ts';
import { buildPageRenderer } from '../../test/ssr-build.ts';

let p: ParcelShop;
let removeBuild: () => Promise<void>;
let orderNumber: string;
let awb: string;

beforeAll(async () => {
  const build = await buildPageRenderer();
  removeBuild = build.remove;
  p = await startParcelShop({ web: true, ssr: build.renderer, watch: true });
  const id = await p.paidOrder();
  expect((await p.book(id)).status).toBe(200);
  awb = await p.awbOf(id);
  await p.scan(awb);
  orderNumber = ((await (await send(p.t, 'GET', '/api/orders', undefined, p.shopper.s.cookie)).json()).items as Order[]).find((o) => o.id === id)!.orderNumber;
}, 180_000);
afterAll(async () => {
  await p?.close();
  await removeBuild?.();
});

const page = (query: string, from: string) => p.t.app.request(`/track${query}`, { headers: { 'x-forwarded-for': from } });
const root = (html: string) => html.slice(html.indexOf('<div id="root">'));

describe('/track drawn on the server', () => {
  it('draws the look-up with its timeline and never the address or the name', async () => {
    const res = await page(`?order=${orderNumber.toLowerCase()}&pin=570001`, '198.51.100.1');
    expect(res.status).toBe(200);
    const html = root(await res.text());
    expect(html).toMatch(new RegExp(`Order (<!-- -->)?${orderNumber}`));
    expect(html).toContain(awb);
    expect(html).toContain('Picked up by the courier');
    for (const secret of ['Kavya', 'Temple Street', p.shopper.s.email]) expect(html).not.toContain(secret);
  });

  it('draws a wrong look-up as a 404 with its message, counted against the shopper’s own address', async () => {
    const from = '198.51.100.2';
    for (let i = 0; i < 10; i++) {
      const res = await page(`?order=${orderNumber}&pin=56000${i}`, from);
      expect(res.status).toBe(404);
      expect(root(await res.text())).toContain(escapeHtml(TRACK_NOT_FOUND));
    }
    // The page's look-ups were this address's: the API now refuses it, and only it.
    const api = (who: string) => send(p.t, 'GET', `/api/track?order=${orderNumber}&pin=570001`, undefined, undefined, { 'x-forwarded-for': who });
    expect((await api(from)).status).toBe(429);
    expect((await api('198.51.100.3')).status).toBe(200);
  });

  it('keeps a found page until its parcel moves', async () => {
    const from = '198.51.100.4';
    const first = root(await (await page(`?order=${orderNumber}&pin=570001`, from)).text());
    expect(first).toContain('Picked up by the courier');
    await p.scan(awb); // in transit
    // The trigger's NOTIFY reaches the watch: the kept copy goes, the next view is drawn anew.
    await expect.poll(async () => root(await (await page(`?order=${orderNumber}&pin=570001`, from)).text()), { timeout: 5_000 }).toContain('On its way');
  });

  it.each(['?order=<script>alert(1)</script>&pin=570001', '?order=VA100001&pin="><img src=x>', '?order=%00&pin=%E0%A4'])('draws hostile input %s as the plain form', async (query) => {
    const res = await page(query, '198.51.100.5');
    expect(res.status).toBe(200);
    const html = root(await res.text());
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x>');
    expect(html).toContain('Track parcel');
  });
});
