/**
 * Pages drawn on the server (issue 19), through the real page route and the real server build of
 * the web app, on PGlite and PostgreSQL: what the HTML holds, that outside data cannot break out of
 * the markup or the data block, that no executable inline script is written (the CSP runs none),
 * and which pages are not drawn (unknown ones, private ones).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/index.ts';
import { signedUp } from '../test/accounts-kit.ts';
import { buildPageRenderer } from '../test/ssr-build.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let removeBuild: () => void;
let first: { id: number; name: string };

beforeAll(async () => {
  const { renderer, remove } = await buildPageRenderer();
  removeBuild = remove;
  t = await createTestApp({ web: true, ssr: renderer });
  const { items } = (await (await t.get('/api/products?limit=1')).json()) as { items: { id: number; name: string }[] };
  first = items[0]!;
}, 120_000);
afterAll(async () => {
  await t?.close();
  removeBuild?.();
});

const page = async (path: string, status = 200) => {
  const res = await t.get(path);
  expect(res.status, path).toBe(status);
  return res.text();
};

/** The data block's JSON, as the browser reads it. */
const dataOf = (html: string) => {
  const block = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }) : null;
};

/** Every <script> is a file, data, or JSON-LD: nothing the page's CSP would have to run inline. */
const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g)].map((m) => m[0]);

describe('a drawn page', () => {
  it('holds the product, its price and the answers it was drawn from', async () => {
    const html = await page(`/product/${first.id}`);
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(first.name);
    expect(root).toMatch(/₹[\d,]+/);
    expect(root).not.toContain('Loading application...');
    const keys = dataOf(html)!.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['products', 'detail', String(first.id)]);
    expect(keys).toContainEqual(['pricing']);
    expect(inlineScripts(html)).toEqual([]);
  });

  it.each(['/', '/products', '/products?search=silk', '/best-seller', '/just-landed', '/categories', '/categories/sarees', '/collections', '/collections/festive', '/about', '/faq'])(
    '%s is drawn, with no inline script',
    async (path) => {
      const html = await page(path);
      expect(dataOf(html), path).not.toBeNull();
      expect(inlineScripts(html), path).toEqual([]);
    },
  );

  it('carries no style attribute its CSP does not name by hash (the gallery zoom at rest is drawn)', async () => {
    for (const path of [`/product/${first.id}`, '/', '/products', '/faq']) {
      const res = await t.get(path);
      const html = await res.text();
      const allowed = /style-src-attr ([^;]*)/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1] ?? '';
      const styles = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
      for (const style of styles) expect(allowed, `${path}: style="${style}"`).toContain(`'sha256-${crypto.createHash('sha256').update(style).digest('base64')}'`);
      if (path.startsWith('/product/')) expect(html).toContain('react-transform-component');
    }
  });

  it('never carries a shopper’s answers, even for a signed-in request', async () => {
    const shopper = await signedUp(t, 'Meera');
    const html = await (await t.app.request('/products', { headers: { Cookie: shopper.cookie } })).text();
    const keys = dataOf(html)!.queries.map((q) => String(q.queryKey[0]));
    expect(keys.every((k) => ['products', 'pricing', 'categories', 'collections'].includes(k))).toBe(true);
  });
});

describe('outside data in a drawn page', () => {
  it('a product name made to break out stays text, in the markup and in the data block', async () => {
    const hostile = `</script><script>alert(1)</script><img src=x onerror=alert(2)> $& $' $\` Saree`;
    await t.database.db.update(products).set({ name: hostile }).where(eq(products.id, first.id));
    try {
      const html = await page(`/product/${first.id}`);
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<img src=x');
      expect(inlineScripts(html)).toEqual([]);
      const detail = dataOf(html)!.queries.find((q) => q.queryKey[1] === 'detail')!.state.data as { name: string };
      expect(detail.name).toBe(hostile);
      // The replacement patterns were not expanded: the page holds the name once in the body, as written.
      expect(html).toContain('$&amp; $&#x27; $` Saree');
    } finally {
      await t.database.db.update(products).set({ name: first.name }).where(eq(products.id, first.id));
    }
  });

  it('the Host a request names never reaches the drawn markup or its data', async () => {
    const res = await t.app.request('/products', { headers: { Host: 'evil.example' } });
    const html = await res.text();
    const drawn = html.slice(html.indexOf('<div id="root">'));
    expect(dataOf(html)).not.toBeNull();
    expect(drawn).not.toContain('evil.example');
  });

  it('a hostile search term is drawn as text', async () => {
    const html = await page(`/products?search=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(inlineScripts(html)).toEqual([]);
  });
});

describe('pages not drawn', () => {
  it('an unknown product is the 404 as before, left to the browser', async () => {
    const html = await page('/product/999999', 404);
    expect(dataOf(html)).toBeNull();
  });

  it('an unknown category is a 404, not drawn', async () => {
    expect(dataOf(await page('/categories/no-such-group', 404))).toBeNull();
  });

  it.each(['/cart', '/checkout', '/orders', '/login', '/admin'])('%s (private or a form) is not drawn', async (path) => {
    expect(dataOf(await page(path))).toBeNull();
  });
});
