/**
 * The checkout's calls: what the order costs now (the server's quote, so the screen shows exactly
 * what will be charged), starting the payment, the test mode's stand-in payment, and confirming.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutDelivery, CodPlaced } from '../../../shared/cod.ts';
import type { CheckoutStart, CheckoutSuccess, PaymentConfirmed, Quote as SharedQuote } from '../../../shared/orders.ts';
import type { PlaceCodInput, StartCheckoutBody } from '../../../shared/checkout.contract.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import type { BuyNowKey } from '../../lib/buy-now.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The server's quote, and whether payments run in the test mode. */
export interface Quote extends SharedQuote {
  paymentMode: 'razorpay' | 'test';
  /** The shopper's store credit left to spend, in paise (issue 49): it pays for an online payment. */
  storeCredit: number;
  /** With an address chosen: when it arrives there, and whether Cash on Delivery is offered (issue 17). */
  delivery?: CheckoutDelivery;
}

export type { CheckoutSuccess };

/** Prices, stock and settings can change on the server at any moment: the checkout always asks afresh. */
function quotePath(buyNow: BuyNowKey | null, addressId: string | null): string {
  const params = new URLSearchParams({
    ...(buyNow && { buyNow: String(buyNow.productId), ...(buyNow.size !== undefined && { size: buyNow.size }) }),
    ...(addressId && { address: addressId }),
  });
  return params.size ? `/api/checkout/quote?${params}` : '/api/checkout/quote';
}

export const quoteQuery = (shopperId: string, buyNow: BuyNowKey | null, addressId: string | null = null) =>
  queryOptions({
    queryKey: queryKeys.quote(shopperId, buyNow, addressId),
    queryFn: ({ signal }) => getJson<Quote>(quotePath(buyNow, addressId), { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
    // Choosing another address asks again; the screen keeps the last answer meanwhile.
    placeholderData: keepPreviousData,
  });

export const useQuote = (shopperId: string, buyNow: BuyNowKey | null, addressId: string | null) => useQuery(quoteQuery(shopperId, buyNow, addressId));

/** A Cash on Delivery order, placed at once (issue 17); the same placement key makes it once. */
export const placeCod = (body: PlaceCodInput) => sendJson<CodPlaced>('POST', '/api/checkout/cod', body);

/** Another verification mail, for a shopper who wants to pay on delivery. */
export const sendVerificationMail = () => sendJson<unknown>('POST', '/api/accounts/verification-mail');

export const startPayment = (body: StartCheckoutBody) =>
  sendJson<CheckoutStart>('POST', '/api/checkout/orders', body);

/** The shopper closed the payment: the order's pieces go back on sale (the order lapses). */
/** The checkout's box (issue 48): order updates on WhatsApp or SMS from now on; stopped from the profile. */
export const askOrderUpdates = () => sendJson<unknown>('PUT', '/api/profile/order-updates', { on: true });

export const abandonPayment = (orderId: string) => sendJson<{ released: boolean }>('POST', `/api/checkout/orders/${orderId}/abandon`);

export const testPayment = (orderId: string) => sendJson<CheckoutSuccess>('POST', `/api/checkout/orders/${orderId}/test-payment`);

export const confirmPayment = (orderId: string, success: CheckoutSuccess) =>
  sendJson<PaymentConfirmed>('POST', `/api/checkout/orders/${orderId}/confirm`, success);
