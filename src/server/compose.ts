/**
 * The shop's services, each built once, here and nowhere else: the table of contents of the server.
 * Read top to bottom, each line names a domain's service and what it is made from. The routes
 * (app.ts), the background jobs (boot.ts: the mail sender, the payments' reconcile) and the owner's
 * channel (start.ts) take what they need from the value this returns. A module reaches another only
 * through the service handed to it here.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Db } from './db/client.ts';
import { asShopper } from './db/shopper.ts';
import type { AppConfig, DelhiveryKeys, ShiprocketKeys } from './env.ts';
import type { CourierName } from '../shared/parcels.ts';
import type { PricingSettings } from '../shared/pricing.ts';
import { createAuth } from './modules/accounts/auth.ts';
import { createSessionReader } from './modules/accounts/session-reader.ts';
import { createAccountsService, resetMailer } from './modules/accounts/accounts.service.ts';
import { createProfileService } from './modules/accounts/profile.service.ts';
import { createAddressesService } from './modules/addresses/addresses.service.ts';
import { createImportService } from './modules/admin/import.service.ts';
import { createOwners } from './modules/admin/owners.service.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { unwatchedCatalog, type CatalogWatch } from './modules/catalog/catalog-watch.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createImportedProducts } from './modules/catalog/imported-products.ts';
import { createAdminProductsService } from './modules/catalog/products-admin.service.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { createDeliveryService } from './modules/delivery/delivery.service.ts';
import { createInvoiceFiles } from './modules/invoices/invoice-files.service.ts';
import { createInvoices } from './modules/invoices/invoices.service.ts';
import { createTaxSettingsService } from './modules/invoices/tax-settings.service.ts';
import { createRateLimiter } from './modules/limits/limits.service.ts';
import { createShopperLimits } from './modules/limits/shopper-limits.ts';
import { createOutbox } from './modules/mail/mail.service.ts';
import { createMsg91, createWhatsApp, MSG91_API, WHATSAPP_API, type ChatChannel } from './modules/notify/chat.ts';
import { createNotifier } from './modules/notify/notifier.ts';
import { createFulfilment } from './modules/orders/fulfilment.service.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createCancellation } from './modules/payments/cancellation.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createRazorpayProvider } from './modules/payments/razorpay.provider.ts';
import { createRefunds } from './modules/payments/refunds.ts';
import { createSettle } from './modules/payments/settle.ts';
import { createTestModeProvider } from './modules/payments/test-mode.provider.ts';
import { createPricingService } from './modules/pricing/pricing.service.ts';
import type { Courier } from './modules/shipping/courier.ts';
import { createDelhiveryCourier, DELHIVERY_API } from './modules/shipping/delhivery.courier.ts';
import { createShiprocketCourier, SHIPROCKET_API } from './modules/shipping/shiprocket.courier.ts';
import { createRazorpayXPayouts, RAZORPAYX_API, type PayoutProvider } from './modules/payouts/payouts.ts';
import { createReturnsService, type ReturnsService as Returns } from './modules/returns/returns.service.ts';
import { createOffers } from './modules/offers/offers.service.ts';
import { createReviews } from './modules/reviews/reviews.service.ts';
import { createStoreCredit } from './modules/store-credit/store-credit.service.ts';
import { createShipping, parcelsOf, returnParcelsOf } from './modules/shipping/shipping.service.ts';
import { createSqlConsoleService } from './modules/sql-console/sql-console.service.ts';
import { createPhotos } from './modules/admin/photos.ts';
import { createBackInStockMailer, createBackInStockService } from './modules/stock/back-in-stock.service.ts';
import { createStockService } from './modules/stock/stock.service.ts';
import { createWishlistService } from './modules/wishlist/wishlist.service.ts';
import { cacheBudget } from './cache-budget.ts';
import { folderStorage } from './storage/folder-storage.ts';
import { readinessOf } from './readiness.ts';
import type { Storage } from './storage/storage.ts';
import type { PasswordHashing } from './modules/accounts/auth.ts';

export type ShopConfig = Pick<AppConfig, 'imagesDir'> &
  Partial<Pick<AppConfig, 'importDir' | 'returnPhotosDir' | 'publicUrl' | 'port' | 'requireEmailVerification' | 'trustProxyHops' | 'razorpay' | 'cacheMemoryMb' | 'imagesPublicUrl'>> & {
    /** Shiprocket's API user and Delhivery's token (issue 48); tests shorten their time limit. */
    shiprocket?: ShiprocketKeys & { timeoutMs?: number };
    delhivery?: DelhiveryKeys & { timeoutMs?: number };
    /** RazorpayX's keys for payouts of Cash-on-Delivery refunds (issue 49); tests shorten the time limit. */
    razorpayx?: NonNullable<AppConfig['razorpayx']> & { timeoutMs?: number };
    /** WhatsApp or SMS order updates (issue 48): WhatsApp first when both are set. */
    whatsapp?: AppConfig['whatsapp'];
    msg91?: AppConfig['msg91'];
    /** Signs sessions and links (src/server/modules/accounts/auth-secret.ts). */
    authSecret: string;
    /** The couriers' keys are the local courier's (development, tests): nothing real is booked. */
    couriersAreLocal?: boolean;
    /** The API tests' cheaper password hashing (src/server/modules/accounts/auth.ts); never set from the environment. */
    passwordHashing?: PasswordHashing;
  };

