/** The signed-in shopper's orders, newest first as the server sends them (GET /api/orders; spec §2 Orders). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderInput } from '../../../shared/cancel.ts';
import type { Order } from '../../../shared/orders.ts';
import type { ReturnRequestInput } from '../../../shared/returns.contract.ts';
import type { ReturnOptions } from '../../../shared/returns.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { uploadPhoto } from '../../lib/upload.ts';
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

/** What the shopper may ask back of a delivered order, and what they have asked (issue 49). */
export const useReturnOptions = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.orders('returns'), orderId] as const,
    queryFn: ({ signal }) => getJson<ReturnOptions>(`/api/orders/${orderId}/returns`, { signal }),
    enabled,
    staleTime: 0,
  });

/** A return or exchange asked: the order's options are asked again (its lines are now under way, or a size has gone). */
export function useAskReturn(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRequestInput) => sendJson<{ id: string }>('POST', `/api/orders/${orderId}/returns`, body),
    // Asked again either way: a refusal (a size just sold out) changes what may be offered too.
    onSettled: () => void client.invalidateQueries({ queryKey: [...queryKeys.orders('returns'), orderId] }),
  });
}

/** One photograph's bytes for a request; the server re-encodes it and answers its id. */
export const uploadReturnPhoto = async (file: File): Promise<string> => (await uploadPhoto<{ id: string }>('/api/uploads/return-photos', file)).id;
