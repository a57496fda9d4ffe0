/**
 * Serves the built web app: hashed assets cached for a year, the HTML never cached, each file
 * precompressed at build time (brotli, gzip) so no request pays for compression.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { cacheFor } from '../http/cache.ts';
import { isScreenPath, productIdOfPath } from '../../shared/routes.ts';

const YEAR = 'public, max-age=31536000, immutable';

/** Whether a product exists, so that /product/{id} of a missing product is a real 404. */
export type ProductExists = (id: number) => Promise<boolean>;

export function webRoutes(webDir: string, productExists: ProductExists = async () => false) {
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
    const productId = productIdOfPath(c.req.path);
    const found = productId !== null ? await productExists(productId) : isScreenPath(c.req.path);
    if (!found) c.header('X-Robots-Tag', 'noindex');
    return c.html(html, found ? 200 : 404);
  });
  return app;
}
