/**
 * The courier port (issue 48): what the shop asks of a courier, whichever it is. Each adapter speaks
 * its provider's documented API (docs/research/shiprocket-api.md, delhivery-api.md); the local
 * courier (local-courier.ts) speaks the same protocols, so the adapters run in development and tests.
 */
import type { CourierName, NdrDecision, ScanStep } from '../../../shared/parcels.ts';

/** What every adapter is configured with besides its credentials. */
export interface CourierEndpoint {
  /** The secret the courier sends with its webhook, in x-api-key. */
  webhookToken: string;
  /** The provider's API, or the local courier's (local-courier.ts). */
  apiBase: string;
  timeoutMs?: number;
}

/** The parcel as the courier is told of it: amounts in paise, weight in grams. */
export interface Parcel {
  /** What the courier knows the order by (shipments.reference). */
  reference: string;
  /**
   * `forward`: from the shop's pickup location to the consignee. `reverse` (a return's pickup, issue
   * 49): from the consignee back to the shop's pickup location, nothing to collect.
   */
  direction: 'forward' | 'reverse';
  orderNumber: string;
  orderedAt: Date;
  paymentMethod: 'online' | 'cod';
  /** What the courier collects at the door: the total for Cash on Delivery, 0 when paid. */
  collect: number;
  total: number;
  subtotal: number;
  shippingCharges: number;
  consignee: { name: string; phone: string; email: string; line1: string; line2: string; city: string; state: string; pincode: string };
  items: { name: string; sku: string; units: number; unitPrice: number; hsn: string | null }[];
  weightGrams: number;
  /** The shop's pickup address as the courier's panel names it. */
  pickupLocation: string;
}

/** What a booking holds so far: each step's answer is saved as it comes, and a retry resumes after it. */
export interface Booking {
  providerOrderId: string | null;
  providerShipmentId: string | null;
  awb: string | null;
  carrier: string | null;
  labelUrl: string | null;
  pickupRequested: boolean;
  /** YYYY-MM-DD, India's calendar. */
  expectedOn: string | null;
}

export const NOTHING_BOOKED: Booking = { providerOrderId: null, providerShipmentId: null, awb: null, carrier: null, labelUrl: null, pickupRequested: false, expectedOn: null };

/** One scan as a courier reports it. `step` null: a scan the shop shows but does not act on. */
export interface CourierScan {
  at: Date;
  code: string;
  step: ScanStep | null;
  activity: string;
  place: string | null;
}

/** What one webhook (or one poll) says of one parcel. */
export interface ScanReport {
  awb: string;
  scans: CourierScan[];
  expectedOn: string | null;
}

export interface Courier {
  readonly name: CourierName;
  /**
   * Books the parcel from where `so far` left off: creates the shipment, gets its AWB, asks for a
   * pickup and a label. `save` is called after each answer, before the next call, so a timeout
   * part way loses nothing the courier made.
   */
  book(parcel: Parcel, soFar: Booking, save: (next: Booking) => Promise<void>): Promise<Booking>;
  /** The label's PDF. */
  label(booking: Booking): Promise<Uint8Array>;
  track(awb: string): Promise<ScanReport>;
  cancel(booking: Booking): Promise<void>;
  /** After a failed attempt: try again, or send the parcel back. */
  decide(awb: string, decision: NdrDecision): Promise<void>;
  /** The courier's webhook: null when its secret is missing or wrong (401); a CourierRefusal when the body is not a report. */
  readWebhook(headers: Headers, body: string): ScanReport | null;
}

/** The courier said no, in words the owner can act on (PIN not served, weight missing): nothing changes. */
export class CourierRefusal extends Error {}

/** The courier could not be reached or did not answer in time: the outcome is unknown, the booking is kept for a retry. */
export { Unanswered as CourierUnavailable } from '../../http/outbound.ts';
