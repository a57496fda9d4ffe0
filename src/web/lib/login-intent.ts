/**
 * Spec §4: a visitor's Add to Cart or Buy Now goes to /login, carrying what they meant to do, the
 * product and where they were, in router state. Once signed in (by login or sign-up) the intent
 * completes: the piece is added and the shopper goes back where they were, or Buy Now goes on to
 * /checkout with that product.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ProductSummary } from '../../shared/catalog.ts';
import { buyNowState } from './buy-now.ts';
import { addToCart } from './shelf.ts';

export type LoginIntentAction = 'addToCart' | 'buyNow';

export interface LoginIntent {
  action: LoginIntentAction;
  product: Pick<ProductSummary, 'id' | 'name' | 'price' | 'offerPrice' | 'thumbnail'>;
  /** Spec §9: a card's add or buy is always one piece. */
  quantity: 1;
  /** The size chosen on the product page, for a piece in sizes. */
  size?: string;
  /** The path (with its search) to return to after signing in. */
  from: string;
}

export function loginIntent(action: LoginIntentAction, p: ProductSummary, from: string, size?: string): LoginIntent {
  const { id, name, price, offerPrice, thumbnail } = p;
  return { action, product: { id, name, price, offerPrice, thumbnail }, quantity: 1, from, ...(size !== undefined && { size }) };
}

export function readLoginIntent(state: unknown): LoginIntent | null {
  const s = state as { intent?: LoginIntent } | null;
  return s?.intent && (s.intent.action === 'addToCart' || s.intent.action === 'buyNow') ? s.intent : null;
}

/** Where a screen that needs a session sends a visitor to log in from, and where they come back to. */
export interface ReturnState {
  from?: string;
  intent?: LoginIntent;
}

/**
 * Where to go once signed in (spec §4): back where the visitor was, with the intent they carried
 * (the cart stage completes the Add to Cart or Buy Now itself); otherwise home. Only a path of ours.
 */
export function returnPath(state: unknown): string {
  const s = state as ReturnState | null;
  const from = readLoginIntent(state)?.from ?? s?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** Where to go once signed in, and with what router state. */
export interface Next {
  to: string;
  state?: unknown;
}

/**
 * Completes what the visitor meant to do (spec §4 Login success), once the session is known to be
 * signed in: adds the piece (its toast says how it went) or carries the product to checkout.
 */
export async function completeIntent(client: QueryClient, state: unknown): Promise<Next> {
  const intent = readLoginIntent(state);
  const size = typeof intent?.size === 'string' ? intent.size : undefined;
  if (intent?.action === 'buyNow') return { to: '/checkout', state: buyNowState(intent.product, size) };
  if (intent?.action === 'addToCart') await addToCart(client, intent.product.id, size);
  return { to: returnPath(state) };
}
