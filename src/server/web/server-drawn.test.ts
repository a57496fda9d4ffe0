/**
 * Pages drawn on the server (issue 19), through the real page route and the real server build of
 * the web app, on PGlite and PostgreSQL: what the HTML holds, that outside data cannot break out of
 * the markup or the data block, that no executable inline script is written (the CSP runs none),
 * unknown products and groups drawn as 404s, and which pages are not drawn (private ones).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, collections, pricingSettings, productSizes, products } from '../db/schema/index.ts';
import type { Database } from '../db/client.ts';
import { send, signedUp } from '../test/accounts-kit.ts';
import { buildPageRenderer } from '../test/ssr-build.ts';
import { createApp } from '../app.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { createTestApp, FAKE_INDEX_HTML, type TestApp } from '../test/test-app.ts';
import { threadedRenderer } from './drawing-threads.ts';

let t: TestApp;
let renderer: Awaited<ReturnType<typeof buildPageRenderer>>['renderer'];
let removeBuild: () => Promise<void>;
let first: { id: number; name: string };

beforeAll(async () => {
  const build = await buildPageRenderer();
  renderer = build.renderer;
  removeBuild = build.remove;
  t = await createTestApp({ web: true, ssr: renderer });
  const { items } = (await (await t.get('/api/products?limit=1')).json()) as { items: { id: number; name: string }[] };
  first = items[0]!;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await removeBuild?.();
});

const page = async (path: string, status = 200) => {
  const res = await t.get(path);
  expect(res.status, path).toBe(status);
  return res.text();
};

/** The data block's JSON, as the browser reads it. */
const dataOf = (html: string) => {
  const block = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(html);
  return block ? (JSON.parse(block[1]!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[]; loaderData?: Record<string, unknown> }) : null;
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
      // Painted whole (e2e/slow-line.spec.ts): the head holds the first paint until the data block, after the root.
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toContain('<link rel="expect" href="#ssr-data" blocking="render" />');
      expect(html.match(/id="ssr-data"/g), path).toHaveLength(1);
      expect(html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-data">')), path).toMatch(/<\/div>\s*$/);
    },
  );

  it.each([
    ['/', 1],
    ['/products', 4],
  ])('%s names only its first screen’s pictures; the rest wait for the app, with a copy for a browser without JavaScript', async (path, atOnce) => {
    const root = (await page(path)).split('<div id="root">')[1]!;
    const imgsIn = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    const imgs = imgsIn(root.replace(/<noscript>[\s\S]*?<\/noscript>/g, ''));
    const later = imgs.filter((img) => img.includes('data-later'));
    // A copy is the picture itself, or a banner's <picture> with its wide source; home's grid far
    // below has its own copy, the first page of its cards.
    const copies = [...root.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].flatMap((m) => imgsIn(m[1]!).slice(0, 1));
    expect(imgs.length - later.length, path).toBe(atOnce);
    expect(later.length, path).toBeGreaterThan(2);
    for (const img of later) expect(img, path).not.toMatch(/\ssrc(set)?=/);
    expect(copies.length, path).toBe(later.length + (path === '/' ? 1 : 0));
    for (const img of copies) expect(img, path).toMatch(/\ssrc="\/images\/[^"]+\.webp"/);
  });

  it('home carries its grid’s first page for a browser without JavaScript: names, prices and links, and the answer it came from', async () => {
    const html = await page('/');
    const copies = [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((m) => m[1]!);
    const grid = copies.find((c) => c.includes('<article'))!;
    const text = grid.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    const { items } = (await (await t.get('/api/products/best-sellers?offset=0&limit=8')).json()) as { items: { id: number; name: string }[] };
    expect(items.length).toBe(8);
    for (const p of items) {
      expect(grid).toContain(`href="/product/${p.id}"`);
      expect(text).toContain(p.name);
    }
    expect(grid.match(/<article/g)?.length).toBe(8);
    expect(grid).toMatch(/₹[\d,]+/);
    // No copy inside the copy: its pictures carry their addresses.
    expect(grid).not.toContain('data-later');
    expect(dataOf(html)!.queries.map((q) => q.queryKey)).toContainEqual(['products', 'pages', 'best-sellers', 8]);
  });

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

  it('draws a list as its address filters it (issue 20), whatever the order of its choices or its stray parameters', async () => {
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-data"'));
    const html = await page('/products?utm_source=whatsapp&colour=red&fabric=silk&fabric=wool&sort=price-asc');
    expect(dataOf(html)!.queries.map((q) => q.queryKey)).toContainEqual(['products', 'list', 'newest', 'fabric=silk&colour=red&sort=price-asc']);
    const root = rootOf(html);
    expect(root).toContain('aria-label="Remove Silk"');
    expect(root).toContain('aria-label="Remove Red"');
    const { items, total } = (await (await t.get('/api/products?fabric=silk&colour=red&sort=price-asc')).json()) as { items: { name: string }[]; total: number };
    expect(root).toContain(`${total} piece`);
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
    for (const p of items) expect(root).toContain(escaped(p.name));
    // The same choices written the shop's way are the same page.
    expect(rootOf(await page('/products?fabric=silk&colour=red&sort=price-asc'))).toBe(root);
    // A search keeps its term and takes its choices too.
    const search = await page('/products?search=saree&occasion=wedding');
    expect(dataOf(search)!.queries.map((q) => q.queryKey)).toContainEqual(['products', 'search', 'saree', 'occasion=wedding']);
    expect(rootOf(search)).toContain('aria-label="Remove Wedding"');
    // Values no list holds are dropped: the plain list, drawn, with no chip.
    const hostile = rootOf(await page('/categories/sarees?fabric=%3Cscript%3Ealert(1)%3C/script%3E&size=%3Cimg%20src=x%3E'));
    expect(hostile).not.toContain('<script>alert');
    expect(hostile).not.toContain('<img src=x');
    expect(hostile).not.toContain('Filters chosen');
  });

  it('draws as many of a list’s pages as its address shows, its Load More a link to one page more (decision 0040)', async () => {
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-data"'));
    const cardsIn = (html: string) => rootOf(html).match(/<article/g)?.length ?? 0;
    const plain = await page('/products');
    expect(cardsIn(plain)).toBe(12);
    expect(rootOf(plain)).toContain('href="/products?show=24#page-2"');
    const more = await page('/products?show=24');
    expect(cardsIn(more)).toBe(24);
    expect(rootOf(more)).toContain('id="page-2"');
    expect(rootOf(more)).toContain('href="/products?show=36#page-3"');
    const list = dataOf(more)!.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(['products', 'list', 'newest', '']));
    expect((list!.state.data as { pages: unknown[] }).pages).toHaveLength(2);
    // One page for one address: another count in the same page, or stray words, is the same drawing.
    expect(rootOf(await page('/products?show=13&utm_source=x'))).toBe(rootOf(more));
    expect(cardsIn(await page('/products?show=lots'))).toBe(12);
    // The list's one address stays its canonical link, whatever it shows.
    expect(more).toMatch(/<link rel="canonical" href="http:\/\/[^"/]+\/products" \/>/);
    // A group with its choices too: the link keeps them.
    expect(rootOf(await page('/categories/sarees?sort=price-asc'))).toContain('href="/categories/sarees?sort=price-asc&amp;show=24#page-2"');
    expect(cardsIn(await page('/categories/sarees?sort=price-asc&show=24'))).toBe(24);
  });

  it('says in its head what its route read: the product the page was drawn with, priced as drawn', async () => {
    const html = await page(`/product/${first.id}`);
    const head = html.slice(0, html.indexOf('</head>'));
    const detail = dataOf(html)!.queries.find((q) => q.queryKey[1] === 'detail')!.state.data as {
      name: string;
      description: string | null;
      price: number;
      offerPrice: number | null;
      thumbnail: string | null;
      images: string[];
    };
    expect(head).toContain(`<title>${detail.name} | Vastra</title>`);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]!) as { name: string; offers: { price: string } };
    expect(ld.name).toBe(detail.name);
    expect(ld.offers.price).toBe(((detail.offerPrice ?? detail.price) / 100).toFixed(2));
    expect(head).toContain(`<meta property="og:image" content="http://localhost${detail.thumbnail ?? detail.images[0]}" />`);
    // The gallery's first picture, the page's largest paint, is asked for first.
    expect(head).toContain(`rel="preload" as="image" href="${(detail.images[0] ?? detail.thumbnail)!.replace('.webp', '-768.webp')}"`);
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

  it('a collection name made to break out stays text in the head made from the drawing', async () => {
    const hostile = `"><script>alert(1)</script> $& $' Festive`;
    await t.database.db.update(collections).set({ name: hostile }).where(eq(collections.slug, 'festive'));
    try {
      const html = await page('/collections/festive');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).not.toContain('<script>alert(1)');
      expect(head).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#39; Festive | Vastra</title>');
      expect(inlineScripts(html)).toEqual([]);
    } finally {
      await t.database.db.update(collections).set({ name: 'Festive Collection' }).where(eq(collections.slug, 'festive'));
    }
  });

  it('the Host a request names never reaches the drawn markup or its data', async () => {
    const res = await t.app.request('/products', { headers: { Host: 'evil.example' } });
    const html = await res.text();
    const drawn = html.slice(html.indexOf('<div id="root">'));
    expect(dataOf(html)).not.toBeNull();
    expect(drawn).not.toContain('evil.example');
  });

  it('names the web fonts on <html> for a browser that holds them, and for no other cookie value', async () => {
    const htmlTag = async (cookie?: string) => {
      const html = await (await t.app.request('/', cookie ? { headers: { Cookie: cookie } } : {})).text();
      expect(dataOf(html), cookie).not.toBeNull();
      return /<html[^>]*>/.exec(html)![0];
    };
    const plain = await htmlTag();
    expect(plain).not.toContain('class=');
    expect(await htmlTag('vastra_fonts=1')).toBe(plain.replace('<html', '<html class="web-fonts"'));
    for (const cookie of ['vastra_fonts=0', 'vastra_fonts=1"><script>alert(1)</script>', 'vastra_fonts=%241%26', 'VASTRA_FONTS=1', 'other=1']) {
      expect(await htmlTag(cookie), cookie).toBe(plain);
    }
  });

  it('a hostile search term is drawn as text', async () => {
    const html = await page(`/products?search=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(inlineScripts(html)).toEqual([]);
  });
});

describe('an unknown product or group: a 404 its loader decides, drawn', () => {
  const root = (html: string) => html.slice(html.indexOf('<div id="root">'));

  it.each([
    ['/product/999999', 'Product not found', 'It may have sold out or moved.'],
    ['/categories/no-such-group', 'Category not found', 'It may have been renamed or retired'],
    ['/collections/no-such-group', 'Collection not found', 'It may have been renamed or retired'],
  ])('%s is a 404 drawn with its screen’s own not-found, read once', async (path, title, text) => {
    const res = await t.get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain(`<title>${title} | Vastra</title>`);
    expect(root(html)).toContain(`>${title}</h1>`);
    expect(root(html)).toContain(text);
    expect(root(html)).not.toContain('Loading application...');
    // The browser's router starts from the loader's answer, so it takes the not-found over as drawn.
    expect(dataOf(html)).toMatchObject({ loaderData: { [path.startsWith('/product/') ? '/product/:id' : path.replace(/[^/]+$/, ':slug')]: { missing: true } } });
    expect(inlineScripts(html)).toEqual([]);
  });

  it('a path that is no screen stays the not-found the browser draws', async () => {
    expect(dataOf(await page('/no-such-screen', 404))).toBeNull();
  });

  it.each(['/cart', '/checkout', '/orders', '/login', '/admin'])('%s (private or a form) is not drawn', async (path) => {
    expect(dataOf(await page(path))).toBeNull();
  });
});

describe('a head drawn and the same head sent undrawn (shared/page-head.ts, shared/group-head.ts)', () => {
  // The same shop and database without the server build: every page goes out undrawn, its head
  // made by the page route from the catalog's own read.
  let undrawn: ReturnType<typeof createApp>;
  let webDir: string;
  beforeAll(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-undrawn-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), FAKE_INDEX_HTML);
    undrawn = createApp(t.shop, { webDir });
  });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

  /** What a link preview or a search engine reads of a page: its status, robots header and the head's lines its route says. */
  const headOf = async (app: { request(path: string): Response | Promise<Response> }, at: string) => {
    const res = await app.request(at);
    const html = await res.text();
    const said = /<title>[^<]*<\/title>|<meta (?:name="(?:description|robots|twitter:card)"|property="(?:og|product):)[^>]*>|<link rel="(?:canonical|preload)"[^>]*>|<script type="application\/ld\+json">[\s\S]*?<\/script>/g;
    const lines = html.slice(0, html.indexOf('</head>')).match(said) ?? [];
    return { drawn: dataOf(html) !== null, head: { status: res.status, robots: res.headers.get('X-Robots-Tag'), lines } };
  };
  const bothOf = async (at: string) => {
    const [one, other] = await Promise.all([headOf(t.app, at), headOf(undrawn, at)]);
    expect([one.drawn, other.drawn], at).toEqual([true, false]);
    expect(other.head, at).toEqual(one.head);
    return one.head;
  };

  it.each([
    ['a category', '/categories/silk-sarees', 200],
    ['a collection', '/collections/festive', 200],
    ['a missing product', '/product/999999', 404],
    ['a missing category', '/categories/no-such-group', 404],
    ['a missing collection', '/collections/no-such-group', 404],
  ])('%s: the same status, robots header and head', async (_, at, status) => {
    const head = await bothOf(at);
    expect(head.status).toBe(status);
    expect(head.lines[0]).toMatch(/^<title>.+ \| Vastra<\/title>$/);
    if (at === '/collections/festive') expect(head.lines).toContain('<meta property="og:image" content="http://localhost/images/collections/festive.webp" />');
  });

  it('a product: the same title, description, shared picture, offer (Open Graph and JSON-LD) and picture asked for first', async () => {
    const head = await bothOf(`/product/${first.id}`);
    expect(head.lines.filter((line) => /og:image|product:price|ld\+json|as="image"/.test(line))).toHaveLength(5);
  });

  it('the words a head falls back on: a product without a description or photos apart from its thumbnail, a group without a description', async () => {
    const [before] = await t.database.db.select().from(products).where(eq(products.id, first.id));
    const [category] = await t.database.db.select().from(categories).where(eq(categories.slug, 'silk-sarees'));
    const [collection] = await t.database.db.select().from(collections).where(eq(collections.slug, 'festive'));
    await t.database.db.update(products).set({ description: null, thumbnail: '/images/products/chosen.webp' }).where(eq(products.id, first.id));
    await t.database.db.update(categories).set({ description: null }).where(eq(categories.slug, 'silk-sarees'));
    await t.database.db.update(collections).set({ description: null }).where(eq(collections.slug, 'festive'));
    try {
      const product = await bothOf(`/product/${first.id}`);
      expect(product.lines).toContain(`<meta name="description" content="${escapeHtml(first.name)}, from Vastra." />`);
      expect(product.lines).toContain('<meta property="og:image" content="http://localhost/images/products/chosen.webp" />');
      expect((await bothOf('/categories/silk-sarees')).lines).toContain(`<meta name="description" content="${escapeHtml(category!.name)}: sarees and clothing from Vastra." />`);
      expect((await bothOf('/collections/festive')).lines).toContain(`<meta name="description" content="${escapeHtml(collection!.name)}: sarees and clothing from Vastra." />`);
    } finally {
      await t.database.db.update(products).set({ description: before!.description, thumbnail: before!.thumbnail }).where(eq(products.id, first.id));
      await t.database.db.update(categories).set({ description: category!.description }).where(eq(categories.slug, 'silk-sarees'));
      await t.database.db.update(collections).set({ description: collection!.description }).where(eq(collections.slug, 'festive'));
    }
  });
});

describe('the threads that draw (web/drawing-threads.ts)', () => {
  const detailOf = (html: string) => dataOf(html)!.queries.find((q) => q.queryKey[0] === 'products')!.state.data as { id: number; name: string };

  it('draws many pages at once, each from its own answers', async () => {
    const { items } = (await (await t.get('/api/products?limit=12')).json()) as { items: { id: number; name: string }[] };
    const drawn = await Promise.all(items.map((item) => page(`/product/${item.id}`)));
    expect(drawn.map(detailOf).map(({ id, name }) => ({ id, name }))).toEqual(items.map(({ id, name }) => ({ id, name })));
  });

  it('a thread that stopped is replaced: the next page is drawn again', async () => {
    await renderer.close();
    expect(detailOf(await page(`/product/${first.id}`)).name).toBe(first.name);
  });

  it('a new thread draws a part whose code it has not loaded yet (home’s grid) in full, the same as its next drawing', async () => {
    // A new thread: home's grid and footer are `lazy` parts, their code not yet loaded there.
    await renderer.close();
    const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-data">'));
    const firstDrawing = rootOf(await page('/'));
    expect(firstDrawing).not.toContain('<!--$!-->');
    expect(firstDrawing.match(/<article/g)?.length).toBeGreaterThanOrEqual(8);
    expect(rootOf(await page('/'))).toBe(firstDrawing);
  });

  it('a renderer that cannot be loaded sends the page undrawn, with its head, and the shop still answers', async () => {
    const broken = threadedRenderer(path.join(os.tmpdir(), `no-such-renderer-${crypto.randomUUID()}.js`));
    const shop = await createTestApp({ web: true, ssr: broken });
    try {
      const { items } = (await (await shop.get('/api/products?limit=1')).json()) as { items: { id: number; name: string }[] };
      const res = await shop.get(`/product/${items[0]!.id}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(dataOf(html)).toBeNull();
      // The page as it was before pages were drawn: the browser draws it.
      expect(html).toContain('<div id="root"><div class="app-loading" role="status">Loading application...</div></div>');
      expect(html).toMatch(/<title>[^<]+ \| Vastra<\/title>/);
      expect((await shop.get('/api/health')).status).toBe(200);
    } finally {
      await shop.close();
      await broken.close();
    }
  }, 60_000);
});

