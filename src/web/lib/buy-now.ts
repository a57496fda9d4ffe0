/**
 * Spec §2 Checkout: Buy Now goes to /checkout carrying one product in router state, as
 * `buyNowProduct` (product_id, product, quantity, price), and leaves the cart as it was.
 */
import type { ProductSummary } from '../../shared/catalog.ts';
import { unitPrice } from '../../shared/cart.ts';

export type BuyNowItem = Pick<ProductSummary, 'id' | 'name' | 'price' | 'offerPrice' | 'thumbnail'>;

export interface BuyNowProduct {
  product_id: number;
  product: BuyNowItem;
  /** Spec §9: a card's add or buy is always one piece. */
  quantity: 1;
  /** The size chosen, for a piece in sizes (issue 16). */
  size?: string;
  /** Paise, as shown: the offer price when there is one. The checkout asks the server again. */
  price: number;
}

export function buyNowState(p: BuyNowItem, size?: string): { buyNowProduct: BuyNowProduct } {
  const { id, name, price, offerPrice, thumbnail } = p;
  return { buyNowProduct: { product_id: id, product: { id, name, price, offerPrice, thumbnail }, quantity: 1, price: unitPrice(p), ...(size !== undefined && { size }) } };
}

/** What the checkout buys: the cart's selected lines (null), or Buy Now's one piece in its size. */
export interface BuyNowKey {
  productId: number;
  size?: string;
}

export function buyNowKey(state: unknown): BuyNowKey | null {
  const b = readBuyNow(state);
  return b ? { productId: b.product_id, ...(typeof b.size === 'string' && { size: b.size }) } : null;
}

export function readBuyNow(state: unknown): BuyNowProduct | null {
  const b = (state as { buyNowProduct?: BuyNowProduct } | null)?.buyNowProduct;
  return b && Number.isInteger(b.product_id) && b.product?.id === b.product_id ? b : null;
}
