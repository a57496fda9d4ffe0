/**
 * The checkout's calls: what the order costs now (the server's quote, so the screen shows exactly
 * what will be charged), starting the payment, the test mode's stand-in payment, and confirming.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutStart, CheckoutSuccess, PaymentConfirmed, Quote as SharedQuote } from '../../../shared/orders.ts';
import type { StartCheckoutInput } from '../../../shared/checkout.contract.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import type { BuyNowKey } from '../../lib/buy-now.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The server's quote, and whether payments run in the test mode. */
export interface Quote extends SharedQuote {
  paymentMode: 'razorpay' | 'test';
}

export type { CheckoutSuccess };

/** Prices, stock and settings can change on the server at any moment: the checkout always asks afresh. */
function quotePath(buyNow: BuyNowKey | null): string {
  if (!buyNow) return '/api/checkout/quote';
  const params = new URLSearchParams({ buyNow: String(buyNow.productId), ...(buyNow.size !== undefined && { size: buyNow.size }) });
  return `/api/checkout/quote?${params}`;
}

export const quoteQuery = (shopperId: string, buyNow: BuyNowKey | null) =>
  queryOptions({
    queryKey: queryKeys.quote(shopperId, buyNow),
    queryFn: ({ signal }) => getJson<Quote>(quotePath(buyNow), signal),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });

export const useQuote = (shopperId: string, buyNow: BuyNowKey | null) => useQuery(quoteQuery(shopperId, buyNow));

export const startPayment = (body: StartCheckoutInput) =>
  sendJson<CheckoutStart>('POST', '/api/checkout/orders', body);

/** The shopper closed the payment: the order's pieces go back on sale (the order lapses). */
export const abandonPayment = (orderId: string) => sendJson<{ released: boolean }>('POST', `/api/checkout/orders/${orderId}/abandon`);

export const testPayment = (orderId: string) => sendJson<CheckoutSuccess>('POST', `/api/checkout/orders/${orderId}/test-payment`);

export const confirmPayment = (orderId: string, success: CheckoutSuccess) =>
  sendJson<PaymentConfirmed>('POST', `/api/checkout/orders/${orderId}/confirm`, success);
