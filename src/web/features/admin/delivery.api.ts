/** The owner's delivery settings and PIN rules: read once, saved whole (the API refuses anyone else). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PinRule } from '../../../shared/delivery.contract.ts';
import type { DeliverySettings } from '../../../shared/delivery.ts';
import { getJson, sendJson } from '../../lib/api.ts';

const deliveryKey = ['admin', 'delivery'] as const;

interface AdminDelivery {
  settings: DeliverySettings;
  rules: PinRule[];
}

export const useAdminDelivery = () =>
  useQuery({ queryKey: deliveryKey, queryFn: ({ signal }) => getJson<AdminDelivery>('/api/admin/delivery', { signal }), staleTime: 0, retry: false });

/** Every answer the PIN check gave is stale after a change: the product pages ask again. */
function useWriteBack() {
  const client = useQueryClient();
  return (change: Partial<AdminDelivery>) => {
    client.setQueryData<AdminDelivery>(deliveryKey, (now) => now && { ...now, ...change });
    void client.invalidateQueries({ queryKey: ['delivery'] });
  };
}

export function useSaveDelivery() {
  const writeBack = useWriteBack();
  return useMutation({
    mutationFn: (s: DeliverySettings) => sendJson<DeliverySettings>('PUT', '/api/admin/delivery', s),
    onSuccess: (settings) => writeBack({ settings }),
  });
}

export function useSavePinRule() {
  const writeBack = useWriteBack();
  return useMutation({
    mutationFn: (rule: PinRule) => sendJson<{ rules: PinRule[] }>('PUT', '/api/admin/pin-rules', rule),
    onSuccess: ({ rules }) => writeBack({ rules }),
  });
}

export function useRemovePinRule() {
  const writeBack = useWriteBack();
  return useMutation({
    mutationFn: (prefix: string) => sendJson<{ rules: PinRule[] }>('DELETE', `/api/admin/pin-rules/${encodeURIComponent(prefix)}`),
    onSuccess: ({ rules }) => writeBack({ rules }),
  });
}
