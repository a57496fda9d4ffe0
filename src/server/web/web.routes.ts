/**
 * Serves the built web app: hashed assets cached for a year, the HTML never cached, each file
 * precompressed at build time (brotli, gzip) so no request pays for compression.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { cacheFor } from '../http/cache.ts';
import type { Availability } from '../../shared/catalog.ts';
import { isScreenPath, productIdOfPath } from '../../shared/routes.ts';
import { withHead, type PageMeta } from './page-meta.ts';

const YEAR = 'public, max-age=31536000, immutable';
const DEFAULT_DESCRIPTION =
  "Handwoven silk and cotton sarees, kurtas, lehengas and dupattas from India's weaving towns. Free shipping over ₹999, secure payments, ships across India.";

const TITLES: Record<string, string> = {
  '/products': 'Sarees & Clothing',
  '/about': 'About Us',
  '/shipping': 'Shipping & Return Policy',
  '/faq': 'Frequently Asked Questions',
};

function screenMeta(path: string, search: string | undefined, url: string): PageMeta {
  const term = search?.trim();
  if (path.startsWith('/products') && term) {
    return { title: `Search results for “${term.slice(0, 100)}” | Vastra`, description: DEFAULT_DESCRIPTION, url };
  }
  const titled = TITLES[path.replace(/\/+$/, '')];
  if (titled) return { title: `${titled} | Vastra`, description: DEFAULT_DESCRIPTION, url };
  return { title: 'Vastra · Sarees and clothing, handpicked across India', description: DEFAULT_DESCRIPTION, url };
}

/** What a product page's head needs; null when there is no such product (a real 404). */
export type ProductForPage = (id: number) => Promise<
  { name: string; description: string | null; price: number; offerPrice: number | null; availability: Availability; image: string | null } | null
>;

export function webRoutes(webDir: string, productForPage: ProductForPage = async () => null, publicUrl?: string) {
  const app = new Hono();
  const indexFile = path.join(webDir, 'index.html');
  const html = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const root = path.relative(process.cwd(), webDir) || '.';

  app.get('/assets/*', cacheFor(YEAR), serveStatic({ root, precompressed: true }), (c) => c.text('Not found', 404));
  // Other files Vite copies from public/ (favicon); not hashed, so cached for a day.
  app.use(
    '*',
    cacheFor('public, max-age=86400'),
    serveStatic({
      root,
      precompressed: true,
      rewriteRequestPath: (p) => (p === '/' || p.endsWith('.html') ? '/__never__' : p),
    }),
  );
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    if (!html) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    const origin = publicUrl ?? new URL(c.req.url).origin;
    const url = origin + c.req.path;
    const productId = productIdOfPath(c.req.path);
    if (productId !== null) {
      const p = await productForPage(productId);
      if (p) {
        const description = p.description ?? `${p.name}, from Vastra.`;
        const image = p.image ? new URL(p.image, origin).toString() : undefined;
        return c.html(withHead(html, { title: `${p.name} | Vastra`, description, url, image, product: p }));
      }
    } else if (isScreenPath(c.req.path)) {
      return c.html(withHead(html, screenMeta(c.req.path, c.req.query('search'), url)));
    }
    c.header('X-Robots-Tag', 'noindex');
    return c.html(withHead(html, { title: 'Page not found | Vastra', description: DEFAULT_DESCRIPTION, url }), 404);
  });
  return app;
}
