/**
 * After the parcel leaves (issue 48): the owner's courier settings, booking (booking.ts), the
 * couriers' scans (scans.ts), the owner's board of parcels, and tracking for the shopper, on /orders
 * and, without signing in, by order number and delivery PIN code on /track.
 */
import { courierSettingsContract, DEFAULT_COURIER_SETTINGS, type CourierSettings, type CourierSettingsView, type TrackQuery } from '../../../shared/parcels.contract.ts';
import { COURIER_LABELS, COURIERS, PARCEL_STEP_LABELS, type CourierName, type OrderParcel, type ParcelBoardRow, type ParcelTracking } from '../../../shared/parcels.ts';
import { ORDER_STATUS_LABELS, shownStatus } from '../../../shared/orders.ts';
import type { ReturnParcel } from '../../../shared/returns.ts';
import { TRACK_NOT_FOUND } from '../../../shared/track-query.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { ShopperLimits } from '../limits/shopper-limits.ts';
import type { Fulfilment } from '../orders/fulfilment.service.ts';
import type { Notifier } from '../notify/notifier.ts';
import { createBooking } from './booking.ts';
import type { Courier } from './courier.ts';
import { parcelsByOrder, parcelView, shown } from './parcel-view.ts';
import { createScans, type ReturnParcelScans } from './scans.ts';
import * as q from './shipping.queries.ts';

/** Where each courier's webhook is set (issue 48): Shiprocket refuses a URL holding "shiprocket", "kartrocket", "sr" or "kr". */
export const WEBHOOK_PATHS: Record<CourierName, string> = {
  shiprocket: '/api/hooks/scans/rocket',
  delhivery: '/api/hooks/scans/delhivery',
};

export interface ShippingDeps {
  couriers: Partial<Record<CourierName, Courier>>;
  /** The couriers are the local courier's (development, tests). */
  local: boolean;
  orders: Fulfilment;
  notifier: Notifier;
  limits: Pick<ShopperLimits, 'trackingTried' | 'trackingFound'>;
  /** The shop's public address (PUBLIC_URL), or this machine's in development; null when there is none to link to. */
  siteUrl: string | null;
  /** Scans of a return's parcels (issue 49): the returns module's. */
  returnParcels: ReturnParcelScans;
}

/** What /track answers: never the address or the name. */
export interface TrackedOrder {
  orderNumber: string;
  status: string;
  statusLabel: string;
  parcel: ParcelTracking | null;
}

