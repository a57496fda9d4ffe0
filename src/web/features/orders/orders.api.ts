/** The signed-in shopper's orders, newest first as the server sends them (GET /api/orders; spec §2 Orders). */
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../shared/orders.ts';
import { getJson } from '../../lib/api.ts';

export const ordersKey = (shopperId: string) => ['orders', shopperId] as const;

export function useOrders(shopperId: string) {
  return useQuery({
    queryKey: ordersKey(shopperId),
    queryFn: ({ signal }) => getJson<{ items: Order[] }>('/api/orders', signal).then((r) => r.items),
    // A payment may have just settled (or a webhook moved a status): always ask again on opening.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
