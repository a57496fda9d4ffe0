/**
 * The store owner's API under /api/admin (design.md Admin): every route behind one guard, signed
 * out 401, a customer 403, the role read from the database on each request.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { pricingSettingsContract } from '../../../shared/pricing-settings.contract.ts';
import type { PricingSettings } from '../../../shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { requireShopper, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { StockService } from '../stock/stock.service.ts';
import { isAdmin } from './admin.queries.ts';
import { adminOrdersRoutes } from './orders.routes.ts';
import { createAdminOrdersService } from './orders.service.ts';
import { importRoutes } from './import.routes.ts';
import { createImportService } from './import.service.ts';
import { adminProductsRoutes } from './products.routes.ts';
import { sqlConsoleRoutes } from '../sql-console/sql-console.routes.ts';
import { createAdminProductsService } from '../catalog/products-admin.service.ts';
import { deliveryAdminRoutes } from '../delivery/delivery-admin.routes.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import { taxSettingsRoutes } from '../invoices/tax-settings.routes.ts';
import type { TaxSettingsService } from '../invoices/tax-settings.service.ts';
import { createInvoices } from '../invoices/invoices.service.ts';
import type { InvoiceFiles } from '../invoices/invoice-files.service.ts';
import { ownerInvoiceRoutes } from '../invoices/invoices.routes.ts';
import type { FulfilmentMail } from './orders.service.ts';
import type { Cancel } from '../payments/cancellation.ts';

export const NOT_ALLOWED = 'This is for the store owner only.';
export const OWN_PAGES_ONLY = 'The store admin answers only the shop’s own pages.';

/**
 * The owner's cookie goes along with a link another site shows (SameSite=Lax lets top-level GETs
 * through), so the admin API answers only requests a browser says come from the shop itself (or
 * from no page at all, a typed address). Clients that are not browsers send no Sec-Fetch-Site.
 */
export function ownPagesOnly(): MiddlewareHandler {
  return async (c, next) => {
    const site = c.req.header('Sec-Fetch-Site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new AppError(403, 'cross_site', OWN_PAGES_ONLY);
    await next();
  };
}

export function adminsOnly(db: Db): MiddlewareHandler<ShopperEnv> {
  return async (c, next) => {
    const shopper = requireShopper(c);
    if (!(await isAdmin(db, shopper.id))) throw new AppError(403, 'not_allowed', NOT_ALLOWED);
    await next();
  };
}

export function adminRoutes(
  db: Db,
  deps: {
    pricing: PricingService;
    stock: StockService;
    delivery: DeliveryService;
    cancel: Cancel;
    tax: TaxSettingsService;
    invoiceFiles: InvoiceFiles;
    mail: FulfilmentMail;
    imagesDir: string;
    importDir: string | undefined;
    now?: () => Date;
  },
) {
  const { tax } = deps;
  const invoices = createInvoices((tx) => tax.current(tx), deps.now);
  /** The low-stock mark may have moved with the settings: every label follows it (written only where it changes). */
  const saveSettings = async (settings: PricingSettings) => {
    const saved = await deps.pricing.save(settings);
    await deps.stock.relabelAll();
    return saved;
  };
  return new Hono<ShopperEnv>()
    .use('/admin/*', ownPagesOnly(), adminsOnly(db))
    .route('/', sqlConsoleRoutes(db))
    .route('/', deliveryAdminRoutes(deps.delivery))
    .route('/', taxSettingsRoutes(tax))
    .get('/admin/settings', async (c) => c.json(await deps.pricing.current()))
    .put('/admin/settings', valid('json', pricingSettingsContract), async (c) => c.json(await saveSettings(c.req.valid('json'))))
    .route('/', adminProductsRoutes(createAdminProductsService(db, deps.stock), deps.imagesDir))
    .route('/', importRoutes(createImportService(db, deps)))
    .route('/', ownerInvoiceRoutes(deps.invoiceFiles))
    .route('/', adminOrdersRoutes(createAdminOrdersService(db, deps.stock, deps.cancel, invoices, deps.mail)));
}
