/**
 * Back in stock (issue 16): a signed-in shopper asks to be told, once, when a sold-out size has
 * pieces again. What the product page, /favorites and the mail's unsubscribe page say.
 */
import type { ProductSummary } from './catalog.ts';
import { ONE_SIZE } from './stock.ts';

/** One of the shopper's requests: waiting, or mailed (and so closed). */
export interface StockAlert {
  productId: number;
  size: string;
  /** The piece as a card, or null when the owner has hidden or removed it since. */
  product: ProductSummary | null;
  askedAt: string;
  mailedAt: string | null;
}

/** How long a mailed request still shows in the shopper's list. */
export const MAILED_ALERTS_SHOWN_DAYS = 30;

export const ALERT_IN_STOCK = (size: string) =>
  size === ONE_SIZE ? 'This piece is in stock now: you can buy it.' : `Size ${size} is in stock now: choose it and add it to your cart.`;
export const ALERT_SET = (size: string) =>
  size === ONE_SIZE ? 'We will mail you once when this piece is back.' : `We will mail you once when size ${size} is back.`;
export const ALERT_LINK_UNKNOWN = 'This link is not valid. Please use the link in your latest back-in-stock mail.';
