/**
 * The signed-in shopper's cart: one query (keyed by the shopper) and the line changes of the cart
 * screen. A change shows at once and is put back if the server refuses; its answer is the whole
 * cart, which replaces the cached one and the header's badge, so the screen, the badge and the
 * server never disagree for long. Pieces added elsewhere (a card, a product page) write the cart
 * here too (lib/shelf.ts), so the screen need not ask again each time it opens.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../shared/cart.ts';
import type { CartLineInput } from '../../../shared/cart.contract.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { cartChanged } from '../../lib/shelf.ts';

export const cartQuery = (shopperId: string) =>
  queryOptions({
    queryKey: queryKeys.cart(shopperId),
    queryFn: async ({ client, signal }) => {
      const cart = await getJson<Cart>('/api/cart', signal);
      // The badge follows what the server holds (another tab or device may have changed it).
      cartChanged(client, shopperId, cart);
      return cart;
    },
  });

export const useCart = (shopperId: string) => useQuery(cartQuery(shopperId));

export type LineChange = { productId: number } & ({ change: CartLineInput } | { remove: true });

/**
 * A line's change, shown at once: the cached cart is changed in the same event as the tap (a
 * checkbox the browser has just ticked stays ticked), a fetch under way is dropped rather than
 * let to overwrite it, and the cart as it was comes back if the server refuses.
 */
export function useChangeLine(shopperId: string) {
  const client = useQueryClient();
  const key = queryKeys.cart(shopperId);
  const mutation = useMutation({
    mutationFn: (line: LineChange) =>
      'remove' in line
        ? sendJson<Cart>('DELETE', `/api/cart/items/${line.productId}`)
        : sendJson<Cart>('PATCH', `/api/cart/items/${line.productId}`, line.change),
    onSuccess: (cart) => cartChanged(client, shopperId, cart),
  });
  const change = (line: LineChange, onError: (err: Error) => void) => {
    const before = client.getQueryData<Cart>(key);
    void client.cancelQueries({ queryKey: key }, { revert: false });
    if (before) client.setQueryData(key, changed(before, line));
    mutation.mutate(line, {
      onError: (err) => {
        if (before) client.setQueryData(key, before);
        onError(err);
      },
    });
  };
  return { change, busyId: mutation.isPending ? mutation.variables?.productId : undefined };
}

/** The cart as it will be once the server has made the change. */
function changed(cart: Cart, line: LineChange): Cart {
  if ('remove' in line) return { items: cart.items.filter((i) => i.productId !== line.productId) };
  return { items: cart.items.map((i) => (i.productId === line.productId ? { ...i, ...line.change } : i)) };
}
