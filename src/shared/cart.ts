/**
 * The cart and the wishlist: constants and the shapes the API returns, shared by server, web app
 * and tests (the request schemas are in cart.contract.ts).
 */
import type { ProductSummary } from './catalog.ts';
import type { SizeChoice } from './sizes.ts';

/** Spec §5: at least 1. The most of one piece per order: a boutique's stock, not a wholesaler's. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;
/** Different pieces one cart may hold. */
export const MAX_CART_LINES = 50;

export const QUANTITY_TOO_LOW = 'Quantity must be at least 1.';
export const QUANTITY_TOO_HIGH = `You can buy at most ${MAX_QUANTITY} of one piece.`;
export const QUANTITY_NOT_WHOLE = 'Quantity must be a whole number.';
export const CART_FULL = `Your cart can hold up to ${MAX_CART_LINES} different pieces. Please remove one first.`;
export const SOLD_OUT = 'Sorry, this piece is out of stock.';

/** A cart line's product: what the cart screen shows of it. */
export type CartProduct = Omit<ProductSummary, 'likeCount'>;

/** Spec §3 cart item, with its product joined (spec §7). */
export interface CartItem {
  productId: number;
  /** 'One size' for a one-size piece. */
  size: string;
  quantity: number;
  selected: boolean;
  product: CartProduct;
  /** The product's sizes on offer, for changing the line's size; its own among them unless retired. */
  sizes: SizeChoice[];
}

export interface Cart {
  items: CartItem[];
}

/** The header's badges (spec §2 Navigation frame), part of the session's answer. */
export interface Shelf {
  /** What the shopper likes: the wishlist badge counts them, the like buttons show them. */
  likedProductIds: number[];
  /** Pieces in the cart: the sum of the quantities. */
  cartPieces: number;
}

/** A like or unlike's answer: the shopper's state and the product's count for everyone. */
export interface LikeState {
  productId: number;
  liked: boolean;
  likeCount: number;
}

/** The price a piece sells at: its offer price when it has one. */
export const unitPrice = (p: Pick<CartProduct, 'price' | 'offerPrice'>) => p.offerPrice ?? p.price;

/** Whether the line's own size is gone or sold out: it waits in the cart, out of the order. */
export const lineSoldOut = (item: Pick<CartItem, 'size' | 'sizes'>) => !item.sizes.some((s) => s.size === item.size && !s.soldOut);

/** A line that can be bought now: selected, and its size in stock. */
export const buyable = (item: CartItem) => item.selected && !lineSoldOut(item);

/** Spec §2 Cart: the order summary counts the selected lines only (a sold-out piece waits in the cart). */
export function selectedSubtotal(items: readonly CartItem[]): { pieces: number; subtotal: number } {
  let pieces = 0;
  let subtotal = 0;
  for (const item of items) {
    if (!buyable(item)) continue;
    pieces += item.quantity;
    subtotal += unitPrice(item.product) * item.quantity;
  }
  return { pieces, subtotal };
}
