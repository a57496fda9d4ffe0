/** The owner's pricing settings: read and save (the API refuses anyone else). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PricingSettings } from '../../../shared/pricing.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const settingsKey = ['admin', 'settings'] as const;

export function useAdminSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => getJson<PricingSettings>('/api/admin/settings', { signal }), staleTime: 0, retry: false });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (s: PricingSettings) => sendJson<PricingSettings>('PUT', '/api/admin/settings', s),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey, saved);
      // The shop's own texts (free shipping, taxes) and any open checkout follow at once.
      client.setQueryData(queryKeys.pricing, saved);
      void client.invalidateQueries({ queryKey: queryKeys.quotes });
    },
  });
}
