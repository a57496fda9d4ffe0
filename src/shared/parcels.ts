/**
 * A parcel's journey after the order leaves the shop (issue 48): the couriers the shop can book,
 * the steps a parcel goes through as their scans tell them, and what the shopper and the owner are
 * shown of it. The words here are the house's own (docs/pages.md glossary: parcel, step, scan, AWB).
 */

/** The couriers with an adapter (src/server/modules/shipping). `manual`: the owner types the AWB. */
export const COURIERS = ['shiprocket', 'delhivery'] as const;
export type CourierName = (typeof COURIERS)[number];
export type ShipmentCourier = CourierName | 'manual';

export const COURIER_LABELS: Record<ShipmentCourier, string> = {
  shiprocket: 'Shiprocket',
  delhivery: 'Delhivery',
  manual: 'Own courier',
};

/**
 * Whose parcel it is: the order's own, or one of a return's (issue 49): the courier's pickup of the
 * pieces from the shopper (a reverse pickup), or an exchange's new size on its way to them.
 */
export const PARCEL_KINDS = ['order', 'pickup', 'exchange'] as const;
export type ParcelKind = (typeof PARCEL_KINDS)[number];

export const PARCEL_KIND_LABELS: Record<ParcelKind, string> = {
  order: 'Order',
  pickup: 'Return pickup',
  exchange: 'Exchange',
};

/**
 * Where the parcel is. `booking`: written before the courier was called (a retry reuses it);
 * `booked`: the courier gave an AWB and was asked to pick it up; then the scans' steps.
 */
export const PARCEL_STEPS = ['booking', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'attempt_failed', 'delivered', 'returning', 'returned', 'cancelled'] as const;
export type ParcelStep = (typeof PARCEL_STEPS)[number];

/** The steps a scan can report (the booking's own two are the shop's). */
export type ScanStep = Exclude<ParcelStep, 'booking'>;

export const PARCEL_STEP_LABELS: Record<ParcelStep, string> = {
  booking: 'Booking with the courier',
  booked: 'Packed, waiting for the courier',
  picked_up: 'Picked up by the courier',
  in_transit: 'On its way',
  out_for_delivery: 'Out for delivery',
  attempt_failed: 'Delivery attempt failed',
  delivered: 'Delivered',
  returning: 'Coming back to us',
  returned: 'Returned to us',
  cancelled: 'Shipment cancelled',
};

/** A parcel at one of these goes nowhere else: later scans are kept in its history and move nothing. */
export const FINAL_STEPS: readonly ParcelStep[] = ['delivered', 'returned', 'cancelled'];
export const isFinal = (step: ParcelStep) => FINAL_STEPS.includes(step);

/** A failed attempt waits this long for the owner's decision before the courier decides alone (issue 48). */
export const DECISION_HOURS = 48;

/** What the owner may tell the courier after a failed attempt. */
export const NDR_DECISIONS = ['reattempt', 'return'] as const;
export type NdrDecision = (typeof NDR_DECISIONS)[number];

/** One line of a parcel's timeline: what happened, where, and when (an ISO time; shown in India's time). */
export interface ParcelEvent {
  step: ParcelStep | null;
  /** The courier's own words for the scan. */
  activity: string;
  place: string | null;
  at: string;
}

/** What the shopper sees of a parcel: on /orders and on /track. Never the address or the name. */
export interface ParcelTracking {
  courier: string;
  awb: string | null;
  step: ParcelStep;
  /** The courier's expected delivery date (YYYY-MM-DD, India's calendar), when it gave one. */
  expectedOn: string | null;
  deliveredAt: string | null;
  events: ParcelEvent[];
}

/** The owner's view of an order's parcel: the shopper's, and the booking's own facts. */
export interface OwnerParcel extends ParcelTracking {
  reference: string;
  weightGrams: number;
  bookedBy: string;
  attemptFailedAt: string | null;
  decision: NdrDecision | null;
  decidedBy: string | null;
  hasLabel: boolean;
}

/** A message the shopper was sent about the order. */
export interface SentMessage {
  step: string;
  channel: 'email' | 'whatsapp' | 'sms';
  summary: string;
  at: string;
}

/** GET /api/admin/orders/:id/parcel. */
export interface OrderParcel {
  parcel: OwnerParcel | null;
  messages: SentMessage[];
}

/** A row of the owner's parcels board. */
export interface ParcelBoardRow {
  orderId: string;
  kind: ParcelKind;
  orderNumber: string;
  paymentMethod: 'online' | 'cod';
  total: number;
  orderStatus: string;
  courier: string;
  awb: string | null;
  step: ParcelStep;
  stepLabel: string;
  bookedAt: string;
  heardAt: string | null;
  attemptFailedAt: string | null;
  decision: NdrDecision | null;
  decidedBy: string | null;
  expectedOn: string | null;
}

/** When a failed attempt's decision is due: DECISION_HOURS after the attempt. */
export const decisionDue = (attemptFailedAt: string) => new Date(new Date(attemptFailedAt).getTime() + DECISION_HOURS * 3600_000);
