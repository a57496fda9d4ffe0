/** Store credit as its shopper sees it (issue 49): money to spend at checkout, each grant with its end. */
export interface StoreCredit {
  /** Paise left to spend now, every live grant together. */
  balance: number;
  grants: { amount: number; remaining: number; grantedAt: string; expiresAt: string }[];
}

/** The least a payment provider takes (Razorpay: ₹1): credit pays all of an order or leaves at least this. */
export const LEAST_CHARGE = 100;

/**
 * How much of `total` the shopper's credit pays when they choose to use it: all of it, or as much
 * as leaves the provider at least ₹1 to take.
 */
export function creditToUse(balance: number, total: number): number {
  const most = Math.min(Math.max(0, balance), total);
  return most === total || total - most >= LEAST_CHARGE ? most : Math.max(0, total - LEAST_CHARGE);
}

/** Whether `credit` may pay part of `total`: none, all, or leaving at least ₹1. */
export const creditFits = (credit: number, total: number): boolean => credit === 0 || credit === total || (credit > 0 && total - credit >= LEAST_CHARGE);

/** What the payment provider is asked for: the total less what store credit paid. */
export const chargedOf = (order: { total: number; creditUsed: number }): number => order.total - order.creditUsed;