export interface ShopParts {
  db: Db;
  config: ShopConfig;
  /** A mail was written to the outbox and its transaction committed: the sender may go at once. */
  mailWritten?: () => void;
  /** The clock delivery dates and invoice years count from; tests fix it. */
  now?: () => Date;
  /** Hears catalog, like and settings changes (boot.ts); without one, every request reads the catalog version. */
  watch?: CatalogWatch;
  /** Where the shop's files are kept (issue 52): a bucket on several app servers; the local folders by default. */
  storage?: Storage;
}

/** The local folders the shop has always kept its files in: photographs under IMAGES_DIR, a return's under DATA_DIR. */
export function folderStorageFor(config: Pick<ShopConfig, 'imagesDir' | 'returnPhotosDir'>): Storage {
  return folderStorage({
    products: path.join(config.imagesDir, 'products'),
    'return-photos': config.returnPhotosDir ?? path.join(config.imagesDir, '..', 'return-photos'),
    reviews: path.join(config.imagesDir, 'reviews'),
  });
}

/** Without Razorpay's keys, the test mode signs with a secret of its own, derived from AUTH_SECRET. */
function paymentProvider(config: ShopConfig) {
  if (config.razorpay) return createRazorpayProvider(config.razorpay);
  return createTestModeProvider(crypto.createHmac('sha256', config.authSecret).update('vastra test-mode payments').digest('hex'));
}

/** RazorpayX for payouts of Cash-on-Delivery refunds (issue 49), or none: those refunds are then store credit. */
function payoutsOf(config: ShopConfig): PayoutProvider | null {
  return config.razorpayx ? createRazorpayXPayouts({ ...config.razorpayx, apiBase: config.razorpayx.apiBase ?? RAZORPAYX_API }) : null;
}

/** The couriers this shop has keys for (issue 48), each behind the courier port. */
function couriersOf(config: ShopConfig): Partial<Record<CourierName, Courier>> {
  return {
    ...(config.shiprocket && { shiprocket: createShiprocketCourier({ ...config.shiprocket, apiBase: config.shiprocket.apiBase ?? SHIPROCKET_API }) }),
    ...(config.delhivery && { delhivery: createDelhiveryCourier({ ...config.delhivery, apiBase: config.delhivery.apiBase ?? DELHIVERY_API }) }),
  };
}

/** The channel for shoppers who asked for order updates on WhatsApp or SMS: WhatsApp when the shop has it. */
function chatOf(config: ShopConfig): ChatChannel | null {
  if (config.whatsapp) return createWhatsApp({ ...config.whatsapp, apiBase: config.whatsapp.apiBase ?? WHATSAPP_API });
  if (config.msg91) return createMsg91({ ...config.msg91, apiBase: config.msg91.apiBase ?? MSG91_API });
  return null;
}

/** The catalog's side: settings, stock, products, likes, the cart, delivery and addresses. */
function composeCatalog({ db, config, mailWritten, now, watch = unwatchedCatalog({ db }), storage }: ShopParts & { storage: Storage }) {
  const outbox = createOutbox(mailWritten);
  // One count of every limit, in the database, shared by every app server (modules/limits).
  const limiter = createRateLimiter(db);
  const limits = createShopperLimits(limiter);
  const pricing = createPricingService(db, watch);
  // Mails sent from no request (a restock, a lapsed window) link to the shop's public address; in
  // development, without PUBLIC_URL, to this machine's.
  const siteUrl = config.publicUrl ?? `http://localhost:${config.port ?? 3000}`;
  const stock = createStockService(
    db,
    async (on) => (await pricing.current(on)).lowStockThreshold,
    createBackInStockMailer(siteUrl, outbox),
    () => pricing.shown(),
  );
  // The caches' memory, shared out once: the catalog's answers here, the drawn pages in app.ts.
  const cacheMemory = cacheBudget(config.cacheMemoryMb);
  const catalog = createCatalogService(db, stock, watch, cacheMemory);
  const wishlist = createWishlistService(db, catalog);
  const cart = createCartService(db, catalog, stock);
  const delivery = createDeliveryService(db, catalog, now);
  const photos = createPhotos(db, storage);
  return {
    watch,
    cacheMemory,
    outbox,
    limiter,
    limits,
    pricing,
    stock,
    catalog,
    backInStock: createBackInStockService(db, catalog, limits),
    wishlist,
    cart,
    delivery,
    addresses: createAddressesService(db, delivery),
    adminProducts: createAdminProductsService(db, stock, photos),
    photos,
    imports: createImportService(db, { stock, photos, importDir: config.importDir, products: createImportedProducts(db, stock) }),
    /** The header's badges: one shopper transaction for both, as every page load asks for them. */
    shelf: (userId: string) => asShopper(db, userId, async (tx) => ({ likedProductIds: await wishlist.likedIdsIn(tx, userId), cartPieces: await cart.piecesIn(tx, userId) })),
    /** The owner's pricing settings: the low-stock mark may have moved with them, and every label follows it. */
    settings: {
      current: () => pricing.current(),
      save: async (next: PricingSettings) => {
        const saved = await pricing.save(next);
        await stock.relabelAll();
        return saved;
      },
    },
  };
}

