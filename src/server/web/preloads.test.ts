import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from './web.routes.ts';

// A stand-in for Vite's output with its manifest: home's chunk imports a shared one the entry
// already preloads, and one of its own.
let dir: string;
let app: ReturnType<typeof webApp>;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-preload-'));
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Vastra</title><link rel="modulepreload" crossorigin href="/assets/react-1.js"></head><body></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_skeletons-1.js': { file: 'assets/skeletons-1.js' },
      'routes/home.tsx': { file: 'assets/home-1.js', imports: ['index.html', '_react-1.js', '_skeletons-1.js'] },
    }),
  );
  app = webApp(dir);
});
/** Copies of the stand-in build made by withChunks, removed with it. */
const copies: string[] = [];
afterAll(() => [dir, ...copies].forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The page routes over a copy of the stand-in build whose manifest has these chunks too. */
function withChunks(chunks: Record<string, { file: string; imports?: string[]; isDynamicEntry?: boolean }>) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-preload-'));
  copies.push(copy);
  fs.cpSync(dir, copy, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8'));
  fs.writeFileSync(path.join(copy, '.vite', 'manifest.json'), JSON.stringify({ ...manifest, ...chunks }));
  return webApp(copy);
}

describe('early hints in the HTML', () => {
  it("home preloads its own chunks, not the entry's, and the first hero banner for phones and desktops", async () => {
    const html = await (await app.request('/')).text();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/skeletons-1.js" />');
    expect(html.match(/react-1\.js/g)).toHaveLength(1);
    expect(html).toMatch(/rel="preload" as="image" href="\/images\/banners\/hero-1-mobile-768\.webp"[^>]*media="\(max-width: 1023\.98px\)"/);
    expect(html).toMatch(/rel="preload" as="image" href="\/images\/banners\/hero-1-desktop-1280\.webp"[^>]*media="\(min-width: 1024px\)"/);
  });

  it('keeps the build manifest private', async () => {
    expect((await app.request('/.vite/manifest.json')).status).toBe(404);
  });

  it('marks Coming Soon screens noindex, and real screens not', async () => {
    expect(await (await app.request('/cart')).text()).toContain('<meta name="robots" content="noindex" />');
    expect(await (await app.request('/about')).text()).not.toContain('noindex');
  });

  it('serves the owner’s screens, the product editor with its id too, noindex (the app asks who is signing in)', async () => {
    for (const path of ['/admin', '/admin/products/new', '/admin/products/5', '/admin/orders', '/admin/sql']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<meta name="robots" content="noindex" />');
    }
    expect((await app.request('/admin/products/5/more')).status).toBe(404);
  });
});

describe('a product page', () => {
  it('preloads its main picture at the width the screen will pick, escaped', async () => {
    const withProduct = webApp(dir, {
      productForPage: async () => ({
        name: 'Saree',
        description: null,
        price: 100_00,
        offerPrice: null,
        availability: 'In Stock',
        thumbnail: '/images/products/thumb.webp',
        images: ['/images/products/p"1.webp'],
      }),
      groupForPage: async () => null,
    });
    const html = await (await withProduct.request('/product/1')).text();
    expect(html).toContain('<link rel="preload" as="image" href="/images/products/p&quot;1-768.webp"');
    expect(html).toContain('imagesizes="(min-width: 1024px) 560px, 100vw"');
  });
});

describe('the query client', () => {
  it('is hinted on every page: at full priority where the screen waits for it, low where it draws first', async () => {
    const app = withChunks({
      'lib/query-client.ts': { file: 'assets/query-client-1.js', imports: ['_react-1.js'], isDynamicEntry: true },
      'routes/products.tsx': { file: 'assets/products-1.js', imports: ['index.html'] },
    });
    const products = await (await app.request('/products')).text();
    expect(products).toContain('<link rel="modulepreload" crossorigin href="/assets/query-client-1.js" />');
    expect(products).toContain('<link rel="modulepreload" crossorigin href="/assets/products-1.js" />');
    const home = await (await app.request('/')).text();
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/query-client-1.js" fetchpriority="low" />');
  });
});

describe("React's DOM renderer", () => {
  it('is hinted first and at full priority on every page, known or not: the entry asks for it as soon as its own code has run', async () => {
    const app = withChunks({
      'drawing/react-dom-client.ts': { file: 'assets/react-dom-client-1.js', imports: ['_react-dom-1.js'], isDynamicEntry: true },
      '_react-dom-1.js': { file: 'assets/react-dom-1.js', imports: ['_react-1.js'] },
    });
    for (const at of ['/', '/products', '/product/1', '/login', '/no-such-page']) {
      const html = await (await app.request(at)).text();
      const hints = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      const own = hints.filter((h) => !h.includes('react-1.js'));
      expect(own.slice(0, 2), at).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/react-dom-client-1.js" />',
        '<link rel="modulepreload" crossorigin href="/assets/react-dom-1.js" />',
      ]);
    }
  });
});

