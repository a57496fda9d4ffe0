/**
 * Booking a parcel (issue 48): the shipment row is written before the courier is called, held while
 * the call is under way, and each answer saved as it comes; a retry after a timeout resumes it, so
 * one order never becomes two shipments. A courier's refusal is shown to the owner in its words and
 * changes nothing; only a booking complete with its AWB moves anything (the order's tracking number).
 */
import type { CourierSettings } from '../../../shared/parcels.contract.ts';
import { COURIER_LABELS, type CourierName, type NdrDecision } from '../../../shared/parcels.ts';
import { ORDER_STATUS_LABELS, shownStatus } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Fulfilment, Owner } from '../orders/fulfilment.service.ts';
import { CourierRefusal, CourierUnavailable, NOTHING_BOOKED, type Booking, type Courier, type Parcel } from './courier.ts';
import * as q from './shipping.queries.ts';

/** Longer than any booking's calls take (four calls, 15 s each at worst). */
const BOOKING_HOLD_SECONDS = 90;

export const NO_COURIER = 'Choose a courier in Settings before booking, or give the tracking number of your own courier.';
export const BOOKING_UNDER_WAY = 'This parcel is being booked right now. Look again in a minute.';

export interface BookingDeps {
  couriers: Partial<Record<CourierName, Courier>>;
  orders: Pick<Fulfilment, 'parcelOf' | 'lockIn' | 'setTrackingIn'>;
  settings: () => Promise<CourierSettings>;
}

const soFar = (s: q.ShipmentRow): Booking => ({
  ...NOTHING_BOOKED,
  providerOrderId: s.providerOrderId,
  providerShipmentId: s.providerShipmentId,
  awb: s.awb,
  carrier: s.carrier,
  labelUrl: s.labelUrl,
  pickupRequested: s.pickupRequestedAt !== null,
  expectedOn: s.expectedOn,
});

type ParcelSource = Awaited<ReturnType<BookingDeps['orders']['parcelOf']>>;

function parcelFrom({ order, email, lines }: ParcelSource, reference: string, weightGrams: number, pickupLocation: string): Parcel {
  const a = order.addressJson;
  return {
    reference,
    orderNumber: order.orderNumber,
    orderedAt: order.createdAt,
    paymentMethod: order.paymentMethod,
    collect: order.paymentMethod === 'cod' && !order.paidAt ? order.total : 0,
    total: order.total,
    subtotal: order.subtotal,
    shippingCharges: order.shippingCharges,
    consignee: { name: a.name, phone: a.phone, email, line1: a.house, line2: a.street, city: a.city, state: a.state, pincode: a.pincode },
    items: lines.map((l) => ({ name: l.size && l.size !== 'One size' ? `${l.name} (${l.size})` : l.name, sku: `${l.productId ?? 'gone'}-${l.size ?? 'one'}`, units: l.quantity, unitPrice: l.unitPrice, hsn: l.hsnCode })),
    weightGrams,
    pickupLocation,
  };
}

