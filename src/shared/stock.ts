/**
 * Stock (issue 16, docs/decisions/0018): a count of pieces per product size, never below 0, from
 * which the shop's availability label follows; the owner no longer types the label.
 */
import type { Availability } from './catalog.ts';

/** The size of a piece sold in one size (sarees, dupattas, stoles: spec's "one size fits all"). */
export const ONE_SIZE = 'One size';

/** At or below this many pieces (and above 0) a piece is 'Only a few left'. */
export const LOW_STOCK_THRESHOLD = 3;

/** The most pieces of one size the shop keeps count of: a bound for hostile or slipped input. */
export const MAX_STOCK = 99_999;

export const STOCK_REASONS = ['reserved', 'released', 'sold', 'cancelled', 'restocked', 'corrected', 'imported'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export function availabilityOf(stock: number, lowStockThreshold = LOW_STOCK_THRESHOLD): Availability {
  if (stock <= 0) return 'Out of Stock';
  return stock <= lowStockThreshold ? 'Only a few left' : 'In Stock';
}

/** What the shopper is told when a piece has too few left for the order (before any payment window opens). */
export function tooFewLeft(name: string, left: number): string {
  return left === 0 ? `${name} is out of stock. Please remove it to continue.` : `Only ${left} of ${name} left. Please lower the quantity to continue.`;
}
