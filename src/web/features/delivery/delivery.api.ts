/**
 * The product page's PIN check (issue 17): one query per PIN and piece, and the PIN remembered for
 * the visit (this tab's sessionStorage), so the next product page answers for it at once.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryCheck } from '../../../shared/delivery.ts';
import { getJson } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const deliveryCheckQuery = (pin: string, productId: number) =>
  queryOptions({
    queryKey: queryKeys.delivery(pin, productId),
    queryFn: ({ signal }) => getJson<DeliveryCheck>(`/api/delivery?${new URLSearchParams({ pin, product: String(productId) })}`, { signal }),
    // An hour: the dates move at the cut-off, not by the minute.
    staleTime: 60 * 60 * 1000,
    retry: false,
  });

export const useDeliveryCheck = (pin: string | null, productId: number) => useQuery({ ...deliveryCheckQuery(pin ?? '', productId), enabled: pin !== null });

const PIN_KEY = 'vastra.pin';

/** The PIN checked last in this visit, if any (storage can be off: then nothing is remembered). */
export function rememberedPin(): string | null {
  try {
    return sessionStorage.getItem(PIN_KEY);
  } catch {
    return null;
  }
}

export function rememberPin(pin: string) {
  try {
    sessionStorage.setItem(PIN_KEY, pin);
  } catch {
    // Private modes may refuse storage: the check still answers, it is just not remembered.
  }
}
