/**
 * What a shopper does to their shelf from anywhere in the shop (a card, a product page, a list):
 * like and unlike, and add to the cart. Each calls the API, keeps the session's shelf (the header's
 * badges) to the server's answer, and says how it went in a toast with the spec's words (§8).
 * Shared by features, so it lives here; the cart screen's own changes are in features/cart.
 */
import { useSyncExternalStore } from 'react';
import type { Cart, LikeState } from '../../shared/cart.ts';
import { ApiError, sendJson } from './api.ts';
import { knownSession, updateShelf } from './session.ts';
import { notify } from './toast.ts';

/**
 * Like counts this page has seen change (by this shopper's taps, then the server's count), over
 * whatever count a cached list still holds, so every card and the product page agree at once.
 */
const likeCounts = new Map<number, number>();
const listeners = new Set<() => void>();
let version = 0;

function setLikeCount(productId: number, count: number | undefined) {
  if (count === undefined) likeCounts.delete(productId);
  else likeCounts.set(productId, count);
  version++;
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The product's like count: the latest this page knows, else the one the caller was given. */
export function useLikeCount(productId: number, given: number): number {
  useSyncExternalStore(subscribe, () => version, () => version);
  return likeCounts.get(productId) ?? given;
}

/** Spec §8: the API's refusal, or anything else that went wrong, after the spec's prefix. */
function failure(prefix: string, err: unknown) {
  const text = err instanceof ApiError ? `${prefix}${err.message}` : `Unexpected error: ${err instanceof Error ? err.message : String(err)}`;
  void notify(text, 'error');
}

/**
 * Spec §4 Like: toggles, with the count and the wishlist badge changed at once and put back if
 * the server refuses. A visitor is asked to log in (spec §6).
 */
export async function toggleLike(productId: number, countShown: number): Promise<void> {
  const session = await knownSession();
  if (session.status !== 'signed-in') return void notify('Please log in to like products.');
  const liked = session.shelf.likedProductIds.includes(productId);
  const before = likeCounts.get(productId);
  const mark = (on: boolean) =>
    updateShelf((s) => ({
      ...s,
      likedProductIds: on ? [productId, ...s.likedProductIds.filter((id) => id !== productId)] : s.likedProductIds.filter((id) => id !== productId),
    }));
  mark(!liked);
  setLikeCount(productId, Math.max(0, countShown + (liked ? -1 : 1)));
  try {
    const state = await sendJson<LikeState>(liked ? 'DELETE' : 'PUT', `/api/wishlist/${productId}`);
    mark(state.liked);
    setLikeCount(productId, state.likeCount);
    void notify(state.liked ? 'Added to favorites!' : 'Removed from favorites', 'success');
  } catch (err) {
    mark(liked);
    setLikeCount(productId, before);
    failure('Error updating like: ', err);
  }
}

/** The badge's number: pieces, the sum of the quantities. */
export const piecesIn = (cart: Cart) => cart.items.reduce((n, item) => n + item.quantity, 0);

/** Keeps the header's cart badge to a cart the server answered with. */
export const cartChanged = (cart: Cart) => updateShelf((s) => ({ ...s, cartPieces: piecesIn(cart) }));

/** Spec §7: add one piece (upsert, selected). Resolves whether it was added; the toast says how it went. */
export async function addToCart(productId: number): Promise<boolean> {
  try {
    cartChanged(await sendJson<Cart>('POST', '/api/cart/items', { productId, quantity: 1 }));
    void notify('Added to cart!', 'success');
    return true;
  } catch (err) {
    failure('Error adding to cart: ', err);
    return false;
  }
}
