/** The buying side of the app: pricing, orders, the payment provider, checkout and the payments' settlement. */
import crypto from 'node:crypto';
import type { AppDeps } from './app.ts';
import type { Db } from './db/client.ts';
import type { AddressesService } from './modules/addresses/addresses.service.ts';
import type { CartService } from './modules/cart/cart.service.ts';
import type { CatalogService } from './modules/catalog/catalog.service.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createRazorpayProvider } from './modules/payments/razorpay.provider.ts';
import { createCancellation } from './modules/payments/cancellation.ts';
import { createRefunds } from './modules/payments/refunds.ts';
import { createSettle } from './modules/payments/settle.ts';
import { createTestModeProvider } from './modules/payments/test-mode.provider.ts';
import type { PricingService } from './modules/pricing/pricing.service.ts';
import type { DeliveryService } from './modules/delivery/delivery.service.ts';
import type { StockService } from './modules/stock/stock.service.ts';
import type { TaxSettings } from '../shared/tax-settings.contract.ts';

/** Without Razorpay's keys, the test mode signs with a secret of its own, derived from AUTH_SECRET. */
export function createShop(
  db: Db,
  deps: {
    catalog: CatalogService;
    cart: CartService;
    addresses: AddressesService;
    stock: StockService;
    pricing: PricingService;
    delivery: DeliveryService;
    /** The shop's tax registration, read with each checkout's quote (null until the owner saves it). */
    taxRegistration: () => Promise<TaxSettings | null>;
  },
  config: AppDeps['config'],
  mailWritten: () => void,
) {
  const provider = config.razorpay
    ? createRazorpayProvider(config.razorpay)
    : createTestModeProvider(crypto.createHmac('sha256', config.authSecret).update('vastra test-mode payments').digest('hex'));
  const { pricing } = deps;
  const reservationMinutes = async () => (await pricing.current()).reservationMinutes;
  const orders = createOrdersService(db, deps.stock);
  const refunds = createRefunds(db, provider);
  const settle = createSettle({ orders, cart: deps.cart, refunds, publicUrl: config.publicUrl, mailWritten });
  const checkout = createCheckoutService({ ...deps, orders, provider, settle, publicUrl: config.publicUrl, mailWritten });
  const cancel = createCancellation(orders, refunds, mailWritten);
  return { provider, pricing, orders, checkout, cancel, payments: createPaymentsService(db, provider, orders, settle, refunds, reservationMinutes) };
}
