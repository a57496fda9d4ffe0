/** The signed-in shopper's liked products (spec §7 product_likes, then products by the liked ids). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '../../../shared/catalog.ts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** A like or unlike anywhere in the shop marks this stale (lib/shelf.ts), so it is asked again only then. */
export const wishlistQuery = (shopperId: string) =>
  queryOptions({
    queryKey: queryKeys.wishlist(shopperId),
    queryFn: ({ signal }) => getJson<{ items: ProductSummary[] }>('/api/wishlist', { signal }).then((r) => r.items),
  });

export const useWishlist = (shopperId: string) => useQuery(wishlistQuery(shopperId));
