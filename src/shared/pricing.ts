/**
 * Pricing (spec §3 pricing_settings, §7 the pricing helper, §9; design.md Pricing and the GST
 * resolution): one pure module, the server's authority (it recomputes every order from the
 * database) and the browser's display. Integer paise throughout; rounding to the paisa, half up.
 */
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
};

/** Razorpay captures automatically within at least 12 minutes; two hours is longer than any shopper pays in. */
export const RESERVATION_MINUTES = { min: 12, max: 120 } as const;
export const LOW_STOCK_MAX = 99;

export interface PriceBreakdown {
  subtotal: number;
  /** Contained in the subtotal when prices include GST; added to it otherwise. */
  gstAmount: number;
  shippingCharges: number;
  total: number;
  gstRateBp: number;
  gstIncluded: boolean;
  /** Cash on Delivery's charge, in the total; absent or 0 when paid online. */
  codFee?: number;
}

export type PaymentMethod = 'online' | 'cod';

/** Spec §9's shipping rule, from the settings. Nothing to ship ships free. */
export function shippingFor(subtotal: number, s: PricingSettings): number {
  if (subtotal <= 0 || subtotal >= s.freeShippingThreshold) return 0;
  return subtotal >= s.expressShippingThreshold ? s.standardShippingCharge : s.expressShippingCharge;
}

/** a × b / c rounded to the nearest integer, halves up, exactly (no floating point on the way). */
function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((2n * n + d) / (2n * d));
}

/** The order's amounts from its subtotal (paise): spec §7's helper, in both GST readings. */
export function priceOrder(subtotal: number, s: PricingSettings, method: PaymentMethod = 'online'): PriceBreakdown {
  const shippingCharges = shippingFor(subtotal, s);
  const gstAmount = s.pricesIncludeGst
    ? mulDivRound(subtotal, s.gstRateBp, 10_000 + s.gstRateBp)
    : mulDivRound(subtotal, s.gstRateBp, 10_000);
  // Like shipping, the COD fee is charged beside the goods (GST by piece with its invoice is a later issue's).
  const codFee = method === 'cod' ? s.codFee : 0;
  const total = subtotal + shippingCharges + codFee + (s.pricesIncludeGst ? 0 : gstAmount);
  return { subtotal, gstAmount, shippingCharges, total, gstRateBp: s.gstRateBp, gstIncluded: s.pricesIncludeGst, ...(method === 'cod' && { codFee }) };
}

/** 18% as people write it: '18%', '12.5%'. */
export function gstPercentText(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

/** design.md: 'GST (18%) included' when prices include it, else 'GST (18%)'. */
export function gstLabel(b: Pick<PriceBreakdown, 'gstRateBp' | 'gstIncluded'>): string {
  return `GST (${gstPercentText(b.gstRateBp)})${b.gstIncluded ? ' included' : ''}`;
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
