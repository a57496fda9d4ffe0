/** The owner's parcels (issue 48): the courier settings, an order's parcel, booking, a failed attempt's decision, and the board. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourierSettings, CourierSettingsView } from '../../../shared/parcels.contract.ts';
import type { NdrDecision, OrderParcel, ParcelBoardRow } from '../../../shared/parcels.ts';
import { getJson, sendJson } from '../../lib/api.ts';

const settingsKey = ['admin', 'courier-settings'] as const;
const parcelKey = (id: string) => ['admin', 'parcel', id] as const;

export const useCourierSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => getJson<CourierSettingsView>('/api/admin/courier-settings', { signal }), staleTime: 0, retry: false });

export function useSaveCourierSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (s: CourierSettings) => sendJson<CourierSettingsView>('PUT', '/api/admin/courier-settings', s),
    onSuccess: (saved) => client.setQueryData(settingsKey, saved),
  });
}

export const useOrderParcel = (id: string) =>
  useQuery({ queryKey: parcelKey(id), queryFn: ({ signal }) => getJson<OrderParcel>(`/api/admin/orders/${id}/parcel`, { signal }), staleTime: 0, retry: false });

export const useParcelBoard = () =>
  useQuery({ queryKey: ['admin', 'parcels'], queryFn: ({ signal }) => getJson<{ items: ParcelBoardRow[] }>('/api/admin/parcels', { signal }), staleTime: 0, retry: false });

/** A booking or a decision changes the parcel, the order (its tracking number) and the board. */
function useParcelWrite<A>(id: string, write: (a: A) => Promise<OrderParcel>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (parcel) => client.setQueryData(parcelKey(id), parcel),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'order', id] });
      void client.invalidateQueries({ queryKey: ['admin', 'parcels'] });
    },
  });
}

export const useBookParcel = (id: string) => useParcelWrite(id, (weightGrams: number) => sendJson<OrderParcel>('POST', `/api/admin/orders/${id}/parcel`, { weightGrams }));

export const useDecideParcel = (id: string) => useParcelWrite(id, (decision: NdrDecision) => sendJson<OrderParcel>('POST', `/api/admin/orders/${id}/parcel/decision`, { decision }));
