/** The signed-in shopper's orders, newest first as the server sends them (GET /api/orders; spec §2 Orders). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderInput } from '../../../shared/cancel.ts';
import type { Order } from '../../../shared/orders.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Orders move on the server (the owner ships one, a webhook settles one): the list asks afresh each time it opens. */
export const ordersQuery = (shopperId: string) =>
  queryOptions({
    queryKey: queryKeys.orders(shopperId),
    queryFn: ({ signal }) => getJson<{ items: Order[] }>('/api/orders', { signal }).then((r) => r.items),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useOrders = (shopperId: string) => useQuery(ordersQuery(shopperId));

/** Cancel an order not yet shipped (issue 17): the server's answer replaces it in the list; the stock on the pages moved too. */
export function useCancelOrder(shopperId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: CancelOrderInput & { orderId: string }) => sendJson<Order>('POST', `/api/orders/${orderId}/cancel`, body),
    onSuccess: (order) => {
      client.setQueryData<Order[]>(queryKeys.orders(shopperId), (list) => list?.map((o) => (o.id === order.id ? order : o)));
      void client.invalidateQueries({ queryKey: queryKeys.products });
    },
  });
}
