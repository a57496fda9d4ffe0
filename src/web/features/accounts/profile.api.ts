/** The signed-in shopper's profile: one query (keyed by the shopper, so one never sees another's) and its edit. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../../shared/accounts.contract.ts';
import type { Gender } from '../../../shared/accounts.ts';
import type { StoreCredit } from '../../../shared/store-credit.ts';
import { getJson, sendJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export interface Profile {
  email: string;
  firstName: string;
  lastName: string | null;
  phone: string | null;
  gender: Gender | null;
  addressHouse: string | null;
  addressLine: string | null;
  addressCity: string | null;
  addressState: string | null;
  addressPin: string | null;
  /** Order updates on WhatsApp or SMS (issue 48). */
  orderUpdates: boolean;
}

export const profileQuery = (shopperId: string) =>
  queryOptions({ queryKey: queryKeys.profile(shopperId), queryFn: ({ signal }) => getJson<Profile>('/api/profile', { signal }) });

export const useProfile = (shopperId: string) => useQuery(profileQuery(shopperId));

/** The shopper's store credit (issue 49): what is left, and each grant with its end. */
export const useStoreCredit = (shopperId: string) => useQuery({ queryKey: queryKeys.storeCredit(shopperId), queryFn: ({ signal }) => getJson<StoreCredit>('/api/account/store-credit', { signal }) });

export function useUpdateProfile(shopperId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => sendJson<Profile>('PUT', '/api/profile', input),
    onSuccess: (saved) => client.setQueryData(queryKeys.profile(shopperId), saved),
  });
}

/** Order updates on WhatsApp or SMS, on or off (issue 48): ticked at checkout, stopped here. */
export function useOrderUpdates(shopperId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => sendJson<Profile>('PUT', '/api/profile/order-updates', { on }),
    onSuccess: (saved) => client.setQueryData(queryKeys.profile(shopperId), saved),
  });
}
