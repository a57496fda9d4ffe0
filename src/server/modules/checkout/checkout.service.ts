/**
 * Checkout (spec §2 Checkout, §5 Payment start; design.md Payments): one quote read per request
 * (checkout.quote.ts) serves what the shopper is shown, Cash on Delivery's verdict and the order
 * placed; paying online or on delivery are steps of their own (checkout.payment.ts,
 * checkout.cod.ts), each a function of these dependencies.
 */
import type { BuyNowInput, ConfirmPaymentInput, PlaceCodInput, StartCheckoutInput } from '../../../shared/checkout.contract.ts';
import type { CheckoutDelivery } from '../../../shared/cod.ts';
import type { Shopper } from '../../http/session.ts';
import type { AddressesService } from '../addresses/addresses.service.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import type { ShopperLimits } from '../limits/shopper-limits.ts';
import type { Outbox } from '../mail/mail.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { StoreCreditService } from '../store-credit/store-credit.service.ts';
import type { CheckoutSuccess, PaymentProvider } from '../payments/provider.ts';
import type { Settle } from '../payments/settle.ts';
import { codAtAddress, placeCod } from './checkout.cod.ts';
import { deliverableAddress } from './checkout.order.ts';
import { abandonPayment, confirmPayment, startPayment, testPayment } from './checkout.payment.ts';
import { readQuote, type Quote, type QuoteReaders } from './checkout.quote.ts';

export { INVALID_ADDRESS, PLACEHOLDER_ADDRESS } from '../../../shared/checkout.contract.ts';
export { PRICE_CHANGED } from './checkout.order.ts';
export { ORDER_NOT_FOUND, PROVIDER_AWAY } from './checkout.payment.ts';

export interface CheckoutDeps extends QuoteReaders {
  cart: CartService;
  addresses: AddressesService;
  orders: OrdersService;
  delivery: Pick<DeliveryService, 'forAddress'>;
  provider: PaymentProvider & { issuePayment?: (providerOrderId: string, amount: number) => CheckoutSuccess };
  settle: Settle;
  /** The shop's public address, for the mail's link to the orders; none in development without PUBLIC_URL. */
  publicUrl: string | undefined;
  outbox: Outbox;
  /** The shopper's store credit left (issue 49), shown with the quote; spent when the order is placed (orders). */
  credit: Pick<StoreCreditService, 'balance'>;
  /** The shopper's code (issue 50): applied and removed here; it leaves the cart once its order is paid or placed. */
  offers: Pick<OffersService, 'forQuote' | 'apply' | 'remove' | 'usedIn'>;
  /** Pauses a shopper who keeps cancelling COD orders or closing payments unpaid (issue 53). */
  limits: Pick<ShopperLimits, 'beforeCod' | 'beforePayment' | 'paymentAbandoned'>;
}

/** What the checkout would cost now; with the chosen address, its delivery and whether Cash on Delivery is offered. */
export async function quoteFor(deps: CheckoutDeps, shopper: Shopper, buyNow?: BuyNowInput, addressId?: string): Promise<Quote & { storeCredit: number; delivery?: CheckoutDelivery }> {
  const [pq, storeCredit] = await Promise.all([readQuote(deps, shopper.id, buyNow), deps.credit.balance(shopper.id)]);
  const address = addressId ? await deliverableAddress(deps.addresses, shopper.id, addressId).catch(() => null) : null;
  if (!address) return { ...pq.shown, storeCredit };
  const { limits: _, ...delivery } = await codAtAddress(deps, shopper, address, pq);
  return { ...pq.shown, storeCredit, delivery };
}

export function createCheckoutService(deps: CheckoutDeps) {
  return {
    quote: (shopper: Shopper, buyNow?: BuyNowInput, addressId?: string) => quoteFor(deps, shopper, buyNow, addressId),
    /** A code applied (issue 50), then the quote with it: what it takes off, or what more it needs. */
    applyCode: async (shopper: Shopper, code: string, buyNow?: BuyNowInput, addressId?: string) => {
      await deps.offers.apply(shopper.id, code);
      return quoteFor(deps, shopper, buyNow, addressId);
    },
    removeCode: async (shopper: Shopper, buyNow?: BuyNowInput, addressId?: string) => {
      await deps.offers.remove(shopper.id);
      return quoteFor(deps, shopper, buyNow, addressId);
    },
    placeCod: (shopper: Shopper, input: PlaceCodInput) => placeCod(deps, shopper, input),
    start: (shopper: Shopper, input: StartCheckoutInput) => startPayment(deps, shopper, input),
    confirm: (userId: string, orderId: string, input: ConfirmPaymentInput) => confirmPayment(deps, userId, orderId, input),
    abandon: (userId: string, orderId: string) => abandonPayment(deps, userId, orderId),
    testPayment: (userId: string, orderId: string) => testPayment(deps, userId, orderId),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
