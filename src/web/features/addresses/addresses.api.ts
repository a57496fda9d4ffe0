/**
 * The signed-in shopper's address book: one hook per endpoint, all on one query key (keyed by the
 * shopper, so one never sees another's). A change writes the server's answer into the list at
 * once; a refused one (an address already gone, a book filled in another tab) asks for the list again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput } from '../../../shared/address.contract.ts';
import type { Address } from '../../../shared/addresses.ts';
import { ApiError, getJson, sendJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Newest first, as the server sends them. */
export const addressesQuery = (shopperId: string) =>
  queryOptions({
    queryKey: queryKeys.addresses(shopperId),
    queryFn: async ({ signal }) => (await getJson<{ items: Address[] }>('/api/addresses', { signal })).items,
  });

export const useAddresses = (shopperId: string, enabled = true) => useQuery({ ...addressesQuery(shopperId), enabled });

/** Writes the server's answer into the cached list (when there is one to write into). */
function useEditList(shopperId: string) {
  const client = useQueryClient();
  return {
    edit: (change: (list: Address[]) => Address[]) => client.setQueryData<Address[]>(queryKeys.addresses(shopperId), (list) => list && change(list)),
    // Not awaited: the form shows what went wrong at once, the list catches up behind it.
    refetch: () => void client.invalidateQueries({ queryKey: queryKeys.addresses(shopperId) }),
  };
}

export function useAddAddress(shopperId: string) {
  const list = useEditList(shopperId);
  return useMutation({
    mutationFn: (input: AddressInput) => sendJson<Address>('POST', '/api/addresses', input),
    onSuccess: (saved) => list.edit((items) => [saved, ...items]),
    onError: list.refetch,
  });
}

export function useUpdateAddress(shopperId: string) {
  const list = useEditList(shopperId);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AddressInput }) => sendJson<Address>('PUT', `/api/addresses/${id}`, input),
    onSuccess: (saved) => list.edit((items) => items.map((a) => (a.id === saved.id ? saved : a))),
    onError: list.refetch,
  });
}

export function useDeleteAddress(shopperId: string) {
  const list = useEditList(shopperId);
  return useMutation({
    mutationFn: (id: string) => sendJson<void>('DELETE', `/api/addresses/${id}`),
    onSuccess: (_none, id) => list.edit((items) => items.filter((a) => a.id !== id)),
    onError: list.refetch,
  });
}

/**
 * What India Post's directory says is wrong with a PIN for the chosen state (another state, or no
 * such PIN), asked on blur; null when it fits, or when the shop could not be asked (the save checks again).
 */
export async function pinProblem(pin: string, state: string): Promise<string | null> {
  try {
    const place = await getJson<{ problem: string | null }>(`/api/pincodes/${encodeURIComponent(pin)}?${new URLSearchParams({ state })}`);
    return place.problem;
  } catch (err) {
    return err instanceof ApiError && (err.status === 404 || err.status === 400) ? err.message : null;
  }
}
