/**
 * GST by piece (issue 18, docs/decisions/0021): the rate of each line from its product's tax rule
 * and the price paid for one piece, and the tax each amount of an order carries, in paise.
 *
 * Since 22 September 2025 (notification 9/2025-Central Tax (Rate)) apparel and made-ups (HSN
 * chapters 61 to 63) are taxed at 5% when a piece's value is at most ₹2,500 and 18% above it;
 * sarees sold as fabric (5007 silk, 5208/5209 cotton, 5407/5408 synthetic) at 5% whatever the
 * price. The value the law means is the transaction value: after any discount, before GST. Both
 * rates and the threshold are the owner's settings, because the law changes.
 *
 * Every amount carries its own GST by one rule: contained in it when prices include GST (design.md:
 * the shopper pays the price shown), added to it otherwise (the spec's other reading). Shipping and
 * the Cash on Delivery fee are part of the supply of the goods (a composite supply), taxed at the
 * rate of the order's main piece: the line of the highest value, the first of equals.
 */
import { DEFAULT_PRICING } from './pricing.ts';
export type TaxRule = 'fixed' | 'apparel';

/** How a product is taxed: its HSN code and rule; a product with no rule takes the shop's GST rate. */
export interface ProductTax {
  hsnCode: string | null;
  taxRule: TaxRule | null;
  /** The fixed rule's rate (fabric: 5%), in basis points. */
  fixedRateBp: number | null;
}

export const NO_TAX_RULE: ProductTax = { hsnCode: null, taxRule: null, fixedRateBp: null };

/** Which rate an inclusive price that fits neither takes (see `pieceRate`). */
export type AmbiguousRate = 'higher' | 'lower';

/** The tax settings the rates come from (part of the pricing settings). */
export interface GstSettings {
  /** Spec §3's gst_percentage: the rate of a product with no rule. */
  gstRateBp: number;
  pricesIncludeGst: boolean;
  /** Apparel by value: at most this value a piece (before GST) takes the lower rate. */
  apparelThreshold: number;
  apparelLowRateBp: number;
  apparelHighRateBp: number;
  ambiguousRate: AmbiguousRate;
}

/** The apparel settings a new shop starts with (they live with the pricing settings). */
export const DEFAULT_GST: Omit<GstSettings, 'gstRateBp' | 'pricesIncludeGst'> = {
  apparelThreshold: DEFAULT_PRICING.apparelThreshold,
  apparelLowRateBp: DEFAULT_PRICING.apparelLowRateBp,
  apparelHighRateBp: DEFAULT_PRICING.apparelHighRateBp,
  ambiguousRate: DEFAULT_PRICING.ambiguousRate,
};

/** The fabric rate a new fixed rule starts at. */
export const FABRIC_RATE_BP = 500;

export interface PieceRate {
  rateBp: number;
  /**
   * An inclusive price that fits neither rate: at the lower rate its value would be above the
   * threshold, at the higher rate below it (₹2,626 to ₹2,950 with ₹2,500, 5% and 18%). The owner's
   * `ambiguousRate` decides; the product editor says so.
   */
  ambiguous: boolean;
}

/** The rate for one piece paid `unitPaise` (after any discount), under its product's rule. */
export function pieceRate(tax: Pick<ProductTax, 'taxRule' | 'fixedRateBp'>, unitPaise: number, s: GstSettings): PieceRate {
  return lineRate(tax, unitPaise, 1, s);
}

/**
 * The rate for a line of `quantity` pieces paid `valuePaise` together, after the line's share of
 * any discount (a discount can take a kurta from 18% to 5%): the rate of its average piece, so the
 * pieces of one line, bought together at one price, share a rate.
 */
export function lineRate(tax: Pick<ProductTax, 'taxRule' | 'fixedRateBp'>, valuePaise: number, quantity: number, s: GstSettings): PieceRate {
  if (tax.taxRule === 'fixed' && tax.fixedRateBp !== null) return { rateBp: tax.fixedRateBp, ambiguous: false };
  if (tax.taxRule !== 'apparel') return { rateBp: s.gstRateBp, ambiguous: false };
  const { apparelThreshold: t, apparelLowRateBp: low, apparelHighRateBp: high } = s;
  const limit = BigInt(t) * BigInt(Math.max(1, quantity));
  // Exclusive prices are the value itself.
  if (!s.pricesIncludeGst) return { rateBp: BigInt(valuePaise) <= limit ? low : high, ambiguous: false };
  // Value at rate r = paid / (1 + r): compared in integers, paid × 10000 against t × qty × (10000 + r).
  const paid = BigInt(valuePaise) * 10_000n;
  if (paid <= limit * BigInt(10_000 + low)) return { rateBp: low, ambiguous: false };
  if (paid > limit * BigInt(10_000 + high)) return { rateBp: high, ambiguous: false };
  return { rateBp: s.ambiguousRate === 'higher' ? high : low, ambiguous: true };
}

