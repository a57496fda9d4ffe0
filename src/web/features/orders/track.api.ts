/** A parcel followed without signing in (GET /api/track, issue 48): by order number and delivery PIN code. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParcelTracking } from '../../../shared/parcels.ts';
import { getJson } from '../../lib/api.ts';

export interface TrackedOrder {
  orderNumber: string;
  status: string;
  statusLabel: string;
  parcel: ParcelTracking | null;
}

/** Each look-up counts against the shopper's address: asked once per page, never retried on its own. */
export const trackingQuery = (order: string, pin: string) =>
  queryOptions({
    queryKey: ['track', order, pin],
    queryFn: ({ signal, client }) => getJson<TrackedOrder>(`/api/track?${new URLSearchParams({ order, pin })}`, { signal, client }),
    staleTime: 60_000,
    retry: false,
  });

export const useTracking = (look: { order: string; pin: string } | null, enabled: boolean) =>
  useQuery({ ...trackingQuery(look?.order ?? '', look?.pin ?? ''), enabled: enabled && look !== null });
