/**
 * An order's amounts with GST by piece (issue 18): pricing.ts's settings and shipping rule, and
 * gst.ts's rates. Apart from pricing.ts so that the pages which only show prices and the free-
 * shipping promise (home among them) do not load the tax arithmetic.
 */
import { NO_TAX_RULE, gstPercentText, linePaid, orderTax, untaxed, type TaxableLine, type Taxed } from './gst.ts';
import { formatInr } from './money.ts';
import { shippingFor, type PaymentMethod, type PriceBreakdown, type PricingSettings } from './pricing.ts';

/**
 * The order's amounts (spec §7's helper, in both GST readings): from its lines, each taxed at its
 * piece's rate (issue 18), or from a subtotal alone, taxed at the shop's rate. Shipping and the COD
 * fee carry GST too, at the main piece's rate: contained in them when prices include GST, added
 * to them otherwise, as for the goods.
 */
export function priceOrder(goods: number | TaxableLine[], s: PricingSettings, method: PaymentMethod = 'online', gstRegistered = true): PriceBreakdown {
  return priceLines(typeof goods === 'number' ? [{ unitPrice: goods, quantity: 1, tax: NO_TAX_RULE }] : goods, s, method, gstRegistered).amounts;
}

/**
 * priceOrder's work, with each line's tax and the charges' rate, which the order keeps (issue 18).
 * A shop not registered for GST charges none: its amounts carry no GST and no rates (`gstByRate`
 * empty), and the summary shows no GST line.
 *
 * Lines may carry their share of a discount (issue 50): shipping follows the goods as paid, and a
 * free-shipping offer takes off shipping only, never the COD fee.
 */
export function priceLines(
  lines: TaxableLine[],
  s: PricingSettings,
  method: PaymentMethod = 'online',
  gstRegistered = true,
  freeShipping = false,
): { amounts: PriceBreakdown; lines: Taxed[]; chargesRateBp: number } {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const goods = lines.reduce((sum, l) => sum + linePaid(l), 0);
  const discount = subtotal - goods;
  const shippingDiscount = freeShipping ? shippingFor(goods, s) : 0;
  const shippingCharges = shippingFor(goods, s) - shippingDiscount;
  const codFee = method === 'cod' ? s.codFee : 0;
  const tax = gstRegistered ? orderTax(lines, shippingCharges + codFee, s) : untaxed(lines, shippingCharges + codFee);
  const total = goods + shippingCharges + codFee + (s.pricesIncludeGst ? 0 : tax.gst);
  const amounts: PriceBreakdown = {
    subtotal,
    ...(discount > 0 && { discount }),
    ...(shippingDiscount > 0 && { shippingDiscount }),
    gstAmount: tax.gst,
    shippingCharges,
    total,
    gstRateBp: gstRegistered ? s.gstRateBp : 0,
    gstIncluded: s.pricesIncludeGst,
    gstByRate: tax.byRate,
    ...(method === 'cod' && { codFee }),
  };
  return { amounts, lines: tax.lines, chargesRateBp: tax.charges.rateBp };
}

/**
 * An order's GST as one line: 'GST included: 5% ₹71.38, 18% ₹457.63' (issue 18), 'GST: 5% ₹50.00'
 * when added; null for an order from a shop not registered for GST, which shows no GST line.
 */
export function gstText(b: Pick<PriceBreakdown, 'gstRateBp' | 'gstIncluded' | 'gstByRate' | 'gstAmount'>): string | null {
  // Orders from before GST by piece: design.md's 'GST (18%) included'.
  if (!b.gstByRate) return `GST (${gstPercentText(b.gstRateBp)})${b.gstIncluded ? ' included' : ''}`;
  if (b.gstByRate.length === 0 && b.gstAmount === 0) return null;
  const rates = b.gstByRate.filter((g) => g.gst > 0);
  const parts = rates.length ? rates.map((g) => `${gstPercentText(g.rateBp)} ${formatInr(g.gst)}`).join(', ') : formatInr(0);
  return `${b.gstIncluded ? 'GST included' : 'GST'}: ${parts}`;
}

