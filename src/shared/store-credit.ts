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

/**
 * Where a cancelled paid order's money goes, after "We refund" or "We are refunding": the
 * payment's part back to it, store credit's to the credit.
 */
export function cancelMoneyText(charged: number, credit: number, inr: (paise: number) => string): string {
  const toPayment = charged > 0 ? `${inr(charged)} to the way you paid` : '';
  const toCredit = credit > 0 ? `${inr(credit)} to your store credit` : '';
  const both = [toPayment, toCredit].filter(Boolean).join(' and ');
  return `${both}${charged > 0 ? '. Banks usually show a refund within 5 to 7 working days' : ', at once'}.`;
}

/** What the payment provider is asked for: the total less what store credit paid. */
export const chargedOf = (order: { total: number; creditUsed: number }): number => order.total - order.creditUsed;
