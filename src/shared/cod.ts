/**
 * Cash on Delivery (issue 17): when checkout offers it, and the one line it says when it does not.
 * The server decides (checkout.service codOffer); these are its words.
 */
import { formatInrShort } from './money.ts';
import type { PriceBreakdown } from './pricing.ts';

export const COD_NOT_AT_PIN = 'Cash on Delivery is not available at this pincode.';
export const codAbove = (max: number) => `Cash on Delivery is available on orders up to ${formatInrShort(max)}.`;
export const codBelow = (min: number) => `Cash on Delivery is available on orders of ${formatInrShort(min)} or more.`;
export const COD_VERIFY_EMAIL = 'Please verify your e-mail address to pay on delivery.';
export const codTooMany = (open: number) =>
  `You have ${open} Cash on Delivery ${open === 1 ? 'order' : 'orders'} still to pay for on delivery. Please pay online, or wait until one is delivered.`;

/** What the confirmation screen says instead of 'Payment Successful'. */
export const payOnDeliveryText = (total: number) => `Pay ${formatInrShort(total)} in cash or UPI when it arrives`;

/** Checkout's answer for the chosen address: when and whether it is delivered, and whether COD is offered. */
export interface CheckoutDelivery {
  served: boolean;
  /** 'Delivery between ...' when served; the reason when not. */
  text: string;
  cod: {
    offered: boolean;
    /** Why not, in one line; null when offered. */
    reason: string | null;
    fee: number;
    /** The order's total paid on delivery (the quote's plus the fee, and the fee's GST when it is added). */
    total: number;
    /** The whole breakdown when paid on delivery: the summary shows it, GST per rate and all (issue 18). */
    amounts: PriceBreakdown;
  };
}

/** What placing a Cash on Delivery order answers: the confirmation screen's facts. */
export interface CodPlaced {
  orderId: string;
  orderNumber: string;
  total: number;
}
