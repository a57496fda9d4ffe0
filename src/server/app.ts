/**
 * The whole HTTP app: the JSON API under /api, product images, and the web app. Tests call it
 * through `app.request` or a socket exactly as a browser would.
 */
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Db } from './db/client.ts';
import { asShopper } from './db/shopper.ts';
import type { AppConfig } from './env.ts';
import { cacheFor } from './http/cache.ts';
import { compressGenerated } from './http/compress.ts';
import { handleError, type ErrorBody } from './http/errors.ts';
import { apiHeaders } from './http/api-headers.ts';
import { jsonBodyLimit, sameOriginJson, settleWrites } from './http/mutations.ts';
import type { ShopperEnv } from './http/session.ts';
import { createAccounts } from './modules/accounts/accounts.module.ts';
import { allowedMethods, guardRequest, wrongMethod } from './http/request-guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { createAddressesService, type AddressesService } from './modules/addresses/addresses.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService, type CartService } from './modules/cart/cart.service.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { createWishlistService, type WishlistService } from './modules/wishlist/wishlist.service.ts';
import { isAdmin } from './modules/admin/admin.queries.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import { createShop } from './shop.ts';
import { createStockService, type StockService } from './modules/stock/stock.service.ts';
import { backInStockRoutes } from './modules/stock/back-in-stock.routes.ts';
import { createBackInStockMailer, createBackInStockService, type BackInStockService } from './modules/stock/back-in-stock.service.ts';
import { createPricingService } from './modules/pricing/pricing.service.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createInvoiceFiles } from './modules/invoices/invoice-files.service.ts';
import { shopperInvoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { createTaxSettingsService, type TaxSettingsService } from './modules/invoices/tax-settings.service.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { createDeliveryService, type DeliveryService } from './modules/delivery/delivery.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService, type CatalogService } from './modules/catalog/catalog.service.ts';
import { unwatchedCatalog, type CatalogWatch } from './modules/catalog/catalog-watch.ts';
import { keptPages } from './web/kept-pages.ts';
import { sitemapRoutes } from './web/sitemap.routes.ts';
import type { DrawnPage } from './web/page-meta.ts';
import type { InProcessApi } from '../shared/in-process-api.ts';
import { webRoutes, type DevPages } from './web/web.routes.ts';

export interface AppDeps {
  db: Db;
  config: Pick<AppConfig, 'imagesDir'> &
    Partial<Pick<AppConfig, 'importDir' | 'publicUrl' | 'port' | 'requireEmailVerification' | 'trustProxyHops' | 'razorpay'>> & {
      /** Signs sessions and links (src/server/modules/accounts/auth-secret.ts). */
      authSecret: string;
    };
  /** A mail was written to the outbox: the sender may go at once. */
  mailWritten?: () => void;
  /** The built web app (Vite's dist/web); absent in API-only tests. */
  webDir?: string;
  /** Hands out the payments service, whose reconcile step the server runs on a timer (boot.ts). */
  onPayments?: (payments: PaymentsService) => void;
  /** The clock delivery dates count from; tests fix it. */
  now?: () => Date;
  /** Hears catalog and like changes (boot.ts); without one, every request reads the catalog version. */
  watch?: CatalogWatch;
  /** The shop's start: build the filters' index now and say so here (not in tests, whose databases come and go). */
  warmFilters?: (line: string) => void;
  /** The server build of the web app (dist/ssr), which draws the public pages (issue 19); without it, pages are drawn in the browser. */
  ssr?: PageRenderer;
  /** npm run dev: pages from Vite's dev server, not dist/web. */
  devPages?: DevPages;
}

/** dist/ssr/entry-server.js's `render` (src/web/entry-server.tsx). */
export interface PageRenderer {
  render(url: string, api: InProcessApi, onError?: (error: unknown) => void): Promise<DrawnPage | null>;
}

interface ApiParts {
  db: Db;
  catalog: CatalogService;
  accounts: ReturnType<typeof createAccounts>;
  wishlist: WishlistService;
  backInStock: BackInStockService;
  cart: CartService;
  addresses: AddressesService;
  delivery: DeliveryService;
  shop: ReturnType<typeof createShop>;
  stock: StockService;
  allow: (path: string) => string[];
  publicUrl: string | undefined;
  imagesDir: string;
  importDir: string | undefined;
  /** The clock delivery dates and invoice years count from. */
  now: (() => Date) | undefined;
  mailWritten: () => void;
  tax: TaxSettingsService;
  watch: CatalogWatch;
}