describe('a page drawn on the server', () => {
  // Vite's index.html as built: the entry script, its hints, and the root's placeholder.
  let built: string;
  beforeAll(() => {
    built = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-boot-'));
    fs.mkdirSync(path.join(built, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(built, 'index.html'),
      `<!doctype html><html><head><title>Vastra</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"><div class="app-loading" role="status">Loading application...</div></div></body></html>`,
    );
    fs.writeFileSync(
      path.join(built, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
        'drawing/boot.ts': { file: 'assets/boot-1.js', isEntry: true },
        '_react-1.js': { file: 'assets/react-1.js' },
        'routes/home.tsx': { file: 'assets/home-1.js', imports: ['index.html', '_react-1.js'] },
      }),
    );
  });
  afterAll(() => fs.rmSync(built, { recursive: true, force: true }));

  const drawn = { html: '<main>Drawn</main>', data: '{"queries":[]}', head: { title: 'Vastra', description: 'A shop.' }, status: 200 as const };
  const draw = async (pathAndQuery: string) => (pathAndQuery.startsWith('/login') ? null : drawn);

  it('asks for its code only through the boot script, which names the entry and every module the page would have hinted', async () => {
    const html = await (await webApp(built, undefined, undefined, draw).request('/')).text();
    expect(html).toContain('<main>Drawn</main>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin src="/assets/boot-1.js"></script>');
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('index-1.js');
    // The stylesheet and the hero's picture still start at once.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(head).toMatch(/rel="preload" as="image" href="\/images\/banners\/hero-1-mobile-768\.webp"/);
    const block = /<script type="application\/json" id="app-boot">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block!)).toEqual({ entry: '/assets/index-1.js', modules: ['/assets/react-1.js', '/assets/home-1.js'] });
  });

  it('takes its head from its route, as drawn: the page route reads nothing for it', async () => {
    const unread = () => Promise.reject(new Error('read again for the head'));
    const sources = { productForPage: unread, groupForPage: unread, pricing: unread };
    const product = {
      ...drawn,
      head: {
        title: 'Ruby Silk Saree | Vastra',
        description: 'Handwoven in Kanchipuram.',
        image: '/images/products/ruby-1.webp',
        picture: '/images/products/ruby-2.webp',
        product: { name: 'Ruby Silk Saree', price: 18_999_00, offerPrice: 15_499_00, availability: 'In Stock' as const },
      },
    };
    const missing = { ...drawn, head: { title: 'Product not found | Vastra', description: 'A shop.' }, status: 404 as const };
    const draws = async (at: string) => (at === '/product/5' ? product : missing);
    const routes = webApp(built, sources, 'https://vastra.example', draws);
    const res = await routes.request('/product/5');
    expect(res.status).toBe(200);
    const head = (await res.text()).split('</head>')[0]!;
    expect(head).toContain('<title>Ruby Silk Saree | Vastra</title>');
    expect(head).toContain('<meta name="description" content="Handwoven in Kanchipuram." />');
    expect(head).toContain('<link rel="canonical" href="https://vastra.example/product/5" />');
    expect(head).toContain('<meta property="og:image" content="https://vastra.example/images/products/ruby-1.webp" />');
    expect(head).toContain('<meta property="product:price:amount" content="15499.00" />');
    expect(head).toContain('"price":"15499.00"');
    // The picture the page shows first is the one asked for first.
    expect(head).toMatch(/rel="preload" as="image" href="\/images\/products\/ruby-2-768\.webp"/);
    const gone = await routes.request('/product/6');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('X-Robots-Tag')).toBe('noindex');
    const goneHead = (await gone.text()).split('</head>')[0]!;
    expect(goneHead).toContain('<title>Product not found | Vastra</title>');
    expect(goneHead).not.toContain('as="image"');
  });

  it('a page not drawn starts its app at once, as built', async () => {
    const html = await (await webApp(built, undefined, undefined, draw).request('/login')).text();
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js">');
    expect(html).not.toContain('boot-1.js');
    expect(html).not.toContain('id="app-boot"');
  });
});
