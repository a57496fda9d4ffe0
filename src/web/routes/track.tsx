import { TrackScreen } from '../features/orders/track-screen.tsx';
import { trackingQuery } from '../features/orders/track.api.ts';
import { orMissing, preloading, useFoundMissing } from '../drawing/route-data.ts';
import { trackedQuery } from '../../shared/track-query.ts';

/** /track (issue 48): follow a parcel by order number and delivery PIN code. */
export function Component() {
  return <TrackScreen foundMissing={useFoundMissing()} />;
}

/**
 * Drawn on the server with the look-up's answer (counted against the shopper's address, app.ts).
 * A wrong number or PIN is a 404, drawn with its message, and never kept.
 */
export const loader = preloading(async (client, { request }) => {
  const query = new URLSearchParams(trackedQuery(new URL(request.url).searchParams));
  if (!query.has('order')) return null;
  return orMissing(client.fetchQuery(trackingQuery(query.get('order')!, query.get('pin')!)));
});
