/**
 * Category and collection pages through the whole app and a real database: a group that exists is
 * served with its name and description in the head; any other slug is the not-found screen with 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugParam } from '../../shared/catalog.contract.ts';
import { groupOfPath } from '../../shared/routes.ts';
import { createApp } from '../app.ts';
import { composeShop } from '../compose.ts';
import { categories } from '../db/schema/index.ts';
import { createTestApp, type TestApp, TEST_AUTH_SECRET } from '../test/test-app.ts';

let t: TestApp;
let app: ReturnType<typeof createApp>;
let webDir: string;
beforeAll(async () => {
  t = await createTestApp();
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Vastra</title></head><body><div id="root"></div></body></html>');
  app = createApp(composeShop({ db: t.database.db, config: { imagesDir: webDir, authSecret: TEST_AUTH_SECRET } }), { webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const page = async (p: string) => {
  const res = await app.request(`http://shop.test${p}`);
  return { status: res.status, robots: res.headers.get('X-Robots-Tag'), html: await res.text() };
};

describe('category and collection pages', () => {
  it('serves a category with its name and description in the head', async () => {
    const [silk] = await t.database.db.select().from(categories).where(eq(categories.slug, 'silk-sarees'));
    const { status, robots, html } = await page('/categories/silk-sarees');
    expect(status).toBe(200);
    expect(robots).toBeNull();
    expect(html).toContain(`<title>${silk!.name} | Vastra</title>`);
    expect(html).toContain('<meta name="description" content="');
    expect(html).toContain('<link rel="canonical" href="http://shop.test/categories/silk-sarees" />');
    expect(html).not.toContain('og:image');
  });

  it('serves a collection with its poster as the shared picture', async () => {
    const { status, html } = await page('/collections/festive');
    expect(status).toBe(200);
    expect(html).toContain('<title>Festive Collection | Vastra</title>');
    expect(html).toContain('<meta property="og:image" content="http://shop.test/images/collections/festive.webp" />');
    // One URL per page: a trailing slash is sent to it.
    const slashed = await app.request('http://shop.test/collections/festive/');
    expect(slashed.status).toBe(301);
    expect(slashed.headers.get('Location')).toBe('/collections/festive');
  });

  it.each([
    ['/categories/no-such-thing', 'Category not found'],
    ['/collections/no-such-thing', 'Collection not found'],
    ['/categories/festive', 'Category not found'],
    ['/collections/Festive', 'Page not found'],
    ['/collections/a.b', 'Page not found'],
    ['/categories/sarees/extra', 'Page not found'],
  ])(
    'answers %s with the not-found screen (%s), 404 and noindex',
    async (p, title) => {
      const { status, robots, html } = await page(p);
      expect(status).toBe(404);
      expect(robots).toBe('noindex');
      expect(html).toContain(`<title>${title} | Vastra</title>`);
      expect(html).toContain('<div id="root">');
    },
  );

  it("matches group paths exactly as the API's slug rule does", () => {
    for (const slug of ['festive', 'party-wear', 'a1', 'Festive', 'a_b', 'a.b', '', 'x'.repeat(80), 'x'.repeat(81), 'é']) {
      expect(groupOfPath(`/collections/${slug}`) !== null, slug).toBe(slugParam.safeParse(slug).success);
    }
  });
});
