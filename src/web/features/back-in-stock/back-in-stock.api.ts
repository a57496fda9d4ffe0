/**
 * The shopper's back-in-stock requests (issue 16): one query, keyed by the shopper, read by the
 * product page (which sizes they wait for) and /favorites (the list); asking and withdrawing write
 * the answer into it, so both screens follow at once.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockAlert } from '../../../shared/back-in-stock.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const stockAlertsQuery = (shopperId: string) =>
  queryOptions({
    queryKey: queryKeys.stockAlerts(shopperId),
    queryFn: ({ signal }) => getJson<{ items: StockAlert[] }>('/api/back-in-stock', { signal }).then((r) => r.items),
  });

export const useStockAlerts = (shopperId: string | null) => useQuery({ ...stockAlertsQuery(shopperId ?? ''), enabled: shopperId !== null });

export interface AlertKey {
  productId: number;
  size: string;
}

const alertPath = ({ productId, size }: AlertKey) => `/api/back-in-stock/${productId}${size === ONE_SIZE ? '' : `?${new URLSearchParams({ size })}`}`;

/** A shopper's waiting request for this piece and size. */
export const isWaiting = (alerts: StockAlert[] | undefined, { productId, size }: AlertKey) =>
  alerts?.some((a) => a.productId === productId && a.size === size && a.mailedAt === null) ?? false;

/** Ask (`wanted`) or withdraw; the list is asked again afterwards, as the server words it. */
export function useToggleAlert(shopperId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ wanted, ...key }: AlertKey & { wanted: boolean }) => sendJson<unknown>(wanted ? 'PUT' : 'DELETE', alertPath(key)),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.stockAlerts(shopperId) }),
  });
}

/** The mail's unsubscribe link: every waiting request of that shopper withdrawn. */
export const stopAlerts = (token: string) => sendJson<{ stopped: number }>('POST', '/api/back-in-stock/stop', { token });
