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
import type { Quote } from '../../../shared/orders.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { cartChanged } from '../../lib/shelf.ts';

export const cartQuery = (shopperId: string) =>
  queryOptions({
    queryKey: queryKeys.cart(shopperId),
    queryFn: async ({ client, signal }) => {
      const cart = await getJson<Cart>('/api/cart', { signal });
      // The badge follows what the server holds (another tab or device may have changed it).
      cartChanged(client, shopperId, cart);
      return cart;
    },
  });

export const useCart = (shopperId: string) => useQuery(cartQuery(shopperId));

/** A line is a product in a size. */
export interface LineKey {
  productId: number;
  size: string;
}
export type LineChange = LineKey & ({ change: CartLineInput } | { remove: true });

export const lineId = (k: LineKey) => `${k.productId}:${k.size}`;
const sameLine = (a: LineKey, b: LineKey) => a.productId === b.productId && a.size === b.size;
const linePath = (k: LineKey) => `/api/cart/items/${k.productId}?${new URLSearchParams({ size: k.size })}`;

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
        ? sendJson<Cart>('DELETE', linePath(line))
        : sendJson<Cart>('PATCH', linePath(line), line.change),
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
  return { change, busyLine: mutation.isPending && mutation.variables ? lineId(mutation.variables) : undefined };
}

/** The cart as it will be once the server has made the change. */
function changed(cart: Cart, line: LineChange): Cart {
  if ('remove' in line) return { items: cart.items.filter((i) => !sameLine(i, line)) };
  // A move to another size shows once the server has merged it (its answer replaces the cart).
  const { size: _, ...change } = line.change;
  return { items: cart.items.map((i) => (sameLine(i, line) ? { ...i, ...change } : i)) };
}

/**
 * What the selected lines come to after offers and the shopper's code (issue 50), as checkout would
 * price them: asked in the browser only, again whenever the selection changes.
 */
export type CartOffers = Pick<Quote, 'amounts' | 'offers' | 'lines'>;

export function useCartOffers(shopperId: string, items: Cart['items']) {
  const selection = items
    .filter((i) => i.selected)
    .map((i) => `${i.productId}:${i.size}:${i.quantity}`)
    .join(',');
  return useQuery({
    queryKey: [...queryKeys.quote(shopperId, null), selection] as const,
    queryFn: ({ signal }) => getJson<CartOffers>('/api/checkout/quote', { signal }),
    enabled: selection !== '',
    staleTime: 0,
    retry: false,
  });
}
