/** The shop's tax registration (issue 18): read once, saved whole (the API refuses anyone else). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxSettings } from '../../../shared/tax-settings.contract.ts';
import { getJson, sendJson } from '../../lib/api.ts';

const taxKey = ['admin', 'tax-settings'] as const;
type Answer = { settings: TaxSettings | null };

export const useTaxSettings = () => useQuery({ queryKey: taxKey, queryFn: ({ signal }) => getJson<Answer>('/api/admin/tax-settings', { signal }), staleTime: 0, retry: false });

export function useSaveTaxSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (s: TaxSettings) => sendJson<Answer>('PUT', '/api/admin/tax-settings', s),
    onSuccess: (answer) => client.setQueryData(taxKey, answer),
  });
}