export function createBooking(db: Db, { couriers, orders, settings }: BookingDeps) {
  const courierFor = (name: CourierName) => {
    const courier = couriers[name];
    if (!courier) throw new AppError(409, 'courier_not_configured', `This shop has no ${COURIER_LABELS[name]} account set up. Its keys go in the server's environment (README, Couriers).`);
    return courier;
  };

  /** The booking row: the one under way, or a new one; refused for an order that cannot be shipped or is booked already. */
  function bookingRow(orderId: string, courier: CourierName, weightGrams: number, by: Owner, orderNumber: string) {
    return db.transaction(async (tx) => {
      const order = await orders.lockIn(tx, orderId);
      const status = shownStatus(order?.status);
      if (status !== 'processing') throw new AppError(409, 'not_bookable', `Only an order being prepared can be booked with a courier; this one is ${ORDER_STATUS_LABELS[status].toLowerCase()}.`);
      const live = await q.liveShipment(tx, orderId);
      if (live && live.step !== 'booking') throw new AppError(409, 'already_booked', `This order is booked already${live.awb ? ` (AWB ${live.awb})` : ''}.`);
      if (live) return live;
      const n = (await q.bookingsMade(tx, orderId)) + 1;
      return q.insertBooking(tx, { orderId, courier, reference: `${orderNumber.replace(/^VA/, '')}-${n}`, weightGrams, bookedBy: by.id, bookedByEmail: by.email });
    });
  }

  /** The booking done: the order locked first (as everywhere) and still to be sent; one cancelled meanwhile has its booking cancelled too. */
  async function complete(row: q.ShipmentRow, courier: Courier, booked: Booking) {
    const cancelledMeanwhile = await db.transaction(async (tx) => {
      const order = await orders.lockIn(tx, row.orderId);
      if (shownStatus(order?.status) !== 'processing') return true;
      if (await q.markBooked(tx, row.id, booked)) await orders.setTrackingIn(tx, row.orderId, booked.awb!);
      return false;
    });
    if (!cancelledMeanwhile) return;
    await courier.cancel(booked).catch(() => {});
    await q.markCancelled(db, row.id);
    throw new AppError(409, 'order_cancelled', 'This order was cancelled while it was being booked; the booking is cancelled with the courier.');
  }

  async function finish(row: q.ShipmentRow, courier: Courier, parcel: Parcel) {
    try {
      const booked = await courier.book(parcel, soFar(row), (b) => q.saveBooking(db, row.id, b, BOOKING_HOLD_SECONDS));
      if (!booked.awb) throw new CourierRefusal('No AWB came back.');
      await complete(row, courier, booked);
    } catch (err) {
      await q.releaseBooking(db, row.id);
      if (err instanceof CourierRefusal) {
        await q.dropBooking(db, row.id);
        throw new AppError(422, 'courier_refused', `${COURIER_LABELS[courier.name]} did not book it: ${err.message}`);
      }
      if (err instanceof CourierUnavailable) throw new AppError(503, 'courier_unavailable', err.message);
      throw err;
    }
  }

  return {
    /** Books the order's parcel with the chosen courier (or resumes a booking a timeout cut short). */
    async book(orderId: string, weightGrams: number, by: Owner): Promise<void> {
      const chosen = await settings();
      if (chosen.courier === 'none') throw new AppError(409, 'no_courier', NO_COURIER);
      const source = await orders.parcelOf(orderId);
      const row = await bookingRow(orderId, chosen.courier, weightGrams, by, source.order.orderNumber);
      // A booking under way stays with the courier it began with, and its weight; it resumes from the row as held.
      const courier = courierFor(row.courier as CourierName);
      const held = await q.holdBooking(db, row.id, BOOKING_HOLD_SECONDS);
      if (!held) throw new AppError(409, 'booking_under_way', BOOKING_UNDER_WAY);
      await finish(held, courier, parcelFrom(source, held.reference, held.weightGrams, chosen.pickupLocation));
    },

    /**
     * Before an order is cancelled (payments/cancellation.ts): its booking, if it has one the
     * courier has not picked up, is cancelled with the courier, or the order's cancel is refused.
     * Another shopper's order, or one that cannot be cancelled, is left to the cancel to refuse.
     */
    async cancelFor(orderId: string, who: { userId: string; owner: boolean }): Promise<void> {
      const row = await q.shipmentOfOrder(db, orderId);
      if (!row || row.step === 'cancelled') return;
      const source = await orders.parcelOf(orderId).catch(() => null);
      if (!source || (!who.owner && source.order.userId !== who.userId) || shownStatus(source.order.status) !== 'processing') return;
      if (row.step !== 'booking' && row.step !== 'booked') throw new AppError(409, 'parcel_with_courier', 'The courier has this parcel already, so the order cannot be cancelled now.');
      if (row.bookingUntil && row.bookingUntil > new Date()) throw new AppError(409, 'booking_under_way', BOOKING_UNDER_WAY);
      if (row.courier !== 'manual' && (row.providerOrderId || row.awb)) {
        try {
          await courierFor(row.courier).cancel(soFar(row));
        } catch (err) {
          if (!(err instanceof CourierRefusal || err instanceof CourierUnavailable)) throw err;
          throw new AppError(409, 'courier_not_cancelled', `${COURIER_LABELS[row.courier]} did not cancel the booking (${err.message}), so the order is not cancelled. Try again, or cancel it in the courier's panel first.`);
        }
      }
      await q.markCancelled(db, row.id);
    },

    /** The label's PDF, from the courier. */
    async label(orderId: string): Promise<Uint8Array> {
      const row = await q.shipmentOfOrder(db, orderId);
      if (!row || row.courier === 'manual' || !row.awb) throw new AppError(404, 'no_label', 'This order has no courier label.');
      try {
        return await courierFor(row.courier).label(soFar(row));
      } catch (err) {
        if (err instanceof CourierRefusal || err instanceof CourierUnavailable) throw new AppError(502, 'no_label', err.message);
        throw err;
      }
    },

    /** After a failed attempt: taken once, then told to the courier; a courier that says no undoes it. */
    async decide(orderId: string, decision: NdrDecision, by: Owner): Promise<void> {
      const row = await q.shipmentOfOrder(db, orderId);
      if (!row || row.courier === 'manual' || !row.awb) throw new AppError(404, 'not_found', 'This order has no courier shipment.');
      if (!(await q.takeDecision(db, row.id, decision, by.email))) throw new AppError(409, 'nothing_to_decide', 'There is no failed delivery attempt waiting for a decision on this order.');
      try {
        await courierFor(row.courier).decide(row.awb, decision);
      } catch (err) {
        await q.undoDecision(db, row.id);
        if (err instanceof CourierRefusal) throw new AppError(422, 'courier_refused', `${COURIER_LABELS[row.courier]} did not take it: ${err.message}`);
        if (err instanceof CourierUnavailable) throw new AppError(503, 'courier_unavailable', err.message);
        throw err;
      }
    },
  };
}

export type BookingService = ReturnType<typeof createBooking>;