export function createShipping(db: Db, deps: ShippingDeps) {
  const { couriers, orders, notifier, siteUrl } = deps;

  async function settings(): Promise<CourierSettings> {
    const parsed = courierSettingsContract.safeParse(await q.settingsRow.read(db));
    return parsed.success ? parsed.data : DEFAULT_COURIER_SETTINGS;
  }

  const trackUrl = (orderNumber: string, pincode: string) => (siteUrl ? `${siteUrl}/track?order=${encodeURIComponent(orderNumber)}&pin=${encodeURIComponent(pincode)}` : null);
  const booking = createBooking(db, { couriers, orders, settings });
  const scans = createScans(db, { couriers, orders, notifier, trackUrl, returnParcels: deps.returnParcels });
  const available = COURIERS.filter((c) => couriers[c]);

  return {
    ...booking,
    ...scans,
    settings,

    async settingsView(): Promise<CourierSettingsView> {
      const webhookUrls = Object.fromEntries(available.map((c) => [c, `${siteUrl ?? ''}${WEBHOOK_PATHS[c]}`]));
      return { ...(await settings()), available, local: deps.local, webhookUrls };
    },

    async saveSettings(next: CourierSettings): Promise<CourierSettingsView> {
      if (next.courier !== 'none' && !couriers[next.courier]) {
        throw new AppError(422, 'invalid', `This shop has no ${next.courier === 'shiprocket' ? 'Shiprocket' : 'Delhivery'} keys set up (README, Couriers).`, { courier: 'Not set up on this server.' });
      }
      await q.settingsRow.save(db, next);
      return this.settingsView();
    },

    /** The owner's board: each parcel not yet at its end (and those ended lately), newest first. */
    async board(): Promise<ParcelBoardRow[]> {
      const rows = await q.boardRows(db);
      return rows.map(({ shipment: s, ...order }) => ({
        orderId: s.orderId,
        kind: s.kind,
        orderNumber: order.orderNumber,
        paymentMethod: order.paymentMethod,
        total: order.total,
        orderStatus: shownStatus(order.orderStatus),
        courier: s.carrier ?? s.courier,
        awb: s.awb,
        step: s.step,
        stepLabel: PARCEL_STEP_LABELS[s.step],
        bookedAt: s.createdAt.toISOString(),
        heardAt: s.heardAt?.toISOString() ?? null,
        attemptFailedAt: s.attemptFailedAt?.toISOString() ?? null,
        decision: s.decision,
        decidedBy: s.decidedByEmail,
        expectedOn: s.expectedOn,
      }));
    },

    /** The order's parcel for the owner's order page, and the messages its shopper was sent. */
    async ofOrder(orderId: string): Promise<OrderParcel> {
      const shipment = await q.shipmentOfOrder(db, orderId);
      const messages = await notifier.history(db, orderId);
      const parcel = shipment ? parcelView(shipment, await q.scansOf(db, [shipment.id]), null) : null;
      return {
        parcel: parcel && shipment ? { ...parcel, reference: shipment.reference, weightGrams: shipment.weightGrams, bookedBy: shipment.bookedByEmail, attemptFailedAt: shipment.attemptFailedAt?.toISOString() ?? null, decision: shipment.decision, decidedBy: shipment.decidedByEmail, hasLabel: shipment.courier !== 'manual' && !!shipment.awb } : null,
        messages: messages.map((m) => ({ step: m.step, channel: m.channel, summary: m.summary, at: m.createdAt.toISOString() })),
      };
    },

    /** /track: the order by its number and delivery PIN (the same answer for either wrong), counted per address. */
    async track(query: TrackQuery, address: string): Promise<TrackedOrder> {
      await deps.limits.trackingTried(address);
      const row = await q.orderByNumber(db, query.order);
      const placed = row && (row.paymentStatus === 'paid' || row.paymentMethod === 'cod') && row.pincode === query.pin;
      if (!row || !placed) throw new NotFoundError(TRACK_NOT_FOUND);
      await deps.limits.trackingFound(address);
      const shipment = await q.shipmentOfOrder(db, row.id);
      const status = shownStatus(row.status);
      return {
        orderNumber: row.orderNumber,
        status,
        statusLabel: ORDER_STATUS_LABELS[status],
        parcel: shipment && shown(shipment) ? parcelView(shipment, await q.scansOf(db, [shipment.id]), row.deliveredAt) : null,
      };
    },
  };
}

/** The parcels of a shopper's orders, read in their own transaction (row-level security sees only theirs). */
export async function parcelsOf(tx: Pick<Db, 'select' | 'selectDistinctOn'>, orders: { id: string; deliveredAt: Date | null }[]): Promise<Map<string, ParcelTracking>> {
  const rows = await q.shipmentsOfOrders(
    tx,
    orders.map((o) => o.id),
  );
  const scans = await q.scansOf(
    tx,
    rows.map((r) => r.id),
  );
  const delivered = new Map(orders.map((o) => [o.id, o.deliveredAt]));
  return parcelsByOrder(rows, scans, (id) => delivered.get(id) ?? null);
}

/**
 * The parcels of return requests (issue 49), by request: each kind's latest booked one, as the
 * shopper and the owner see it (read in the caller's transaction: a shopper's sees only their own).
 */
export async function returnParcelsOf(tx: Pick<Db, 'select' | 'selectDistinctOn'>, requestIds: string[]): Promise<Map<string, ReturnParcel[]>> {
  const byRequest = new Map<string, ReturnParcel[]>();
  for (const s of (await q.parcelsOfRequests(tx, requestIds)).filter(shown)) {
    if (s.kind === 'order' || !s.returnRequestId) continue;
    const list = byRequest.get(s.returnRequestId) ?? [];
    list.push({ kind: s.kind, courier: s.carrier ?? COURIER_LABELS[s.courier], awb: s.awb, step: s.step, stepLabel: PARCEL_STEP_LABELS[s.step] });
    byRequest.set(s.returnRequestId, list);
  }
  return byRequest;
}

export type ReturnParcelsOf = typeof returnParcelsOf;
export type Shipping = ReturnType<typeof createShipping>;
