import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, collections, products } from '../db/schema/index.ts';
import { createCatalogService } from '../modules/catalog/catalog.service.ts';
import { unwatchedCatalog } from '../modules/catalog/catalog-watch.ts';
import { createStockService } from '../modules/stock/stock.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('robots.txt and the sitemap', () => {
  it('robots.txt allows the shop, keeps crawlers off the API and names the sitemap', async () => {
    const res = await t.app.request('http://shop.test/robots.txt');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: http://shop.test/sitemap.xml\n');
  });

  it('lists every product through an index of sitemaps', async () => {
    const index = await (await t.app.request('http://shop.test/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const maps = locs(index);
    expect(maps[0]).toBe('http://shop.test/sitemaps/pages.xml');
    const pages = locs(await (await t.app.request(maps[0]!)).text());
    const screens = ['/', '/products', '/best-seller', '/just-landed', '/categories', '/collections', '/about', '/shipping', '/faq', '/career', '/help'];
    const cats = await t.database.db.select({ slug: categories.slug }).from(categories).orderBy(categories.id);
    const cols = await t.database.db.select({ slug: collections.slug }).from(collections).orderBy(collections.id);
    expect(cats.length).toBeGreaterThan(5);
    expect(pages).toEqual(
      [...screens, ...cats.map((c) => `/categories/${c.slug}`), ...cols.map((c) => `/collections/${c.slug}`)].map(
        (p) => `http://shop.test${p}`,
      ),
    );
    expect(pages).toContain('http://shop.test/collections/festive');

    const listed = (await Promise.all(maps.slice(1).map(async (m) => locs(await (await t.app.request(m)).text())))).flat();
    const ids = await t.database.db.select({ id: products.id }).from(products).orderBy(products.id);
    expect(listed).toEqual(ids.map((r) => `http://shop.test/product/${r.id}`));
  });

  it('splits a large catalog into sitemaps that start where the last one ended', async () => {
    const catalog = createCatalogService(t.database.db, createStockService(t.database.db), unwatchedCatalog(t.database));
    const starts = await catalog.sitemapStarts(10);
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    expect(starts).toHaveLength(Math.ceil(n / 10));
    const chunks = await Promise.all(starts.map((s) => catalog.sitemapProducts(s, 10)));
    expect(chunks.flat().map((r) => r.id)).toEqual([...new Set(chunks.flat().map((r) => r.id))]);
    expect(chunks.flat()).toHaveLength(n);
  });

  it('answers an unknown sitemap with a 404', async () => {
    expect((await t.app.request('/sitemaps/products-99999999.xml')).status).toBe(404);
    expect((await t.app.request('/sitemaps/products-99999999999.xml')).status).toBe(404);
  });
});
