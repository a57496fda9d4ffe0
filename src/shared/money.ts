/**
 * Money is integer paise everywhere in code and storage; rupees appear only when formatted.
 *
 * Formatted here rather than with Intl.NumberFormat('en-IN'): the first Intl formatter a page makes
 * loads the browser's locale data, about 120 ms of main thread on a budget phone (measured at 4x
 * CPU slowdown, decision 0024), paid in the middle of taking over a drawn page. The output is
 * Intl's to the character; money.test.ts holds the two side by side over a wide range of amounts.
 */

/** Indian grouping of a whole number's digits: 12,34,56,789 (the last three, then pairs). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** As Intl's en-IN currency format: a sign for any negative (even -0), halves rounded away from zero. */
function rupees(paise: number, showPaise: boolean): string {
  const sign = paise < 0 || Object.is(paise, -0) ? '-' : '';
  if (!Number.isFinite(paise)) return Number.isNaN(paise) ? '₹NaN' : `${sign}₹∞`;
  const units = Math.round(Math.abs(paise) / (showPaise ? 1 : 100));
  if (!showPaise) return `${sign}₹${groupIndian(String(units))}`;
  return `${sign}₹${groupIndian(String(Math.floor(units / 100)))}.${String(units % 100).padStart(2, '0')}`;
}

/** ₹1,23,456.00: the full form, for totals and anything a shopper pays. */
export function formatInr(paise: number): string {
  return rupees(paise, true);
}

/** ₹1,23,456 (paise shown only when there are some, then both digits: ₹1,299.50): the short form for price tags. */
export function formatInrShort(paise: number): string {
  return rupees(paise, paise % 100 !== 0);
}

/**
 * Spec §3: a price may arrive as text with currency symbols; only digits and the dot are kept.
 * Returns paise, or null when nothing numeric is left.
 */
export function parsePriceText(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? Math.round(text * 100) : null;
  // A dot before the first digit belongs to a symbol ("Rs.599"); of the rest, the last dot is the
  // decimal point ("1.299.00" from "Rs.1.299.00").
  const kept = text.replace(/[^0-9.]/g, '').replace(/^\.+(?=\d)/, '');
  const lastDot = kept.lastIndexOf('.');
  const normalised = lastDot === -1 ? kept : kept.slice(0, lastDot).replace(/\./g, '') + kept.slice(lastDot);
  if (!/\d/.test(normalised)) return null;
  const rupees = Number(normalised);
  return Number.isFinite(rupees) ? Math.round(rupees * 100) : null;
}

/**
 * Spec §9: the rounded value of (price - offer) / price × 100. 0 when there is no real discount
 * (no offer, an offer at or above the price, or no price).
 */
export function discountPercent(pricePaise: number, offerPaise: number | null | undefined): number {
  if (offerPaise === null || offerPaise === undefined || pricePaise <= 0 || offerPaise >= pricePaise) return 0;
  return Math.round(((pricePaise - offerPaise) / pricePaise) * 100);
}

/** 'N% off', '0% off' included, as the spec shows it. */
export function discountLabel(pricePaise: number, offerPaise: number | null | undefined): string {
  return `${discountPercent(pricePaise, offerPaise)}% off`;
}
