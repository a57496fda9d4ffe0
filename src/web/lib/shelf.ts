/**
 * What a shopper does to their shelf from anywhere in the shop (a card, a product page, a list):
 * like and unlike, and add to the cart. Each calls the API and keeps the query cache to the
 * server's answer: the session's shelf (the header's badges), the like count on every cached card,
 * the cart and the wishlist. Each says how it went in a toast with the spec's words (§8). Shared
 * by features, so it lives here; the cart screen's own line changes are in features/cart.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart, LikeState } from '../../shared/cart.ts';
import type { ProductSummary } from '../../shared/catalog.ts';
import { ApiError, sendJson } from './api.ts';
import { withLikeCount } from './like-counts.ts';
import { queryKeys } from './query-keys.ts';
import { knownSession, updateShelf } from './session.ts';
import { notify } from './toast.ts';

/** Spec §8: the API's refusal, or anything else that went wrong, after the spec's prefix. */
function failure(prefix: string, err: unknown) {
  const text = err instanceof ApiError ? `${prefix}${err.message}` : `Unexpected error: ${err instanceof Error ? err.message : String(err)}`;
  void notify(text, 'error');
}

function setLikeCount(client: QueryClient, productId: number, count: number) {
  const update = <T>(data: T) => withLikeCount(data, productId, count);
  client.setQueriesData({ queryKey: queryKeys.products }, update);
  client.setQueriesData({ queryKey: ['wishlist'] }, update);
}

function markLiked(client: QueryClient, productId: number, on: boolean) {
  updateShelf(client, (s) => ({
    ...s,
    likedProductIds: on ? [productId, ...s.likedProductIds.filter((id) => id !== productId)] : s.likedProductIds.filter((id) => id !== productId),
  }));
}

/**
 * Spec §4 Like: toggles, with the count and the wishlist badge changed at once and put back if
 * the server refuses. A visitor is asked to log in (spec §6).
 */
export async function toggleLike(client: QueryClient, product: Pick<ProductSummary, 'id' | 'likeCount'>): Promise<void> {
  const session = await knownSession(client);
  if (session.status !== 'signed-in') return void notify('Please log in to like products.');
  const { id } = product;
  const liked = session.shelf.likedProductIds.includes(id);
  markLiked(client, id, !liked);
  setLikeCount(client, id, Math.max(0, product.likeCount + (liked ? -1 : 1)));
  try {
    const state = await sendJson<LikeState>(liked ? 'DELETE' : 'PUT', `/api/wishlist/${id}`);
    markLiked(client, id, state.liked);
    setLikeCount(client, id, state.likeCount);
    // The favorites list gains or loses a card: asked again when it next shows.
    void client.invalidateQueries({ queryKey: queryKeys.wishlist(session.shopper.id) });
    void notify(state.liked ? 'Added to favorites!' : 'Removed from favorites', 'success');
  } catch (err) {
    markLiked(client, id, liked);
    setLikeCount(client, id, product.likeCount);
    failure('Error updating like: ', err);
  }
}

/** The badge's number: pieces, the sum of the quantities. */
export const piecesIn = (cart: Cart) => cart.items.reduce((n, item) => n + item.quantity, 0);

/** A cart the server answered with: the cached cart, the header's badge and the checkout's quote follow it. */
export function cartChanged(client: QueryClient, shopperId: string, cart: Cart) {
  client.setQueryData(queryKeys.cart(shopperId), cart);
  updateShelf(client, (s) => ({ ...s, cartPieces: piecesIn(cart) }));
  void client.invalidateQueries({ queryKey: queryKeys.quotes });
}

/** Spec §7: add one piece (upsert, selected). Resolves whether it was added; the toast says how it went. */
export async function addToCart(client: QueryClient, productId: number, size?: string): Promise<boolean> {
  try {
    const session = await knownSession(client);
    const cart = await sendJson<Cart>('POST', '/api/cart/items', { productId, quantity: 1, ...(size !== undefined && { size }) });
    if (session.status === 'signed-in') cartChanged(client, session.shopper.id, cart);
    void notify('Added to cart!', 'success');
    return true;
  } catch (err) {
    failure('Error adding to cart: ', err);
    return false;
  }
}

/** The two deeds for a component: the client is the page's one. */
export function useShelf() {
  const client = useQueryClient();
  return {
    toggleLike: (product: Pick<ProductSummary, 'id' | 'likeCount'>) => toggleLike(client, product),
    addToCart: (productId: number, size?: string) => addToCart(client, productId, size),
  };
}
