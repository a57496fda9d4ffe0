/** The owner's orders: the list, one order, and the steps of fulfilment (the API refuses anyone else). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, AdminOrderPage } from '../../../shared/admin-orders.contract.ts';
import type { OrderStatus } from '../../../shared/orders.ts';
import { getJson, sendJson } from '../../lib/api.ts';

export function useAdminOrders(q: { status: string; search: string; page: number }) {
  const params = new URLSearchParams({ page: String(q.page), ...(q.status && { status: q.status }), ...(q.search && { search: q.search }) });
  return useQuery({
    queryKey: ['admin', 'orders', q],
    queryFn: ({ signal }) => getJson<AdminOrderPage>(`/api/admin/orders?${params}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

export function useAdminOrder(id: string) {
  return useQuery({ queryKey: ['admin', 'order', id], queryFn: ({ signal }) => getJson<AdminOrder>(`/api/admin/orders/${id}`, { signal }), staleTime: 0, retry: false });
}

function useOrderWrite<A>(write: (a: A) => Promise<AdminOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (order) => {
      client.setQueryData(['admin', 'order', order.id], order);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      // The owner may also be the buyer: their own orders list shows the new status.
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useMoveOrder = (id: string) =>
  useOrderWrite((step: { from: OrderStatus; to: OrderStatus; trackingNumber?: string }) => sendJson<AdminOrder>('POST', `/api/admin/orders/${id}/status`, step));

export const useSetTracking = (id: string) => useOrderWrite((trackingNumber: string) => sendJson<AdminOrder>('PUT', `/api/admin/orders/${id}/tracking`, { trackingNumber }));
