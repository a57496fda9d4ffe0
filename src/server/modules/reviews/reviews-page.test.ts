/**
 * The product page's reviews drawn on the server (issue 51), with the very build `npm start` serves:
 * the figures and the first reviews in the markup, the writer named by first name and initial, a
 * hostile title kept as text in the markup and in the JSON-LD, and `aggregateRating` only on a page
 * that shows reviews.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../test/accounts-kit.ts';
import { startParcelShop, type ParcelShop } from '../../test/parcels-kit.ts';
import { returnsKit } from '../../test/returns-kit.ts';
import { buildPageRenderer } from '../../test/ssr-build.ts';

let shop: ParcelShop;
let kurtas: { id: number };
let removeBuild: () => Promise<void>;
const statements: string[] = [];
beforeAll(async () => {
  const build = await buildPageRenderer();
  removeBuild = build.remove;
  shop = await startParcelShop({ web: true, ssr: build.renderer, logQuery: (query) => statements.push(query) });
  const groups = await (await send(shop.t, 'GET', '/api/admin/products/groups', undefined, shop.owner.cookie)).json();
  kurtas = groups.sizeLists.find((l: { name: string }) => l.name === 'Kurtas and suits');
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await removeBuild?.();
});
const k = returnsKit(
  () => shop,
  () => kurtas,
);

const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
const drawn = async (id: number) => {
  const res = await Promise.resolve(shop.t.app.request(`/product/${id}`));
  expect(res.status).toBe(200);
  return res.text();
};

describe("a product page's reviews, drawn on the server", () => {
  it('rates the product in JSON-LD only with reviews on the page, and keeps a hostile title as text', async () => {
    const id = await k.kurta({ M: 5 });
    const before = await drawn(id);
    expect(jsonLd(before).aggregateRating).toBeUndefined();
    expect(before).toContain('No reviews yet.');

    await k.deliveredOrder(id, 'M');
    const title = '</script><script>alert(1)</script>';
    const res = await send(shop.t, 'POST', '/api/reviews', { productId: id, rating: 5, title, text: 'Drapes well & the <b>zari</b> holds.', fit: 'true' }, k.shopperCookie());
    expect(res.status, await res.clone().text()).toBe(201);

    const html = await drawn(id);
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-data"'));
    const { firstName, lastName, email } = shop.shopper.s;
    expect(root).toContain(`${firstName} ${lastName[0]}.`);
    expect(root).toContain('Verified purchase');
    expect(root).toContain('Size bought: M');
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(root).toContain('Drapes well &amp; the &lt;b&gt;zari&lt;/b&gt; holds.');
    expect(html).not.toContain(email);
    expect(html).not.toContain('<script>alert(1)</script>');
    const ld = jsonLd(html);
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '5.0', reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([
      expect.objectContaining({ '@type': 'Review', author: { '@type': 'Person', name: `${firstName} ${lastName[0]}.` }, name: title, reviewBody: 'Drapes well & the <b>zari</b> holds.' }),
    ]);
  });

  it('asks the database nothing about reviews to draw a product without them, once it knows which have some', async () => {
    const id = await k.kurta({ M: 5 });
    await drawn(id);
    statements.length = 0;
    const html = await drawn(id);
    expect(html).toContain('No reviews yet.');
    expect(statements.filter((s) => /from "(reviews|review_photos)"|where "products"\."review_count" > 0/.test(s))).toEqual([]);
    // The page's data takes over no reviews' answer: there is none to show.
    expect(html.slice(html.indexOf('id="ssr-data"'))).not.toContain('"products","reviews"');
  });
});
