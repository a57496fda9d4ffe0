import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from './web.routes.ts';

// A stand-in for Vite's output: the routes only care about file names.
const HOSTILE = 'Saree </script><script>alert(1)</script> "quoted" \'single\'';
let dir: string;
let app: ReturnType<typeof webApp>;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Vastra</title><meta name="description" content="built" /></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), 'brotli-bytes');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  // Product 7 has a hostile name; product 8 does not exist.
  app = webApp(dir, {
    productForPage: async (id) =>
      id === 7
        ? { name: HOSTILE, description: 'A "silk" saree & more', price: 18_999_00, offerPrice: 15_499_00, availability: 'In Stock', thumbnail: '/images/products/p7-1.webp', images: [] }
        : null,
    groupForPage: async () => null,
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('serving the web app', () => {
  it('serves screens with the app and no caching', async () => {
    for (const p of ['/', '/products']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('names the web fonts on a page the browser draws too, when its cookie says the browser holds them', async () => {
    expect(await (await app.request('/cart', { headers: { Cookie: 'vastra_fonts=1' } })).text()).toContain('<html class="web-fonts">');
    expect(await (await app.request('/cart', { headers: { Cookie: 'vastra_fonts=$&' } })).text()).toContain('<html>');
  });

  it('serves unknown paths with the app (its not-found screen), status 404 and noindex', async () => {
    const res = await app.request('/no-such-page');
    expect(res.status).toBe(404);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('writes the product into the head: title, description, canonical, Open Graph and JSON-LD, escaped', async () => {
    const res = await app.request('http://shop.test/product/7');
    const html = await res.text();
    expect(html).not.toContain('<title>Vastra</title>');
    expect(html).not.toContain('content="built"');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>Saree &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &#39;single&#39; | Vastra</title>');
    expect(html).toContain('<meta name="description" content="A &quot;silk&quot; saree &amp; more" />');
    expect(html).toContain('<link rel="canonical" href="http://shop.test/product/7" />');
    expect(html).toContain('<meta property="og:image" content="http://shop.test/images/products/p7-1.webp" />');
    expect(html).toContain('<meta property="product:price:amount" content="15499.00" />');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(ld).not.toContain('<');
    expect(JSON.parse(ld)).toMatchObject({
      '@type': 'Product',
      name: HOSTILE,
      offers: { priceCurrency: 'INR', price: '15499.00', availability: 'https://schema.org/InStock' },
    });
    // The whole document still has exactly the scripts it should: the hostile name made none.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('gives screens fitting titles', async () => {
    expect(await (await app.request('/products')).text()).toContain('<title>Sarees &amp; Clothing | Vastra</title>');
    expect(await (await app.request('/products?search=%3Cb%3Esilk')).text()).toContain('<title>Search results for “&lt;b&gt;silk” | Vastra</title>');
    expect(await (await app.request('/nope')).text()).toContain('<title>Page not found | Vastra</title>');
  });

  it.each([
    ['/best-seller', 'Best Seller'],
    ['/just-landed', 'Just Landed'],
    ['/categories', 'Categories'],
    ['/collections', 'Collections'],
    ['/career', 'Career'],
    ['/help', 'Help &amp; Support'],
  ])('serves %s with 200, its own title and description', async (p, title) => {
    const res = await app.request(`http://shop.test${p}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${title} | Vastra</title>`);
    expect(html).toContain(`<link rel="canonical" href="http://shop.test${p}" />`);
    expect(html).not.toContain('weaving towns. Free shipping'); // each has its own description
  });

  it('serves an existing product with 200 and a missing or malformed one with 404', async () => {
    expect((await app.request('/product/7')).status).toBe(200);
    expect((await app.request('/product/8')).status).toBe(404);
    expect((await app.request('/product/abc')).status).toBe(404);
    expect((await app.request('/product/99999999999')).status).toBe(404);
  });

  it('caches hashed assets for a year and serves them precompressed', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('Content-Encoding')).toBe('br');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const res = await app.request('/assets/gone-123.js');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
  });

  it('does not serve files outside its folder', async () => {
    const res = await app.request('/..%2F..%2Fetc%2Fpasswd');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('root:');
  });

  it('serves other public files with a day of caching', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=86400');
  });
});