/** Accounts: better-auth, sign-up and login with their limits, profiles, and who the owner is. */
function composeAccounts({ db, config }: ShopParts, { outbox, limiter }: Pick<CatalogSide, 'outbox' | 'limiter'>) {
  const requireEmailVerification = config.requireEmailVerification ?? false;
  const auth = createAuth({ db, secret: config.authSecret, publicUrl: config.publicUrl, requireEmailVerification, sendResetMail: resetMailer(db, outbox), passwordHashing: config.passwordHashing });
  return {
    auth,
    readSession: createSessionReader(db, auth, config.authSecret),
    accounts: createAccountsService({ db, auth, limiter, secret: config.authSecret, requireEmailVerification, outbox }),
    profiles: createProfileService(db),
    owners: createOwners(db),
  };
}

/** The buying side: taxes, orders, the payment provider, checkout, settlement, refunds, fulfilment, documents, and the parcels. */
function composeBuying({ db, config, now, storage }: ShopParts & { storage: Storage }, side: CatalogSide) {
  const { outbox, pricing, stock } = side;
  const provider = paymentProvider(config);
  const tax = createTaxSettingsService(db);
  const invoices = createInvoices((tx) => tax.current(tx), now);
  const storeCredit = createStoreCredit(db, now);
  const offers = createOffers(db, side.limits, now);
  const orders = createOrdersService(db, stock, parcelsOf, storeCredit, offers);
  const refunds = createRefunds(db, provider);
  const notifier = createNotifier(db, outbox, chatOf(config));
  const settle = createSettle({ orders, cart: side.cart, offers, refunds, publicUrl: config.publicUrl, outbox });
  // A cancel first cancels the order's booking with the courier; the parcels are made below, from
  // the fulfilment that cancels through this very function, so they are reached when it runs.
  const cancel = createCancellation(orders, refunds, outbox, side.limits, (orderId, who) => shipping.cancelFor(orderId, who));
  const ordersUrl = config.publicUrl ? `${config.publicUrl}/orders` : null;
  const fulfilment = createFulfilment(db, { stock, cancel, invoices, notifier, refunds, ordersUrl, credit: storeCredit });
  // A return's parcels are booked through the shipping module, and their scans move the return
  // request: the returns service is made below, from this shipping, and reached when a scan comes.
  const returnParcels = { scannedIn: (...args: Parameters<Returns['parcelScannedIn']>) => returns.parcelScannedIn(...args) };
  const shipping = createShipping(db, { couriers: couriersOf(config), local: config.couriersAreLocal ?? false, orders: fulfilment, notifier, limits: side.limits, siteUrl: config.publicUrl ?? `http://localhost:${config.port ?? 3000}`, returnParcels });
  const returns = createReturnsService(db, {
    stock,
    limits: side.limits,
    storage,
    now,
    invoices,
    refunds,
    credit: storeCredit,
    orders: fulfilment,
    outbox,
    ordersUrl,
    parcels: shipping,
    parcelsOf: returnParcelsOf,
    payouts: payoutsOf(config),
  });
  return {
    provider,
    tax,
    invoices,
    invoiceFiles: createInvoiceFiles(db),
    orders,
    checkout: createCheckoutService({ ...side, taxRegistration: () => tax.current(), orders, provider, settle, publicUrl: config.publicUrl, outbox, credit: storeCredit, offers }),
    cancel,
    payments: createPaymentsService(db, provider, orders, settle, refunds, async () => (await pricing.current()).reservationMinutes, side.limits),
    fulfilment,
    notifier,
    shipping,
    storeCredit,
    offers,
    returns,
    // Issue 51: reviews of delivered pieces; their photographs through the storage port.
    reviews: createReviews({ db, outbox, publicUrl: config.publicUrl, storage, limits: side.limits, watch: side.watch, keptBytes: side.cacheMemory.reviews, now }),
  };
}

type CatalogSide = ReturnType<typeof composeCatalog>;

export function composeShop(given: ShopParts) {
  const parts = { ...given, storage: given.storage ?? folderStorageFor(given.config) };
  const catalogSide = composeCatalog(parts);
  return {
    config: parts.config,
    storage: parts.storage,
    ready: readinessOf(parts.db, parts.storage),
    ...catalogSide,
    ...composeAccounts(parts, catalogSide),
    ...composeBuying(parts, catalogSide),
    sqlConsole: createSqlConsoleService(parts.db),
  };
}

export type Shop = ReturnType<typeof composeShop>;
