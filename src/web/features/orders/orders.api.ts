/** The signed-in shopper's orders, newest first as the server sends them (GET /api/orders; spec §2 Orders). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../shared/orders.ts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Orders move on the server (the owner ships one, a webhook settles one): the list asks afresh each time it opens. */
export const ordersQuery = (shopperId: string) =>
  queryOptions({
    queryKey: queryKeys.orders(shopperId),
    queryFn: ({ signal }) => getJson<{ items: Order[] }>('/api/orders', signal).then((r) => r.items),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useOrders = (shopperId: string) => useQuery(ordersQuery(shopperId));
