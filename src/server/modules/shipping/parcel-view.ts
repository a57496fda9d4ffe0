/** A shipment and its scans as the shopper and the owner see them: the timeline, newest first. */
import type { ParcelEvent, ParcelTracking } from '../../../shared/parcels.ts';
import { COURIER_LABELS, PARCEL_STEP_LABELS } from '../../../shared/parcels.ts';
import type { ScanRow, ShipmentRow } from './shipping.queries.ts';

export function parcelView(shipment: ShipmentRow, scans: ScanRow[], deliveredAt: Date | null): ParcelTracking {
  const events: ParcelEvent[] = scans.map((s) => ({ step: s.step, activity: s.activity || (s.step ? PARCEL_STEP_LABELS[s.step] : 'Update'), place: s.place, at: s.at.toISOString() }));
  // The booking is the timeline's first line: the shop packed it and asked the courier to come.
  if (shipment.step !== 'booking') events.push({ step: 'booked', activity: PARCEL_STEP_LABELS.booked, place: null, at: (shipment.pickupRequestedAt ?? shipment.createdAt).toISOString() });
  return {
    courier: shipment.carrier ?? COURIER_LABELS[shipment.courier],
    awb: shipment.awb,
    step: shipment.step,
    expectedOn: shipment.step === 'delivered' ? null : shipment.expectedOn,
    deliveredAt: deliveredAt?.toISOString() ?? null,
    events,
  };
}

/** Whether the shopper sees the shipment: booked, and not given up before the courier had it. */
export const shown = (s: ShipmentRow) => s.step !== 'booking' && !(s.step === 'cancelled' && s.lastScanAt === null);

/** Each order's parcel, by order id, from its latest shipment and all the scans read. */
export function parcelsByOrder(rows: ShipmentRow[], scans: ScanRow[], deliveredAt: (orderId: string) => Date | null): Map<string, ParcelTracking> {
  // A booking not finished is the owner's business; the shopper's parcel starts once it is booked.
  return new Map(rows.filter(shown).map((s) => [s.orderId, parcelView(s, scans.filter((x) => x.shipmentId === s.id), deliveredAt(s.orderId))]));
}
