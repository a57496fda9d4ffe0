/** The checkout's request contracts: starting a payment, and its confirmation. */
import { MAX_ID } from './catalog.contract.ts';
import { sizeName } from './cart.contract.ts';
import { z } from './zod.ts';

import { MAX_ORDER_TOTAL, MAX_PIECES_HELD, MAX_UNPAID_ORDERS } from './orders.ts';

export const CHOOSE_ADDRESS = 'Please choose a delivery address.';
/** docs/decisions/0016: what the quote and the checkout say of an order over MAX_ORDER_TOTAL. */
export const ORDER_TOO_LARGE = 'An order can be at most ₹10,00,000. Please remove some pieces, or place the rest as a second order.';
/** The wait is the owner's reservation window (issue 16). */
export const tooManyUnpaid = (minutes: number) =>
  `You have ${MAX_UNPAID_ORDERS} orders waiting for payment. Please pay for one of them, or wait ${minutes} minutes for them to lapse, before placing another.`;
/** Issue 53: the pieces other unpaid orders hold already, beside this one's, past MAX_PIECES_HELD. */
export const tooManyHeld = (heldElsewhere: number) =>
  `You have ${heldElsewhere} pieces waiting for payment in other orders, and an order can wait beside them only while all together hold at most ${MAX_PIECES_HELD}. Please pay for those orders, or close them, before placing this one.`;
/** Issue 53: the last pieces of a size the shopper gave back by closing the payment, left to others a while. */
export const givenBackLately = (name: string, minutes: number) =>
  `You closed the payment for ${name} a moment ago, so its last pieces are open to other shoppers for a few minutes. Please try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
export const ORDER_CANCELLED_PAID = 'This order was cancelled, so your payment will be refunded to you in full. Please place a new order.';
/** Issue 16: a payment after the window closed, when the pieces it held have gone to another shopper. */
export const ORDER_EXPIRED_PAID = 'Your payment reached us after the time to pay had run out, and the pieces in this order have sold out since. Your payment will be refunded to you in full.';
/** A payment not yet taken for an order whose window closed: Razorpay gives it back by itself. */
export const ORDER_EXPIRED_UNPAID = 'The time to pay for this order ran out before your payment was complete. If money left your account, it will be returned to you; please place a new order.';
/** Spec §5 Payment start, word for word: checked in the browser and again by the server. */
export const INVALID_ADDRESS = 'Please ensure your delivery address has valid information before proceeding to payment.';
export const PLACEHOLDER_ADDRESS = 'Please update your address with your actual details before proceeding to payment.';

/** Spec §2 Checkout: the selected cart lines, or Buy Now's one product; the total the shopper was shown. */
export const startCheckoutContract = z.object({
  addressId: z.uuid({ error: CHOOSE_ADDRESS }),
  buyNow: z
    .object({
      productId: z.number({ error: 'Product not found' }).int('Product not found').min(1, 'Product not found').max(MAX_ID, 'Product not found'),
      /** Required for a piece in sizes (issue 16). */
      size: sizeName.optional(),
    })
    .optional(),
  /** Paise, as the checkout showed it: the server refuses to charge anything else. */
  expectedTotal: z.number({ error: 'The total is missing.' }).int('The total is missing.').min(0, 'The total is missing.'),
  /**
   * The browser's key for one press of Pay (issue 49): an order store credit pays all of is paid at
   * once, so a retry of the same press must find it rather than place another.
   */
  placementKey: z.uuid({ error: 'Please place the order again.' }).optional(),
  /** Store credit to pay with, in paise, as the checkout showed it (issue 49). */
  credit: z.number({ error: 'The store credit must be an amount.' }).int('The store credit must be whole paise.').min(0, 'The store credit cannot be negative.').max(MAX_ORDER_TOTAL, 'The store credit is more than the order.').default(0),
});
export type StartCheckoutInput = z.infer<typeof startCheckoutContract>;
/** What the browser sends: the credit may be left out (none). */
export type StartCheckoutBody = z.input<typeof startCheckoutContract>;
export type BuyNowInput = NonNullable<StartCheckoutInput['buyNow']>;

const providerId = (message: string) => z.string({ error: message }).regex(/^[A-Za-z0-9_]{1,64}$/, message);
const PAYMENT_NOT_VERIFIED = 'We could not verify this payment. If money left your account, it will be settled or refunded; please contact us.';

/** What checkout.js (or the test dialog) hands its success handler (spec §7). */
export const confirmPaymentContract = z.object({
  razorpay_payment_id: providerId(PAYMENT_NOT_VERIFIED),
  razorpay_order_id: providerId(PAYMENT_NOT_VERIFIED),
  razorpay_signature: z.string({ error: PAYMENT_NOT_VERIFIED }).regex(/^[0-9a-f]{64}$/i, PAYMENT_NOT_VERIFIED),
});
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentContract>;
export { PAYMENT_NOT_VERIFIED };

/**
 * Place a Cash on Delivery order (issue 17): as starting a payment, plus the browser's key for this
 * press of the button, the same on a retry, so the order is made once. Store credit is spent with
 * online payment only (issue 49, docs/decisions/0049): the courier collects a COD order's total.
 */
export const placeCodContract = startCheckoutContract.omit({ credit: true, placementKey: true }).extend({
  placementKey: z.uuid({ error: 'Please place the order again.' }),
});
export type PlaceCodInput = z.infer<typeof placeCodContract>;
