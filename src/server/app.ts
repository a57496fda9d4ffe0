/**
 * The whole HTTP app: the JSON API under /api, product images, and the web app. Tests call it
 * through `app.request` or a socket exactly as a browser would.
 */
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Db } from './db/client.ts';
import type { AppConfig } from './env.ts';
import { cacheFor } from './http/cache.ts';
import { compressGenerated } from './http/compress.ts';
import { handleError, type ErrorBody } from './http/errors.ts';
import { apiHeaders } from './http/api-headers.ts';
import { jsonBodyLimit, sameOriginJson } from './http/mutations.ts';
import type { ShopperEnv } from './http/session.ts';
import { createAccounts } from './modules/accounts/accounts.module.ts';
import { allowedMethods, guardRequest, wrongMethod } from './http/request-guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService, type CatalogService } from './modules/catalog/catalog.service.ts';
import { sitemapRoutes } from './web/sitemap.routes.ts';
import { webRoutes } from './web/web.routes.ts';

export interface AppDeps {
  db: Db;
  config: Pick<AppConfig, 'imagesDir'> &
    Partial<Pick<AppConfig, 'publicUrl' | 'requireEmailVerification' | 'trustProxyHops'>> & {
      /** Signs sessions and links (src/server/modules/accounts/auth-secret.ts). */
      authSecret: string;
    };
  /** A mail was written to the outbox: the sender may go at once. */
  mailWritten?: () => void;
  /** The built web app (Vite's dist/web); absent in API-only tests. */
  webDir?: string;
}

interface ApiParts {
  catalog: CatalogService;
  accounts: ReturnType<typeof createAccounts>;
  allow: (path: string) => string[];
  publicUrl: string | undefined;
}

function apiRoutes({ catalog, accounts, allow, publicUrl }: ApiParts) {
  return (
    new Hono<ShopperEnv>()
      .use(apiHeaders())
      .use(sameOriginJson(publicUrl, (c) => allow(c.req.path).includes(c.req.method)))
      .use(jsonBodyLimit())
      // Answers without touching the database: the benchmark's ceiling, and a liveness probe.
      .get('/health', (c) => c.json({ status: 'ok' }))
      .route('/', catalogRoutes(catalog))
      .use(accounts.session)
      .route('/', accounts.routes)
      .all('*', (c) => wrongMethod(c, allow(c.req.path)) ?? c.json<ErrorBody>({ code: 'not_found', message: 'Not found' }, 404))
  );
}

export function createApp({ db, config, webDir, mailWritten = () => {} }: AppDeps) {
  const app = new Hono();

  app.onError(handleError);

  app.use(securityHeaders());
  app.use(guardRequest());
  app.use(compressGenerated());
  const catalog = createCatalogService(db);
  const apiPaths = allowedMethods(() => app.routes.filter((r) => r.path.startsWith('/api/') && !r.path.endsWith('*')));
  const accounts = createAccounts(
    db,
    {
      secret: config.authSecret,
      publicUrl: config.publicUrl,
      requireEmailVerification: config.requireEmailVerification ?? false,
      trustProxyHops: config.trustProxyHops ?? 0,
    },
    mailWritten,
  );
  app.route('/api', apiRoutes({ catalog, accounts, allow: apiPaths, publicUrl: config.publicUrl }));

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