/** The inclusive prices a piece of apparel fits neither rate at: above `from`, up to `to` (paise). */
export function ambiguousBand(s: GstSettings): { from: number; to: number } | null {
  if (!s.pricesIncludeGst) return null;
  const edge = (bp: number) => Math.floor((s.apparelThreshold * (10_000 + bp)) / 10_000);
  return { from: edge(s.apparelLowRateBp), to: edge(s.apparelHighRateBp) };
}

/** a × b / c rounded to the nearest integer, halves up, exactly (no floating point on the way). */
export function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((2n * n + d) / (2n * d));
}

/** An amount's tax: its value before GST and the GST on it (their sum is what is paid). */
export interface Taxed {
  rateBp: number;
  taxable: number;
  gst: number;
}

/** The GST an amount carries at a rate: contained in it, or added to it; rounded to the paisa, halves up. */
export function taxOf(amount: number, rateBp: number, included: boolean): Taxed {
  if (included) {
    const gst = mulDivRound(amount, rateBp, 10_000 + rateBp);
    return { rateBp, taxable: amount - gst, gst };
  }
  return { rateBp, taxable: amount, gst: mulDivRound(amount, rateBp, 10_000) };
}

/** One line of an order for the tax: what it costs (unit × quantity, less its discount) and its product's rule. */
export interface TaxableLine {
  unitPrice: number;
  quantity: number;
  tax: Pick<ProductTax, 'taxRule' | 'fixedRateBp'>;
  /** Issue 50: the line's share of the order's offers and code, in paise (0 or absent: none). */
  discount?: number;
}

/** What a line is paid: unit × quantity less its share of the discounts (the value its GST is in or on). */
export const linePaid = (l: Pick<TaxableLine, 'unitPrice' | 'quantity' | 'discount'>) => l.unitPrice * l.quantity - (l.discount ?? 0);

export interface OrderTax {
  /** Per line, in the order given. */
  lines: Taxed[];
  /** Shipping and the COD fee together, at the main piece's rate. */
  charges: Taxed;
  /** Per rate, lowest first: goods and charges. Their GST sums to `gst`. */
  byRate: Taxed[];
  gst: number;
}

/** The order's main piece: the line of the highest value, the first of equals (its index; 0 for none). */
export function mainLine(lineValues: number[]): number {
  let main = 0;
  lineValues.forEach((v, i) => {
    if (v > lineValues[main]!) main = i;
  });
  return main;
}

/** The tax of a whole order: each line at its piece's rate on what it is paid, the charges at the main piece's. */
export function orderTax(lines: TaxableLine[], charges: number, s: GstSettings): OrderTax {
  const paid = lines.map(linePaid);
  const taxedLines = lines.map((l, i) => taxOf(paid[i]!, lineRate(l.tax, paid[i]!, l.quantity, s).rateBp, s.pricesIncludeGst));
  const chargesRate = taxedLines[mainLine(paid)]?.rateBp ?? s.gstRateBp;
  const taxedCharges = taxOf(charges, chargesRate, s.pricesIncludeGst);
  const groups = new Map<number, Taxed>();
  for (const t of [...taxedLines, taxedCharges]) {
    if (t.taxable === 0 && t.gst === 0) continue;
    const g = groups.get(t.rateBp) ?? { rateBp: t.rateBp, taxable: 0, gst: 0 };
    groups.set(t.rateBp, { rateBp: t.rateBp, taxable: g.taxable + t.taxable, gst: g.gst + t.gst });
  }
  const byRate = [...groups.values()].sort((a, b) => a.rateBp - b.rateBp);
  return { lines: taxedLines, charges: taxedCharges, byRate, gst: byRate.reduce((sum, g) => sum + g.gst, 0) };
}

/**
 * An order from a shop not registered for GST: it may charge none (CGST Act, section 32), so each
 * line and the charges are all value, and there is no rate to show.
 */
export function untaxed(lines: TaxableLine[], charges: number): OrderTax {
  const none = (amount: number): Taxed => ({ rateBp: 0, taxable: amount, gst: 0 });
  return { lines: lines.map((l) => none(linePaid(l))), charges: none(charges), byRate: [], gst: 0 };
}

/**
 * A tax split for the invoice: within the shop's state CGST and SGST at half the rate each, else
 * IGST at the whole rate. The odd paisa of an odd GST goes to CGST, so the halves sum to the GST.
 */
export function splitGst(gst: number, intraState: boolean): { cgst: number; sgst: number; igst: number } {
  if (!intraState) return { cgst: 0, sgst: 0, igst: gst };
  const cgst = Math.ceil(gst / 2);
  return { cgst, sgst: gst - cgst, igst: 0 };
}

/** 18% as people write it: '18%', '2.5%'. */
export function gstPercentText(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}
