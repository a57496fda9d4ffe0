/** The signed-in shopper's profile: one query (keyed by the shopper, so one never sees another's) and its edit. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../../shared/accounts.contract.ts';
import type { Gender } from '../../../shared/accounts.ts';
import { getJson, sendJson } from '../../lib/api.ts';

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
}

export const profileKey = (shopperId: string) => ['profile', shopperId] as const;

export function useProfile(shopperId: string) {
  return useQuery({
    queryKey: profileKey(shopperId),
    queryFn: ({ signal }) => getJson<Profile>('/api/profile', signal),
    retry: false,
  });
}

export function useUpdateProfile(shopperId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => sendJson<Profile>('PUT', '/api/profile', input),
    onSuccess: (saved) => client.setQueryData(profileKey(shopperId), saved),
  });
}
