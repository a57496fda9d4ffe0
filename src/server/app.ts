/**
 * The whole HTTP app: the JSON API under /api, product images, and the web app. Tests call it
 * through `app.request` or a socket exactly as a browser would.
 */
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { isPoolExhausted, type Db } from './db/client.ts';
import type { AppConfig } from './env.ts';
import { cacheFor } from './http/cache.ts';
import { compressGenerated } from './http/compress.ts';
import { AppError, type ErrorBody } from './http/errors.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService, type CatalogService } from './modules/catalog/catalog.service.ts';
import { sitemapRoutes } from './web/sitemap.routes.ts';
import { webRoutes } from './web/web.routes.ts';

export interface AppDeps {
  db: Db;
  config: Pick<AppConfig, 'imagesDir'> & Partial<Pick<AppConfig, 'publicUrl'>>;
  /** The built web app (Vite's dist/web); absent in API-only tests. */
  webDir?: string;
}

function apiRoutes(catalog: CatalogService) {
  return (
    new Hono()
      // Answers without touching the database: the benchmark's ceiling, and a liveness probe.
      .get('/health', (c) => c.json({ status: 'ok' }))
      .route('/', catalogRoutes(catalog))
      .all('*', (c) => c.json<ErrorBody>({ code: 'not_found', message: 'Not found' }, 404))
  );
}

export function createApp({ db, config, webDir }: AppDeps) {
  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json<ErrorBody>({ code: err.code, message: err.message }, err.status);
    if (err instanceof HTTPException && err.status < 500) {
      return c.json<ErrorBody>({ code: 'bad_request', message: err.message || 'Bad request' }, err.status);
    }
    if (isPoolExhausted(err)) {
      c.header('Retry-After', '2');
      return c.json<ErrorBody>({ code: 'busy', message: 'The shop is very busy right now. Please try again in a moment.' }, 503);
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    return c.json<ErrorBody>({ code: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500);
  });

  app.use(secureHeaders({ crossOriginEmbedderPolicy: false }));
  app.use(compressGenerated());
  const catalog = createCatalogService(db);
  app.route('/api', apiRoutes(catalog));

  app.get(
    '/images/*',
    cacheFor('public, max-age=604800'),
    serveStatic({
      root: path.relative(process.cwd(), config.imagesDir) || '.',
      rewriteRequestPath: (p) => p.replace(/^\/images/, ''),
    }),
    (c) => c.text('Not found', 404),
  );

  app.route('/', sitemapRoutes(catalog, config.publicUrl));
  if (webDir) app.route('/', webRoutes(webDir, catalog, config.publicUrl));
  return app;
}

export type App = ReturnType<typeof createApp>;
