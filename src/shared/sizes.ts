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
  /**
   * A sold-out size whose last pieces an unpaid order holds (issue 53): they come back when its
   * payment window closes unless it is paid. `minutes` is as of the read (what a drawn page says
   * before its code runs); the page counts down to `until` after.
   */
  held: HeldSize | null;
}

export interface HeldSize {
  /** When the holding order's payment window closes (ISO 8601). */
  until: string;
  minutes: number;
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

/** What the shopper is told of each size: never the count above the threshold, nor who holds it. */
export function sizeChoice(size: string, stock: number, lowStockThreshold: number, heldUntil: Date | null = null, now = Date.now()): SizeChoice {
  const label = availabilityOf(stock, lowStockThreshold);
  const soldOut = label === 'Out of Stock';
  const held = soldOut && heldUntil ? { until: heldUntil.toISOString(), minutes: minutesUntil(heldUntil, now) } : null;
  return { size, soldOut, left: label === 'Only a few left' ? stock : null, held };
}

/**
 * Whole minutes until a hold ends, at least 1: a lapsed hold is given back within a minute of its
 * window closing (the lapse pass, boot.ts), so "back in 1 minute" stays true until it is.
 */
export const minutesUntil = (until: Date | string, now: number) => Math.max(1, Math.ceil((new Date(until).getTime() - now) / 60_000));

/** What a shopper is told of a size only held by an unpaid order (issue 53), instead of sold out. */
export const inSomeonesCart = (minutes: number) => `in someone's cart, back in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;

/** The same, as a sentence about the piece or one of its sizes. */
export const heldSentence = (size: string, minutes: number) => `${size === ONE_SIZE ? 'This piece is' : `Size ${size} is`} ${inSomeonesCart(minutes)}.`;

/** A held size's short word, under its chip and on a one-size piece's buttons. */
export const IN_A_CART = 'In a cart';

/** One piece in one size as a key (of a Map, a Set): the two apart by a NUL, which no size may hold. */
export const pieceKey = (k: { productId: number | null; size: string | null }) => `${k.productId}\u0000${k.size}`;

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
