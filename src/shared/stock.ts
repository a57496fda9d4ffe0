/**
 * Stock (issue 16, docs/decisions/0018): a count of pieces per product size, never below 0, from
 * which the shop's availability label follows; the owner no longer types the label.
 */
import type { Availability } from './catalog.ts';

/** The size of a piece sold in one size (sarees, dupattas, stoles: spec's "one size fits all"). */
export const ONE_SIZE = 'One size';

/** The low-stock mark a shop starts with (the owner's setting, `lowStockThreshold`, src/shared/pricing.ts). */
export const LOW_STOCK_THRESHOLD = 3;

/** The most pieces of one size the shop keeps count of: a bound for hostile or slipped input. */
export const MAX_STOCK = 99_999;

/** `returned`: a piece asked back that passed the shop's check (issue 49). */
export const STOCK_REASONS = ['reserved', 'released', 'sold', 'cancelled', 'restocked', 'corrected', 'imported', 'returned'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/**
 * The shop's label for a count, at the owner's low-stock mark: 0 'Out of Stock', at or below the
 * mark 'Only a few left', else 'In Stock'. The one rule: the products' labels are written by its
 * SQL twin (stock.queries.ts `availabilitySql`, proved equal at every edge by stock-label.test.ts),
 * and a size's 'Only 2 left' and the owner's previews follow it.
 */
export function availabilityOf(stock: number, lowStockThreshold: number): Availability {
  if (stock <= 0) return 'Out of Stock';
  return stock <= lowStockThreshold ? 'Only a few left' : 'In Stock';
}

/** What the shopper is told when a piece has too few left for the order (before any payment window opens). */
export function tooFewLeft(name: string, left: number): string {
  return left === 0 ? `${name} is out of stock. Please remove it to continue.` : `Only ${left} of ${name} left. Please lower the quantity to continue.`;
}
