/**
 * Sizes (issue 16, docs/decisions/0019): a piece is sold in one size (sarees, dupattas, stoles) or
 * in sizes the owner picks from a size list (XS to 3XL, 32 to 44), each with its own stock. What
 * the shopper sees of a size, and the words for choosing one.
 */
import { availabilityOf, ONE_SIZE } from './stock.ts';

/** A size as a shopper may name one: letters, figures, spaces and . - / only, short (a NUL or a page of text is no size). */
export const SIZE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ./-]{0,23}$/u;

/** A size as the product page, the cart and the card show it. */
export interface SizeChoice {
  size: string;
  soldOut: boolean;
  /** How many are left, said only at or below the low-stock threshold ('Only 2 left'). */
  left: number | null;
}

/** A size list's chart: per size, one figure per measure, in inches. */
export interface SizeChart {
  listName: string;
  measures: string[];
  rows: { size: string; inches: (number | null)[] }[];
}

/** A size list the owner picks a product's sizes from. */
export interface SizeList {
  id: number;
  name: string;
  sizes: string[];
}

export const CHOOSE_SIZE = 'Please choose a size.';
export const SIZE_NOT_OFFERED = 'This size is not available for this piece. Please choose another.';

/** Whether a piece is bought in a size the shopper chooses. */
export const isSized = (sizes: readonly { size: string }[]) => sizes.some((s) => s.size !== ONE_SIZE);

/** What the shopper is told of each size: never the count above the threshold. */
export function sizeChoice(size: string, stock: number, lowStockThreshold: number): SizeChoice {
  const label = availabilityOf(stock, lowStockThreshold);
  return { size, soldOut: label === 'Out of Stock', left: label === 'Only a few left' ? stock : null };
}

/** A line's name with its size, where the piece has sizes: 'Chikankari Kurta (size M)'. */
export const withSize = (name: string, size: string | null | undefined) => (size && size !== ONE_SIZE ? `${name} (size ${size})` : name);

/** A size's label on a line, or null for a one-size piece (nothing to say). */
export const sizeLabel = (size: string | null | undefined) => (size && size !== ONE_SIZE ? `Size: ${size}` : null);

/** The cart's cap: the shopper may not hold more of a size than the shop has. */
export function onlyLeftInSize(size: string, left: number): string {
  if (left <= 0) return size === ONE_SIZE ? 'Sorry, this piece is out of stock.' : `Sorry, size ${size} is out of stock.`;
  return size === ONE_SIZE ? `Only ${left} of this piece left.` : `Only ${left} left in size ${size}.`;
}

/** Inches to centimetres, to the nearest half: what a chart beside a tape measure needs. */
export const inchesToCm = (inches: number) => Math.round(inches * 2.54 * 2) / 2;