function apiRoutes({ db, catalog, accounts, wishlist, backInStock, cart, addresses, delivery, shop, stock, allow, publicUrl, imagesDir, importDir, now, mailWritten, tax, watch }: ApiParts) {
  const invoiceFiles = createInvoiceFiles(db);
  const mail = { ordersUrl: publicUrl ? `${publicUrl}/orders` : null, written: mailWritten };
  return (
    new Hono<ShopperEnv>()
      .use(apiHeaders())
      .use(sameOriginJson(publicUrl, (c) => allow(c.req.path).includes(c.req.method)))
      .use(jsonBodyLimit())
      .use(settleWrites(watch.refresh))
      // Answers without touching the database: the benchmark's ceiling, and a liveness probe.
      .get('/health', (c) => c.json({ status: 'ok' }))
      .route('/', catalogRoutes(catalog))
      .route('/', pricingRoutes(shop.pricing))
      .route('/', deliveryRoutes(delivery))
      // Razorpay's webhook carries no session: it is checked by its signature.
      .route('/', paymentsRoutes(shop.payments))
      .use(accounts.session)
      .route('/', accounts.routes)
      .route('/', wishlistRoutes(wishlist))
      .route('/', backInStockRoutes(backInStock))
      .route('/', cartRoutes(cart))
      .route('/', addressesRoutes(addresses))
      .route('/', checkoutRoutes(shop.checkout, shop.provider.mode))
      .route('/', ordersRoutes(shop.orders, shop.cancel))
      .route('/', shopperInvoiceRoutes(invoiceFiles))
      .route('/', adminRoutes(db, { pricing: shop.pricing, stock, delivery, cancel: shop.cancel, tax, invoiceFiles, mail, imagesDir, importDir, now }))
      .all('*', (c) => wrongMethod(c, allow(c.req.path)) ?? c.json<ErrorBody>({ code: 'not_found', message: 'Not found' }, 404))
  );
}

export function createApp({ db, config, webDir, mailWritten = () => {}, onPayments, now, watch = unwatchedCatalog({ db }), ssr, devPages, warmFilters }: AppDeps) {
  const app = new Hono();

  app.onError(handleError);

  app.use(securityHeaders());
  app.use(guardRequest());
  app.use(compressGenerated());
  const pricing = createPricingService(db, watch);
  // Mails sent from no request (a restock, a lapsed window) link to the shop's public address; in
  // development, without PUBLIC_URL, to this machine's.
  const siteUrl = config.publicUrl ?? `http://localhost:${config.port ?? 3000}`;
  const stock = createStockService(
    db,
    async (on) => (await pricing.current(on)).lowStockThreshold,
    createBackInStockMailer(siteUrl, mailWritten),
    async () => (await pricing.shown()).lowStockThreshold,
  );
  const catalog = createCatalogService(db, stock, watch);
  if (warmFilters) catalog.warmFilters(warmFilters).catch((error: unknown) => warmFilters(`Filters: the index could not be built yet (${String(error)}); the first filtered list will build it.`));
  const backInStock = createBackInStockService(db, catalog);
  const apiPaths = allowedMethods(() => app.routes.filter((r) => r.path.startsWith('/api/') && !r.path.endsWith('*')));
  const wishlist = createWishlistService(db, catalog);
  const cart = createCartService(db, catalog, stock);
  // The header's badges: one shopper transaction for both, as every page load asks for them.
  const shelf = (userId: string) =>
    asShopper(db, userId, async (tx) => ({ likedProductIds: await wishlist.likedIdsIn(tx, userId), cartPieces: await cart.piecesIn(tx, userId) }));
  const accounts = createAccounts(
    db,
    {
      secret: config.authSecret,
      publicUrl: config.publicUrl,
      requireEmailVerification: config.requireEmailVerification ?? false,
      trustProxyHops: config.trustProxyHops ?? 0,
      shelf,
      isAdmin: (userId) => isAdmin(db, userId),
    },
    mailWritten,
  );
  const delivery = createDeliveryService(db, catalog, now);
  const addresses = createAddressesService(db, delivery);
  const tax = createTaxSettingsService(db);
  const shop = createShop(db, { catalog, cart, addresses, stock, pricing, delivery, taxRegistration: () => tax.current() }, config, mailWritten);
  onPayments?.(shop.payments);
  app.route('/api', apiRoutes({ db, catalog, accounts, wishlist, backInStock, cart, addresses, delivery, shop, stock, allow: apiPaths, publicUrl: config.publicUrl, imagesDir: config.imagesDir, importDir: config.importDir, now, mailWritten, tax, watch }));

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
  // A page is drawn with the API's own answers, asked in process: no socket, no second hop.
  const api: InProcessApi = async (path) => {
    const res = await app.request(path, { headers: { accept: 'application/json' } });
    return { status: res.status, body: res.status === 204 ? '' : await res.text() };
  };
  const logDrawError = (error: unknown) => console.error('A page could not be drawn on the server:', error);
  const drawn = ssr && ((pathAndQuery: string) => ssr.render(`http://localhost${pathAndQuery}`, api, logDrawError).catch((error: unknown) => (logDrawError(error), null)));
  const draw = drawn && keptPages(drawn, watch);
  if (webDir) app.route('/', webRoutes(webDir, { ...catalog, pricing: shop.pricing.shown }, config.publicUrl, draw, devPages));
  return app;
}

export type App = ReturnType<typeof createApp>;
