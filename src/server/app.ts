/**
 * The whole HTTP app: the JSON API under /api, product images, and the web app. Tests call it
 * through `app.request` or a socket exactly as a browser would.
 */
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { InProcessApi } from '../shared/in-process-api.ts';
import { fetchPhotosFrom } from '../shared/images.ts';
import type { Shop } from './compose.ts';
import { apiHeaders } from './http/api-headers.ts';
import { cacheFor } from './http/cache.ts';
import { compressGenerated } from './http/compress.ts';
import { handleError, type ErrorBody } from './http/errors.ts';
import { jsonBodyLimit, sameOriginJson, settleWrites } from './http/mutations.ts';
import { behindTheEdge, type Fetch } from './http/edge.ts';
import { allowedMethods, wrongMethod } from './http/request-guards.ts';
import { askedFor } from './http/client-ip.ts';
import type { ShopperEnv } from './http/session.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { sessionMiddleware } from './modules/accounts/session.middleware.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { ownersOnly } from './modules/admin/admin.routes.ts';
import { ownerOffersRoutes } from './modules/offers/offers.routes.ts';
import { ownerReviewsRoutes, publicReviewsRoutes, reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { importRoutes } from './modules/admin/import.routes.ts';
import { adminProductsRoutes } from './modules/admin/products.routes.ts';
import { photosRoutes } from './modules/admin/photos.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { deliveryAdminRoutes } from './modules/delivery/delivery-admin.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { ownerInvoiceRoutes, shopperInvoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { taxSettingsRoutes } from './modules/invoices/tax-settings.routes.ts';
import { fulfilmentRoutes } from './modules/orders/fulfilment.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { storeCreditRoutes } from './modules/store-credit/store-credit.routes.ts';
import { ownerReturnsRoutes, returnsRoutes } from './modules/returns/returns.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { ownerSettingsRoutes, pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { ownerParcelRoutes, parcelRoutes } from './modules/shipping/shipping.routes.ts';
import { sqlConsoleRoutes } from './modules/sql-console/sql-console.routes.ts';
import { backInStockRoutes } from './modules/stock/back-in-stock.routes.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { keptPages } from './web/kept-pages.ts';
import type { DrawnPage } from './web/page-meta.ts';
import { sitemapRoutes } from './web/sitemap.routes.ts';
import { webRoutes, type Asker, type DevPages } from './web/web.routes.ts';

/** What the shop serves besides its API: the built web app and the pages drawn from it. */
export interface WebParts {
  /** The built web app (Vite's dist/web); absent in API-only tests. */
  webDir?: string;
  /** The server build of the web app (dist/ssr), which draws the public pages (issue 19); without it, pages are drawn in the browser. */
  ssr?: PageRenderer;
  /** npm run dev: pages from Vite's dev server, not dist/web. */
  devPages?: DevPages;
}

/** dist/ssr/entry-server.js's `render` (src/web/drawing/entry-server.tsx). */
export interface PageRenderer {
  render(url: string, api: InProcessApi, onError?: (error: unknown) => void): Promise<DrawnPage | null>;
  /** Where its pages fetch the owner's photographs from (shared/images.ts), set in the renderer's own module. */
  fetchPhotosFrom?(base: string | undefined): void;
}

/** The shopper's side of the API: open to all, then per shopper behind the session. */
function shopperRoutes(shop: Shop) {
  const { config } = shop;
  const accountsConfig = { publicUrl: config.publicUrl, trustProxyHops: config.trustProxyHops ?? 0, shelf: shop.shelf, isAdmin: shop.owners.isOwner };
  return (
    new Hono<ShopperEnv>()
      .route('/', catalogRoutes(shop.catalog))
      .route('/', pricingRoutes(shop.pricing))
      .route('/', deliveryRoutes(shop.delivery))
      // Razorpay's webhook carries no session: it is checked by its signature.
      .route('/', paymentsRoutes(shop.payments))
      // The couriers' webhooks (checked by their secret) and the tracking look-up need no session either.
      .route('/', parcelRoutes(shop.shipping, config.trustProxyHops ?? 0))
      // A product's published reviews are for everyone (issue 51).
      .route('/', publicReviewsRoutes(shop.reviews))
      .use(sessionMiddleware(shop.readSession))
      .route('/', accountsRoutes(shop.accounts, shop.profiles, accountsConfig))
      .route('/', wishlistRoutes(shop.wishlist))
      .route('/', backInStockRoutes(shop.backInStock, config.trustProxyHops ?? 0))
      .route('/', cartRoutes(shop.cart))
      .route('/', addressesRoutes(shop.addresses))
      .route('/', checkoutRoutes(shop.checkout, shop.provider.mode))
      .route('/', ordersRoutes(shop.orders, shop.cancel))
      .route('/', returnsRoutes(shop.returns))
      .route('/', reviewsRoutes(shop.reviews))
      .route('/', storeCreditRoutes(shop.storeCredit))
      .route('/', shopperInvoiceRoutes(shop.invoiceFiles))
  );
}

/** The store owner's API under /api/admin, every route behind one guard (modules/admin/admin.routes.ts). */
function ownerRoutes(shop: Shop) {
  return new Hono<ShopperEnv>()
    .use('/admin/*', ...ownersOnly(shop.owners))
    .route('/', sqlConsoleRoutes(shop.sqlConsole))
    .route('/', deliveryAdminRoutes(shop.delivery))
    .route('/', taxSettingsRoutes(shop.tax))
    .route('/', ownerSettingsRoutes(shop.settings))
    .route('/', adminProductsRoutes(shop.adminProducts, shop.photos))
    .route('/', importRoutes(shop.imports))
    .route('/', ownerInvoiceRoutes(shop.invoiceFiles))
    .route('/', fulfilmentRoutes(shop.fulfilment))
    .route('/', ownerParcelRoutes(shop.shipping))
    .route('/', ownerReturnsRoutes(shop.returns))
    .route('/', ownerOffersRoutes(shop.offers))
    .route('/', ownerReviewsRoutes(shop.reviews));
}

function apiRoutes(shop: Shop, allow: (path: string) => string[]) {
  return (
    new Hono<ShopperEnv>()
      .use(apiHeaders())
      .use(compressGenerated())
      .use(sameOriginJson(shop.config.publicUrl, (c) => allow(c.req.path).includes(c.req.method)))
      .use(jsonBodyLimit())
      .use(settleWrites(shop.watch.refresh))
      // Answers without touching the database: the benchmark's ceiling, and a liveness probe.
      .get('/health', (c) => c.json({ status: 'ok' }))
      // For a proxy in front of several app servers: the database and the file storage answer (docs/deploy.md).
      .get('/ready', async (c) => {
        const readiness = await shop.ready();
        return c.json(readiness, readiness.ready ? 200 : 503, { 'Cache-Control': 'no-store' });
      })
      .route('/', shopperRoutes(shop))
      .route('/', ownerRoutes(shop))
      .all('*', (c) => wrongMethod(c, allow(c.req.path)) ?? c.json<ErrorBody>({ code: 'not_found', message: 'Not found' }, 404))
  );
}

/**
 * The page drawer: each page drawn with the API's own answers, asked in process (no socket, no
 * second hop) of the routes themselves, not through the edge (its refusals and headers are for
 * what comes from outside), and kept while the catalog stands.
 */
function pageDrawer(routed: Fetch, shop: Shop, ssr: PageRenderer, keep: boolean) {
  // The API asked for a shopper: what it counts per address (the tracking look-up) is counted
  // against theirs, named on the request object itself, which nothing from outside can reach.
  const apiFor =
    (asker?: Asker): InProcessApi =>
    async (path) => {
      const request = new Request(`http://localhost${path}`, { headers: { accept: 'application/json' } });
      if (asker) askedFor(request, asker.address);
      const res = await routed(request);
      return { status: res.status, body: res.status === 204 ? '' : await res.text() };
    };
  const api = apiFor();
  const logDrawError = (error: unknown) => console.error('A page could not be drawn on the server:', error);
  const drawn = (pathAndQuery: string, asker?: Asker) =>
    ssr.render(`http://localhost${pathAndQuery}`, asker ? apiFor(asker) : api, logDrawError).catch((error: unknown) => (logDrawError(error), null));
  return keep ? keptPages(drawn, shop.watch, shop.cacheMemory) : drawn;
}

export function createApp(shop: Shop, { webDir, ssr, devPages }: WebParts = {}) {
  // The pages this server writes (and its preloads) name photographs where the shopper fetches them.
  fetchPhotosFrom(shop.config.imagesPublicUrl);
  ssr?.fetchPhotosFrom?.(shop.config.imagesPublicUrl);
  const app = new Hono();
  app.onError(handleError);
  const apiPaths = allowedMethods(() => app.routes.filter((r) => r.path.startsWith('/api/') && !r.path.endsWith('*')));
  app.route('/api', apiRoutes(shop, apiPaths));
  app.route('/', photosRoutes(shop.storage, shop.cacheMemory.photos));
  app.get(
    '/images/*',
    cacheFor('public, max-age=604800'),
    serveStatic({
      root: path.relative(process.cwd(), shop.config.imagesDir) || '.',
      rewriteRequestPath: (p) => p.replace(/^\/images/, ''),
    }),
    (c) => c.text('Not found', 404),
  );
  app.route('/', sitemapRoutes(shop.catalog, shop.config.publicUrl));
  const routed = app.fetch;
  const draw = ssr && pageDrawer(routed, shop, ssr, !devPages);
  if (webDir) {
    const web = webRoutes(webDir, { ...shop.catalog, pricing: shop.pricing.shown }, shop.config.publicUrl, draw, devPages, shop.config.trustProxyHops ?? 0);
    app.route('/', web.files);
    // Every other path is a page: Hono's not-found, so no catch-all route shares a path another
    // route answers, and that route is Hono's only match (http/edge.ts).
    app.notFound(web.page);
  }
  // Nothing in front of the routes inside Hono: no global middleware. The refusals and security
  // headers every answer shares wrap the app's fetch (`app.request` goes through it as well), and
  // compression sits on the routes that generate bodies (the API, sitemaps, pages), so pictures,
  // assets and robots.txt never pass through it (decision 0043).
  app.fetch = behindTheEdge(routed);
  return app;
}

export type App = ReturnType<typeof createApp>;