describe('pages kept in memory while the watch hears every change', () => {
  let kept: TestApp;
  let pieces: { id: number; name: string }[];
  beforeAll(async () => {
    kept = await createTestApp({ web: true, ssr: renderer, watch: true });
    const { items } = (await (await kept.get('/api/products?limit=2')).json()) as { items: { id: number; name: string }[] };
    pieces = items;
  }, 60_000);
  afterAll(() => kept?.close());

  type Detail = { name: string; sizes: { left: number | null }[] };
  const drawnProduct = async (id: number, on: Pick<TestApp, 'get'> = kept) => {
    const html = await (await on.get(`/product/${id}`)).text();
    return dataOf(html)!.queries.find((q) => q.queryKey[0] === 'products')!.state.data as Detail;
  };
  const drawnPricing = async () => {
    const html = await (await kept.get('/products')).text();
    return dataOf(html)!.queries.find((q) => q.queryKey[0] === 'pricing')!.state.data as { freeShippingThreshold: number };
  };
  /** Renamed with triggers off (replica mode): no version moves, no notification; only a kept page still shows the old name. */
  const quietRename = (db: Database['db'], id: number, name: string) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(products).set({ name }).where(eq(products.id, id));
    });

  /** Until this server has heard every catalog write made so far (on PostgreSQL a notification comes a moment after its commit). */
  const heardAll = async () => {
    const { rows } = (await kept.database.db.execute(sql`select version from catalog_version`)) as unknown as { rows: { version: number }[] };
    await expect.poll(() => kept.watch!.live()?.catalog, { timeout: 2000 }).toBe(Number(rows[0]!.version));
  };

  it('draws a page once and serves it again without drawing it, while an app without a watch draws it afresh', async () => {
    const [piece] = pieces;
    expect((await drawnProduct(piece!.id)).name).toBe(piece!.name);
    await quietRename(kept.database.db, piece!.id, 'Quietly Renamed Saree');
    expect((await drawnProduct(piece!.id)).name).toBe(piece!.name);
    const unwatched = kept.another(kept.database.db);
    expect((await drawnProduct(piece!.id, { get: (p: string) => unwatched.request(p) } as Pick<TestApp, 'get'>)).name).toBe('Quietly Renamed Saree');
    // A plain write notifies: the kept page goes, the next one is drawn with the name put back.
    await kept.database.db.update(products).set({ name: piece!.name }).where(eq(products.id, piece!.id));
    await heardAll();
    expect((await drawnProduct(piece!.id)).name).toBe(piece!.name);
  });

  it('a stock count moved anywhere (a purchase, another server) redraws that product’s page only', async () => {
    const [piece, other] = pieces;
    await heardAll();
    expect((await drawnProduct(piece!.id)).sizes.length).toBeGreaterThan(0);
    await drawnProduct(other!.id);
    await quietRename(kept.database.db, other!.id, 'Still Kept Saree');
    await kept.database.db.update(productSizes).set({ stock: 2 }).where(eq(productSizes.productId, piece!.id));
    await expect.poll(async () => (await drawnProduct(piece!.id)).sizes.map((s) => s.left), { timeout: 2000 }).toEqual((await drawnProduct(piece!.id)).sizes.map(() => 2));
    // The other product's page was not drawn again: it still shows the name from before.
    expect((await drawnProduct(other!.id)).name).toBe(other!.name);
    await kept.database.db.update(products).set({ name: other!.name }).where(eq(products.id, other!.id));
    await heardAll();
  });

  it('a kept page’s head is made from the drawing, as its body is: a view reads nothing (a product, a collection)', async () => {
    await heardAll();
    const title = async (path: string) => /<title>([^<]*)<\/title>/.exec(await (await kept.get(path)).text())?.[1];
    const [piece] = pieces;
    const productTitle = await title(`/product/${piece!.id}`);
    const collectionTitle = await title('/collections/festive');
    expect(collectionTitle).toBe('Festive Collection | Vastra');
    await quietRename(kept.database.db, piece!.id, 'Quietly Renamed Saree');
    await kept.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(collections).set({ name: 'Quietly Renamed Collection' }).where(eq(collections.slug, 'festive'));
    });
    expect(await title(`/product/${piece!.id}`)).toBe(productTitle);
    expect(await title('/collections/festive')).toBe(collectionTitle);
    await kept.database.db.update(products).set({ name: piece!.name }).where(eq(products.id, piece!.id));
    await kept.database.db.update(collections).set({ name: 'Festive Collection' }).where(eq(collections.slug, 'festive'));
    await heardAll();
  });

  it('the owner’s settings (free shipping) reach every kept page', async () => {
    const before = await drawnPricing();
    await kept.database.db.update(pricingSettings).set({ settingValue: '1234' }).where(eq(pricingSettings.settingName, 'free_shipping_threshold'));
    await expect.poll(async () => (await drawnPricing()).freeShippingThreshold, { timeout: 2000 }).toBe(123400);
    expect(before.freeShippingThreshold).not.toBe(123400);
    // Home's head, made from the settings the page was drawn with, says it too.
    const home = await (await kept.get('/')).text();
    expect(/<meta name="description" content="([^"]*)"/.exec(home)?.[1]).toContain('Free shipping over ₹1,234');
  });

  it('keeps no 404: a product that quietly appears at an address once unknown shows at once', async () => {
    await heardAll();
    const [, other] = pieces;
    const at = 900_001;
    expect((await kept.get(`/product/${at}`)).status).toBe(404);
    // Moved with triggers off: no version moves, no notification. A kept 404 would still be served.
    const move = (from: number, to: number) =>
      kept.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(products).set({ id: to }).where(eq(products.id, from));
      });
    await move(other!.id, at);
    try {
      expect((await drawnProduct(at)).name).toBe(other!.name);
    } finally {
      await move(at, other!.id);
    }
  });

  it('a like made through this server shows on its very next page', async () => {
    const shopper = await signedUp(kept, 'Asha');
    const [piece] = pieces;
    const likes = async () => ((await drawnProduct(piece!.id)) as Detail & { likeCount: number }).likeCount;
    const before = await likes();
    const res = await kept.app.request(`/api/wishlist/${piece!.id}`, { method: 'PUT', headers: { Cookie: shopper.cookie, Origin: 'http://localhost' } });
    expect(res.status).toBeLessThan(300);
    expect(await likes()).toBe(before + 1);
  });

  it('a piece only held says so on its kept page, and is redrawn sold out once paid (no count moves then: issue 53)', async () => {
    const [piece] = await kept.database.db.select({ id: products.id }).from(products).where(and(isNull(products.sizeListId), eq(products.availability, 'In Stock'))).orderBy(desc(products.id)).limit(1);
    const id = piece!.id;
    await kept.database.db.update(productSizes).set({ stock: 1 }).where(eq(productSizes.productId, id));
    const buyer = await signedUp(kept, 'Hema');
    const address = await (await send(kept, 'POST', '/api/addresses', { name: 'Hema Rao', phone: '9876543210', house: '3', street: 'Lal Bagh Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560027' }, buyer.cookie)).json();
    const quote = await (await send(kept, 'GET', `/api/checkout/quote?buyNow=${id}`, undefined, buyer.cookie)).json();
    const made = await send(kept, 'POST', '/api/checkout/orders', { addressId: address.id, buyNow: { productId: id }, expectedTotal: quote.amounts.total }, buyer.cookie);
    expect(made.status).toBe(201);
    const { orderId } = await made.json();
    const page = async () => (await kept.get(`/product/${id}`)).text();
    await expect.poll(page, { timeout: 2000 }).toContain('This piece is in someone&#x27;s cart, back in 15 minutes.');
    const success = await (await send(kept, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, buyer.cookie)).json();
    expect((await send(kept, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, buyer.cookie)).status).toBe(200);
    await expect.poll(page, { timeout: 2000 }).toContain('This piece is sold out.');
    expect(await page()).not.toContain('someone&#x27;s cart');
  });

  describe('sent as gzip, its start compressed once per kept copy', () => {
    const zipped = async (path: string, headers: Record<string, string> = {}) => {
      const res = await kept.app.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br', ...headers } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(res.headers.get('Vary')).toContain('Accept-Encoding');
      const html = zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy')!)![1]!;
      return { html, nonce };
    };
    const withoutNonce = (html: string, nonce: string) => html.replace(`nonce="${nonce}"`, 'nonce=""');

    it('is the page as it goes out uncompressed, each view with the nonce its own CSP names', async () => {
      const path = `/product/${pieces[1]!.id}`;
      const [one, two] = [await zipped(path), await zipped(path)];
      expect(one.nonce).not.toBe(two.nonce);
      for (const view of [one, two]) expect(view.html).toContain(`<meta property="csp-nonce" nonce="${view.nonce}" />`);
      const plain = await kept.app.request(path);
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      const plainNonce = /'nonce-([^']+)'/.exec(plain.headers.get('Content-Security-Policy')!)![1]!;
      expect(withoutNonce(one.html, one.nonce)).toBe(withoutNonce(await plain.text(), plainNonce));
      expect(withoutNonce(two.html, two.nonce)).toBe(withoutNonce(one.html, one.nonce));
      expect(dataOf(one.html)!.queries.map((q) => q.queryKey)).toContainEqual(['products', 'detail', String(pieces[1]!.id)]);
    });

    it('keeps each browser’s fonts and each Host’s links apart, for more Hosts than a copy keeps starts', async () => {
      const hosts = ['shop.example', 'localhost:3000', '192.168.1.20:3000', '[::1]:3000', 'vastra.local', 'a.b.example', 'c.example'];
      for (const round of [1, 2]) {
        for (const host of hosts) {
          const { html } = await zipped(`http://${host}/products`, { Host: host });
          expect(html, `${host}, round ${round}`).toContain(`<link rel="canonical" href="http://${host}/products" />`);
          for (const other of hosts.filter((h) => h !== host)) expect(html).not.toContain(`//${other}/`);
        }
      }
      const fonts = await zipped('/products', { Cookie: 'vastra_fonts=1' });
      expect(/<html[^>]*>/.exec(fonts.html)![0]).toContain('class="web-fonts"');
      expect(/<html[^>]*>/.exec((await zipped('/products')).html)![0]).not.toContain('class=');
    });

    it('goes out uncompressed to a browser that refuses gzip, and a 404 is never kept so', async () => {
      for (const encoding of ['gzip;q=0', 'identity', 'br']) {
        const res = await kept.app.request('/products', { headers: { 'Accept-Encoding': encoding } });
        expect(res.headers.get('Content-Encoding'), encoding).toBeNull();
        expect(dataOf(await res.text()), encoding).not.toBeNull();
      }
      const missing = await kept.app.request('/product/987654321', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(missing.status).toBe(404);
      expect(zlib.gunzipSync(Buffer.from(await missing.arrayBuffer())).toString('utf8')).toContain('Product not found');
    });
  });

  it('the owner’s stock count and settings, saved through this server, show on its very next page', async () => {
    const owner = await signedUp(kept, 'Meera');
    await kept.shop.owners.setOwner(owner.email, true);
    const [piece] = pieces;
    const sizes = (await drawnProduct(piece!.id)).sizes as { size: string; left: number | null }[];
    const res = await send(kept, 'POST', `/api/admin/products/${piece!.id}/stock`, { size: sizes[0]!.size, stock: 1, reason: 'corrected' }, owner.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await drawnProduct(piece!.id)).sizes[0]!.left).toBe(1);
    const settings = (await (await send(kept, 'GET', '/api/admin/settings', undefined, owner.cookie)).json()) as { freeShippingThreshold: number };
    const saved = await send(kept, 'PUT', '/api/admin/settings', { ...settings, freeShippingThreshold: 2345_00 }, owner.cookie);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await drawnPricing()).freeShippingThreshold).toBe(2345_00);
  });
});
