/**
 * The bad-input sweep of the pages, as an attacker would send it: replacement patterns in the path,
 * the search, a product's and a category's name, and the Host header; over-long addresses; Host
 * headers no URL can hold; other spellings of a page's address. Whatever comes in, a page has one
 * head, shows none of the attacker's words, stays small, and never answers 500.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { categories, products } from '../db/schema/index.ts';
import { MAX_TARGET_LENGTH } from '../http/request-guards.ts';
import { onSocket, rawRequest } from '../test/raw-http.ts';
import { createTestApp, FAKE_INDEX_HTML, type TestApp } from '../test/test-app.ts';

const MARKER = 'Store closed. Pay by UPI to 98765 43210';
/** Every replacement pattern String.replace knows, each followed by the attacker's words. */
const PATTERNS = ['$`', '$&', "$'", '$$', '$1', '$<x>'].map((p) => `${p}${MARKER}`);
/** A page is the template plus a head of a few KB, whatever the request. */
const MAX_PAGE = FAKE_INDEX_HTML.length + 8 * 1024;

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  const [p] = await t.database.db.select({ id: products.id }).from(products).limit(1);
  productId = p!.id;
  const hostile = PATTERNS.join(' ');
  await t.database.db.update(products).set({ name: `Silk ${hostile}`, description: hostile }).where(eq(products.id, productId));
  await t.database.db.update(categories).set({ name: `Silk ${hostile}`, description: hostile }).where(eq(categories.slug, 'silk-sarees'));
});
afterAll(() => t.close());

const get = (target: string, headers: Record<string, string> = {}) => t.app.request(`http://shop.test${target}`, { headers });

function expectOnePageHead(html: string, target: string) {
  expect(html.match(/<head>/g), target).toHaveLength(1);
  expect(html.match(/<\/head>/g), target).toHaveLength(1);
  expect(html.match(/<title>/g), target).toHaveLength(1);
  expect(html.match(/<body>/g), target).toHaveLength(1);
  // The words may sit, escaped, in the head's title and tags; never in what the page shows.
  expect(html.slice(html.indexOf('</head>')), target).not.toContain('Store closed');
  expect(html.length, target).toBeLessThan(MAX_PAGE);
}

describe('replacement patterns never copy the page into itself', () => {
  const targets = () => [
    ...PATTERNS.map((p) => `/x${encodeURIComponent(p)}`),
    ...PATTERNS.map((p) => `/x${p.replace(/ /g, '%20')}`),
    ...PATTERNS.map((p) => `/products?search=${encodeURIComponent(p)}`),
    `/product/${productId}`,
    '/categories/silk-sarees',
  ];

  it('in the path, the search, a product name and a category name', async () => {
    for (const target of targets()) {
      const res = await get(target);
      expect(res.status, target).toBeLessThan(500);
      expectOnePageHead(await res.text(), target);
    }
  });

  it('keeps the product name intact, escaped, in the title', async () => {
    const html = await (await get(`/product/${productId}`)).text();
    expect(html).toContain(`<title>Silk ${PATTERNS[0]!.replace(/&/g, '&amp;')}`);
  });
});

describe('one request is bounded work', () => {
  it('answers a long path with a small page, and an over-long one with 414', async () => {
    const near = `/${'$%60'.repeat(Math.floor((MAX_TARGET_LENGTH - 10) / 4))}`;
    const res = await get(near);
    expect(res.status).toBe(404);
    expectOnePageHead(await res.text(), near);
    for (const target of [`/${'a'.repeat(MAX_TARGET_LENGTH)}`, `/${'$%60'.repeat(4096)}`, `/products?search=${'saree'.repeat(4000)}`]) {
      const long = await get(target);
      expect(long.status).toBe(414);
      expect(await long.json()).toEqual({ code: 'uri_too_long', message: 'This address is too long.' });
    }
  });

  it('never gzips for a client that refuses it', async () => {
    for (const encoding of ['gzip;q=0', 'gzip; q=0, identity', 'br', 'identity', '*;q=0']) {
      const res = await get('/products', { 'Accept-Encoding': encoding });
      expect(res.headers.get('Content-Encoding'), encoding).toBeNull();
      expect(res.headers.get('Vary'), encoding).toContain('Accept-Encoding');
      expect(await res.text()).toContain('<div id="root">');
    }
    // A page of more than 1 KB, for a client that takes gzip second to brotli.
    expect((await get(`/product/${productId}`, { 'Accept-Encoding': 'br;q=1, gzip;q=0.5' })).headers.get('Content-Encoding')).toBe('gzip');
  });
});

