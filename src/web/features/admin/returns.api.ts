/** The owner's returns (issue 49): the requests, the counts, the rules, and each step on a request. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerReturn, ReturnSettings, ReturnsSummary } from '../../../shared/returns.ts';
import { getJson, sendJson } from '../../lib/api.ts';

const listKey = (show: 'open' | 'all') => ['admin', 'returns', show] as const;
const settingsKey = ['admin', 'return-settings'] as const;

export const useOwnerReturns = (show: 'open' | 'all') =>
  useQuery({ queryKey: listKey(show), queryFn: ({ signal }) => getJson<{ items: OwnerReturn[] }>(`/api/admin/returns?show=${show}`, { signal }), staleTime: 0, retry: false });

export const useReturnsSummary = () => useQuery({ queryKey: ['admin', 'returns', 'summary'], queryFn: ({ signal }) => getJson<ReturnsSummary>('/api/admin/returns/summary', { signal }), staleTime: 0, retry: false });

export const useReturnSettings = () => useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => getJson<ReturnSettings>('/api/admin/returns/settings', { signal }), staleTime: 0, retry: false });

export function useSaveReturnSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (s: ReturnSettings) => sendJson<ReturnSettings>('PUT', '/api/admin/returns/settings', s),
    onSuccess: (saved) => client.setQueryData(settingsKey, saved),
  });
}

export type ReturnStep =
  | { step: 'refunded-by-hand' }
  | { step: 'pickup'; weightGrams: number }
  | { step: 'ship-exchange'; weightGrams: number; trackingNumber?: string }
  | { step: 'refund-instead' }
  | { step: 'approve' } | { step: 'refuse'; reason: string } | { step: 'send-yourself' } | { step: 'received' } | { step: 'check'; passed: boolean; note: string };

/** One step on a request; the lists and counts are read again however it ends (another tab may have taken it). */
export function useReturnStep(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ step, ...body }: ReturnStep) => sendJson<{ id: string; state: string }>('POST', `/api/admin/returns/${id}/${step}`, step === 'send-yourself' ? { way: 'self' } : body),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'returns'] }),
  });
}
