/**
 * Pricing (spec §3 pricing_settings, §7 the pricing helper, §9; design.md Pricing and the GST
 * resolution): one pure module, the server's authority (it recomputes every order from the
 * database) and the browser's display. Integer paise throughout; rounding to the paisa, half up.
 */
import type { AmbiguousRate, Taxed } from './gst.ts';
import { formatInrShort } from './money.ts';

/** The shop's pricing settings, as the code holds them: paise, and GST in basis points (18% = 1800). */
export interface PricingSettings {
  gstRateBp: number;
  /** Spec §9: a subtotal at or above this ships free. */
  freeShippingThreshold: number;
  /** Paid at or above the express threshold (spec's names: a subtotal of ₹499 or more pays ₹99). */
  standardShippingCharge: number;
  /** Paid below the express threshold (₹149 below ₹499). */
  expressShippingCharge: number;
  expressShippingThreshold: number;
  /** design.md: shop prices include GST (the product page says 'Inclusive of all taxes'). */
  pricesIncludeGst: boolean;
  /** Issue 16: at or below this many pieces (and above 0) a piece or size is 'Only a few left'. */
  lowStockThreshold: number;
  /** Issue 16: how long an order waiting for payment holds its pieces, in minutes. */
  reservationMinutes: number;
  /** Issue 17: Cash on Delivery's own charge, a line of its own beside shipping (0: none). */
  codFee: number;
  /** Issue 18, apparel by value: at most this value a piece (before GST) is taxed at the lower rate, above it at the higher. */
  apparelThreshold: number;
  apparelLowRateBp: number;
  apparelHighRateBp: number;
  /** An inclusive price that fits neither apparel rate takes this one (src/shared/gst.ts). */
  ambiguousRate: AmbiguousRate;
}

/** Spec §3's defaults, and design.md's sixth setting. */
export const DEFAULT_PRICING: PricingSettings = {
  gstRateBp: 1800,
  freeShippingThreshold: 999_00,
  standardShippingCharge: 99_00,
  expressShippingCharge: 149_00,
  expressShippingThreshold: 499_00,
  pricesIncludeGst: true,
  lowStockThreshold: 3,
  reservationMinutes: 15,
  codFee: 0,
  // Apparel by value since 22 September 2025 (src/shared/gst.ts).
  apparelThreshold: 2_500_00,
  apparelLowRateBp: 500,
  apparelHighRateBp: 1800,
  ambiguousRate: 'higher',
};

/** Razorpay captures automatically within at least 12 minutes; two hours is longer than any shopper pays in. */
export const RESERVATION_MINUTES = { min: 12, max: 120 } as const;
export const LOW_STOCK_MAX = 99;

export interface PriceBreakdown {
  /** The goods at their prices (unit × quantity), before the offers and code. */
  subtotal: number;
  /** Issue 50: taken off the goods by offers and a code, shared over the lines (absent: none). */
  discount?: number;
  /** Issue 50: taken off shipping by a free-shipping offer or code; `shippingCharges` is after it. */
  shippingDiscount?: number;
  /** Contained in the subtotal when prices include GST; added to it otherwise. */
  gstAmount: number;
  shippingCharges: number;
  total: number;
  gstRateBp: number;
  gstIncluded: boolean;
  /** Cash on Delivery's charge, in the total; absent or 0 when paid online. */
  codFee?: number;
  /**
   * Issue 18: the GST per rate, goods and charges together, lowest rate first (absent on orders
   * placed before GST by piece, which carry one rate, `gstRateBp`).
   */
  gstByRate?: Taxed[];
}

export type PaymentMethod = 'online' | 'cod';

/** Spec §9's shipping rule, from the settings. Nothing to ship ships free. */
export function shippingFor(subtotal: number, s: PricingSettings): number {
  if (subtotal <= 0 || subtotal >= s.freeShippingThreshold) return 0;
  return subtotal >= s.expressShippingThreshold ? s.standardShippingCharge : s.expressShippingCharge;
}

/**
 * Spec §9's fallback on the orders screen when an order's amounts are missing: subtotal 0.847 of
 * the total, GST 0.153 of it, at 18%.
 */
export function fallbackBreakdown(total: number): PriceBreakdown {
  return {
    subtotal: Math.round(total * 0.847),
    gstAmount: Math.round(total * 0.153),
    shippingCharges: 0,
    total,
    gstRateBp: 1800,
    gstIncluded: false,
  };
}

/** The shop's free-shipping promise, from the settings (design.md: never written by hand). */
export const freeShippingThresholdText = (s: Pick<PricingSettings, 'freeShippingThreshold'>) => formatInrShort(s.freeShippingThreshold);

/** Under a product's price (design.md: prices include GST unless the owner turns it off). */
export const priceTaxNote = (s: Pick<PricingSettings, 'pricesIncludeGst'>) => (s.pricesIncludeGst ? 'Inclusive of all taxes' : 'Plus GST, added at checkout');

/** Under the cart's subtotal. */
export const cartTaxNote = (s: Pick<PricingSettings, 'pricesIncludeGst'>) =>
  s.pricesIncludeGst ? 'Prices include all taxes. Shipping is worked out at checkout.' : 'GST and shipping are added at checkout.';

/** The shop's default page description (the head of any page without its own), with the free-shipping promise from the settings. */
export const shopDescription = (s: Pick<PricingSettings, 'freeShippingThreshold'>) =>
  `Handwoven silk and cotton sarees, kurtas, lehengas and dupattas from India's weaving towns. Free shipping over ${freeShippingThresholdText(s)}, secure payments, ships across India.`;
