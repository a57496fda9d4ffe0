/** The owner's offers (issue 50): the list with figures, a new offer, pause/resume/end, and a batch of codes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfferInput } from '../../../shared/offers.contract.ts';
import type { OfferStatus, OfferTerms } from '../../../shared/offers.ts';
import { getJson, sendJson } from '../../lib/api.ts';

/** An offer as the owner's list has it, with its code and figures (paise). */
export interface OwnerOffer {
  offer: Omit<OfferTerms, 'scope' | 'includeSaleItems'> & {
    campaign: string;
    startsAt: string;
    endsAt: string | null;
    firstOrderOnly: boolean;
    perShopperMax: number | null;
    maxUses: number | null;
    uses: number;
    status: OfferStatus;
  };
  code: string | null;
  batchCodes: number;
  /** Orders placed with it and not given back, unpaid ones too. */
  liveUses: number;
  orders: number;
  sales: number;
  given: number;
}

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
