/** The owner's offers (issue 50): the list with figures, a new offer, pause/resume/end, and a batch of codes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProductPage } from '../../../shared/admin-product.contract.ts';
import type { OfferInput } from '../../../shared/offers.contract.ts';
import type { OfferFigures } from '../../../shared/offers.ts';
import { getJson, sendJson } from '../../lib/api.ts';

export type OwnerOffer = OfferFigures;

const listKey = ['admin', 'offers'] as const;

export const useOwnerOffers = () => useQuery({ queryKey: listKey, queryFn: ({ signal }) => getJson<{ items: OwnerOffer[] }>('/api/admin/offers', { signal }), staleTime: 0, retry: false });

export function useCreateOffer() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: OfferInput) => sendJson<{ id: number }>('POST', '/api/admin/offers', body), onSuccess: () => client.invalidateQueries({ queryKey: listKey }) });
}

export function useMoveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: { id: number; move: 'pause' | 'resume' | 'end' }) => sendJson<{ ok: true }>('POST', `/api/admin/offers/${id}/${move}`),
    onSettled: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

export function useBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, count, prefix }: { id: number; count: number; prefix: string }) => sendJson<{ batchId: number; codes: string[] }>('POST', `/api/admin/offers/${id}/batch`, { count, prefix }),
    onSettled: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

/** The owner's pieces whose names hold what was typed (two letters at least), for an offer's scope. */
export function usePieceSearch(typed: string) {
  const search = typed.trim();
  return useQuery({
    queryKey: ['admin', 'products', { search, page: 1, sort: 'name' }],
    queryFn: ({ signal }) => getJson<AdminProductPage>(`/api/admin/products?${new URLSearchParams({ search, page: '1', sort: 'name' })}`, { signal }),
    enabled: search.length >= 2,
    staleTime: 30_000,
    retry: false,
  });
}
