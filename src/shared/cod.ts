/**
 * Cash on Delivery (issue 17): when it is offered, and the one line said when it is not. One
 * verdict (`codVerdict`) serves the product page's PIN check, checkout's answer for an address and
 * the order placed: the PIN's rule, the owner's limits, and for an order the shopper's standing.
 */
import type { DeliverySettings } from './delivery.ts';
import { formatInrShort } from './money.ts';
import type { PriceBreakdown } from './pricing.ts';

export const COD_NOT_AT_PIN = 'Cash on Delivery is not available at this pincode.';
export const codAbove = (max: number) => `Cash on Delivery is available on orders up to ${formatInrShort(max)}.`;
export const codBelow = (min: number) => `Cash on Delivery is available on orders of ${formatInrShort(min)} or more.`;
export const COD_VERIFY_EMAIL = 'Please verify your e-mail address to pay on delivery.';
export const codTooMany = (open: number) =>
  `You have ${open} Cash on Delivery ${open === 1 ? 'order' : 'orders'} still to pay for on delivery. Please pay online, or wait until one is delivered.`;

/** The product page's line when the piece may be paid on delivery. */
export const COD_AVAILABLE = 'Cash on Delivery available.';

/** The owner's limits (Settings › Delivery). */
export type CodLimits = Pick<DeliverySettings, 'codMinPaise' | 'codMaxPaise' | 'codOpenOrdersMax'>;

/** Why Cash on Delivery is not offered: the PIN's rule, the order's total, or the shopper's standing. */
export type CodRefusal = 'pin' | 'above' | 'below' | 'email' | 'open';

export interface CodFacts {
  /** The PIN's rule allows Cash on Delivery there. */
  atPin: boolean;
  /** What would be paid at the door (the product page: one piece). */
  total: number;
  limits: CodLimits;
  /** An order's shopper (checkout and placing it; not the product page): e-mail verified, and their COD orders still to be paid. */
  shopper?: { emailVerified: boolean; openOrders: number };
}

/** The shopper's Cash on Delivery orders still open, against the owner's limit: the refusal's words, or null. */
export const codOpenRefusal = (openOrders: number, limits: Pick<CodLimits, 'codOpenOrdersMax'>): string | null =>
  openOrders >= limits.codOpenOrdersMax ? codTooMany(openOrders) : null;

/** Null when Cash on Delivery is offered; else the first reason in the order a shopper should hear them, and its words. */
export function codVerdict({ atPin, total, limits, shopper }: CodFacts): { refusal: CodRefusal; reason: string } | null {
  if (!atPin) return { refusal: 'pin', reason: COD_NOT_AT_PIN };
  if (total > limits.codMaxPaise) return { refusal: 'above', reason: codAbove(limits.codMaxPaise) };
  if (total < limits.codMinPaise) return { refusal: 'below', reason: codBelow(limits.codMinPaise) };
  if (!shopper) return null;
  if (!shopper.emailVerified) return { refusal: 'email', reason: COD_VERIFY_EMAIL };
  const open = codOpenRefusal(shopper.openOrders, limits);
  return open ? { refusal: 'open', reason: open } : null;
}

/**
 * The product page's answer for one piece: a piece below the minimum may still be paid on delivery
 * in a larger order, so it is offered with the minimum said; the PIN's rule and the maximum are not.
 */
export function codForPiece(atPin: boolean, piecePaise: number, limits: CodLimits): { cod: boolean; codText: string } {
  const verdict = codVerdict({ atPin, total: piecePaise, limits });
  return { cod: verdict === null || verdict.refusal === 'below', codText: verdict?.reason ?? COD_AVAILABLE };
}

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
