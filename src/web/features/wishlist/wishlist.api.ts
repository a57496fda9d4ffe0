/** The signed-in shopper's liked products (spec §7 product_likes, then products by the liked ids). */
import { useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';

export const wishlistKey = (shopperId: string) => ['wishlist', shopperId] as const;

export function useWishlist(shopperId: string) {
  return useQuery({
    queryKey: wishlistKey(shopperId),
    queryFn: ({ signal }) => getJson<{ items: ProductSummary[] }>('/api/wishlist', signal).then((r) => r.items),
    // Likes change from every card in the shop: ask again whenever the screen opens.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