describe('one address per page', () => {
  it.each([
    ['/products/', '/products'],
    ['/products//?search=silk', '/products?search=silk'],
    ['/product/01', '/product/1'],
    ['/product/0001/', '/product/1'],
    ['/categories/silk-sarees/', '/categories/silk-sarees'],
    ['/about/', '/about'],
  ])('sends %s to %s', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe(to);
  });

  it.each(['//evil.example/', '/%2F%2Fevil.example/', '/\\evil.example/', '/product/0', '/product/00', '/product/1x', '/product/99999999999', '/product/+1', '/product/1e3'])(
    'never redirects %s elsewhere: it is no page (404)',
    async (target) => {
      const res = await get(target);
      expect(res.status).toBe(404);
      expect(res.headers.get('Location')).toBeNull();
    },
  );
});

describe('the Host header', () => {
  const BAD_HOSTS = [
    '999.999.999.999',
    'xn--',
    'xn--a',
    'localhost:99999',
    'localhost:0x50',
    '-shop.example',
    'shop..example',
    'user@shop.example',
    'shop.example/x',
    '[::1',
    `${'a'.repeat(64)}.example`,
    'a'.repeat(300),
    // The replacement patterns, where a Host could have carried them into every link.
    'shop$`.example',
    'shop$&.example',
    "shop$'.example",
    `shop.example/${MARKER}`,
  ];
  const PATHS = ['/', '/products', `/product/1`, '/robots.txt', '/sitemap.xml', '/sitemaps/pages.xml', '/api/products', '/images/x.webp', '/nope'];

  it('answers a malformed Host with 400 on every route, and nothing reaches the log', async () => {
    const logged = vi.spyOn(console, 'error');
    const server = await onSocket(t.app.fetch);
    try {
      for (const host of BAD_HOSTS) {
        for (const path of PATHS) {
          const res = await rawRequest(server.port, 'GET', path, { Host: host });
          expect(res.status, `${host} ${path}`).toBe(400);
        }
      }
    } finally {
      await server.close();
    }
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it('without PUBLIC_URL, links follow a valid Host and nothing naming it is cached publicly', async () => {
    const server = await onSocket(t.app.fetch);
    try {
      const robots = await rawRequest(server.port, 'GET', '/robots.txt', { Host: 'other.example:8080' });
      expect(robots.status).toBe(200);
      expect(robots.body).toContain('Sitemap: http://other.example:8080/sitemap.xml');
      expect(robots.headers['cache-control']).toBe('no-cache, private');
      const map = await rawRequest(server.port, 'GET', '/sitemaps/pages.xml', { Host: 'other.example' });
      expect(map.headers['cache-control']).toBe('no-cache, private');
    } finally {
      await server.close();
    }
  });

  it('with PUBLIC_URL, no answer names the Host, and robots.txt and the sitemaps may be cached', async () => {
    const shop = await createTestApp({ web: true, publicUrl: 'https://vastra.example' });
    const server = await onSocket(shop.app.fetch);
    try {
      const pages = ['/', `/product/${productId}`, '/categories/silk-sarees', '/robots.txt', '/sitemap.xml', '/sitemaps/pages.xml', '/nope'];
      for (const path of pages) {
        const res = await rawRequest(server.port, 'GET', path, { Host: 'attacker.example' });
        expect(res.status, path).toBeLessThan(500);
        expect(res.body, path).not.toContain('attacker.example');
        expect(res.body, path).toContain('https://vastra.example');
      }
      const robots = await rawRequest(server.port, 'GET', '/robots.txt', { Host: 'attacker.example' });
      expect(robots.headers['cache-control']).toBe('public, max-age=86400');
      const page = await (await shop.app.request('http://attacker.example/about')).text();
      expect(page).toContain('<link rel="canonical" href="https://vastra.example/about" />');
    } finally {
      await server.close();
      await shop.close();
    }
  });
});
