/**
 * Booking a parcel (issue 48): the shipment row is written before the courier is called, held while
 * the call is under way, and each answer saved as it comes; a retry after a timeout resumes it, so
 * one order never becomes two shipments. A return's parcels (issue 49) are booked the same way, for
 * the return request they carry (ParcelTarget). A courier's refusal is shown to the owner in its words and
 * changes nothing; only a booking complete with its AWB moves anything (the order's tracking number).
 */
import type { CourierSettings } from '../../../shared/parcels.contract.ts';
import { COURIER_LABELS, type CourierName, type NdrDecision, type ParcelKind } from '../../../shared/parcels.ts';
import { ORDER_STATUS_LABELS, shownStatus } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Fulfilment, Owner } from '../orders/fulfilment.service.ts';
import { CourierRefusal, CourierUnavailable, NOTHING_BOOKED, type Booking, type Courier, type Parcel } from './courier.ts';
import * as q from './shipping.queries.ts';

/** Longer than any booking's calls take (four calls, 15 s each at worst). */
const BOOKING_HOLD_SECONDS = 90;

export const NO_COURIER = 'Choose a courier in Settings before booking, or give the tracking number of your own courier.';
export const OWN_AWB_TAKEN = 'That tracking number is on another parcel already. Check it and type it again.';
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

/** A return's pieces on a parcel (issue 49): a line of the order, how many, and the size sent when it is not the line's own. */
export interface ReturnPiece {
  orderItemId: number;
  quantity: number;
  size?: string | null;
}

function parcelFrom({ order, email, lines }: ParcelSource, reference: string, weightGrams: number, pickupLocation: string): Parcel {
  const a = order.addressJson;
  return {
    reference,
    direction: 'forward',
    orderNumber: order.orderNumber,
    orderedAt: order.createdAt,
    paymentMethod: order.paymentMethod,
    collect: order.paymentMethod === 'cod' && !order.paidAt ? order.total : 0,
    total: order.total,
    subtotal: order.subtotal,
    shippingCharges: order.shippingCharges,
    consignee: { name: a.name, phone: a.phone, email, line1: a.house, line2: a.street, city: a.city, state: a.state, pincode: a.pincode },
    items: lines.map((l) => itemOf(l, l.size, l.quantity)),
    weightGrams,
    pickupLocation,
  };
}

const itemOf = (l: ParcelSource['lines'][number], size: string | null, units: number): Parcel['items'][number] => ({
  name: size && size !== 'One size' ? `${l.name} (${size})` : l.name,
  sku: `${l.productId ?? 'gone'}-${size ?? 'one'}`,
  units,
  unitPrice: l.unitPrice,
  hsn: l.hsnCode,
});

/**
 * A return's parcel (issue 49): nothing to collect and nothing charged. A pickup goes from the
 * shopper's address back to the shop's pickup location; an exchange's new size goes to the shopper.
 */
function returnParcelFrom(source: ParcelSource, kind: 'pickup' | 'exchange', pieces: ReturnPiece[], reference: string, weightGrams: number, pickupLocation: string): Parcel {
  const forward = parcelFrom(source, reference, weightGrams, pickupLocation);
  const items = pieces.flatMap((p) => {
    const line = source.lines.find((l) => l.id === p.orderItemId);
    return line ? [itemOf(line, p.size ?? line.size, p.quantity)] : [];
  });
  const value = items.reduce((sum, i) => sum + i.unitPrice * i.units, 0);
  return { ...forward, direction: kind === 'pickup' ? 'reverse' : 'forward', paymentMethod: 'online', collect: 0, total: value, subtotal: value, shippingCharges: 0, items };
}

/**
 * What a parcel is booked for: the order's own parcel, or a return's (issue 49). The booking row is
 * written with the target locked and bookable; the booking completes with it locked again, and is
 * cancelled with the courier when the target moved on meanwhile (an order cancelled, a request closed).
 */
export interface ParcelTarget {
  orderId: string;
  kind: ParcelKind;
  returnRequestId: string | null;
  /** What the courier knows the parcel by, from the order's number and how many parcels of this kind it has had. */
  reference: (orderNumber: string, n: number) => string;
  /** In the booking row's transaction: the target locked, refused (an AppError) when it cannot be booked now. */
  openIn: (tx: q.Tx) => Promise<void>;
  /** The booking complete, in its transaction with the target locked: false when it moved on meanwhile. */
  completeIn: (tx: q.Tx, booked: Booking) => Promise<boolean>;
  /** What the owner reads when it moved on meanwhile (409). */
  movedOn: { code: string; message: string };
}

/** An exchange sent with the owner's own courier (issue 49): recorded as booked with its tracking number, in the caller's transaction. */
export async function recordOwnParcelIn(tx: q.Tx, target: { orderId: string; returnRequestId: string; kind: 'exchange' }, awb: string, by: Owner, orderNumber: string, weightGrams: number) {
  const live = await q.liveShipment(tx, target);
  if (live) throw new AppError(409, 'already_booked', `This parcel is booked already${live.awb ? ` (AWB ${live.awb})` : ''}.`);
  if (await q.ownAwbTaken(tx, awb)) throw new AppError(409, 'awb_taken', OWN_AWB_TAKEN, { trackingNumber: OWN_AWB_TAKEN });
  const n = (await q.bookingsMade(tx, target)) + 1;
  const row = await q.insertBooking(tx, { ...target, courier: 'manual', reference: `${orderNumber.replace(/^VA/, '')}-X${target.returnRequestId.slice(0, 8)}-${n}`, weightGrams, bookedBy: by.id, bookedByEmail: by.email });
  await q.markBooked(tx, row.id, { ...NOTHING_BOOKED, awb });
}

/** The order's own parcel: only while the order is being prepared; its AWB becomes the order's tracking number. */
const orderTarget = (orders: BookingDeps['orders'], orderId: string): ParcelTarget => ({
  orderId,
  kind: 'order',
  returnRequestId: null,
  reference: (orderNumber, n) => `${orderNumber.replace(/^VA/, '')}-${n}`,
  async openIn(tx) {
    const status = shownStatus((await orders.lockIn(tx, orderId))?.status);
    if (status !== 'processing') throw new AppError(409, 'not_bookable', `Only an order being prepared can be booked with a courier; this one is ${ORDER_STATUS_LABELS[status].toLowerCase()}.`);
  },
  async completeIn(tx, booked) {
    if (shownStatus((await orders.lockIn(tx, orderId))?.status) !== 'processing') return false;
    await orders.setTrackingIn(tx, orderId, booked.awb!);
    return true;
  },
  movedOn: { code: 'order_cancelled', message: 'This order was cancelled while it was being booked; the booking is cancelled with the courier.' },
});

/** The booking done, with the target locked first (as everywhere); one that moved on meanwhile has its booking cancelled too. */
async function complete(db: Db, target: ParcelTarget, row: q.ShipmentRow, courier: Courier, booked: Booking) {
  const movedOn = await db.transaction(async (tx) => {
    if (!(await target.completeIn(tx, booked))) return true;
    await q.markBooked(tx, row.id, booked);
    return false;
  });
  if (!movedOn) return;
  await courier.cancel(booked).catch(() => {});
  await q.markCancelled(db, row.id);
  throw new AppError(409, target.movedOn.code, target.movedOn.message);
}

export function createBooking(db: Db, { couriers, orders, settings }: BookingDeps) {
  const courierFor = (name: CourierName) => {
    const courier = couriers[name];
    if (!courier) throw new AppError(409, 'courier_not_configured', `This shop has no ${COURIER_LABELS[name]} account set up. Its keys go in the server's environment (README, Couriers).`);
    return courier;
  };

  /** The booking row: the one under way, or a new one; refused for a target that cannot be booked or is booked already. */
  function bookingRow(target: ParcelTarget, courier: CourierName, weightGrams: number, by: Owner, orderNumber: string) {
    return db.transaction(async (tx) => {
      await target.openIn(tx);
      const live = await q.liveShipment(tx, target);
      if (live && live.step !== 'booking') throw new AppError(409, 'already_booked', `This ${target.kind === 'order' ? 'order' : 'parcel'} is booked already${live.awb ? ` (AWB ${live.awb})` : ''}.`);
      if (live) return live;
      const n = (await q.bookingsMade(tx, target)) + 1;
      return q.insertBooking(tx, { orderId: target.orderId, kind: target.kind, returnRequestId: target.returnRequestId, courier, reference: target.reference(orderNumber, n), weightGrams, bookedBy: by.id, bookedByEmail: by.email });
    });
  }


  async function finish(target: ParcelTarget, row: q.ShipmentRow, courier: Courier, parcel: Parcel) {
    try {
      const booked = await courier.book(parcel, soFar(row), (b) => q.saveBooking(db, row.id, b, BOOKING_HOLD_SECONDS));
      if (!booked.awb) throw new CourierRefusal('No AWB came back.');
      await complete(db, target, row, courier, booked);
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

  /** Books the target's parcel with the chosen courier (or resumes a booking a timeout cut short). */
  async function bookTarget(target: ParcelTarget, weightGrams: number, by: Owner, parcelOf: (source: ParcelSource, reference: string, weightGrams: number, pickupLocation: string) => Parcel) {
    const chosen = await settings();
    if (chosen.courier === 'none') throw new AppError(409, 'no_courier', NO_COURIER);
    const source = await orders.parcelOf(target.orderId);
    const row = await bookingRow(target, chosen.courier, weightGrams, by, source.order.orderNumber);
    // A booking under way stays with the courier it began with, and its weight; it resumes from the row as held.
    const courier = courierFor(row.courier as CourierName);
    const held = await q.holdBooking(db, row.id, BOOKING_HOLD_SECONDS);
    if (!held) throw new AppError(409, 'booking_under_way', BOOKING_UNDER_WAY);
    await finish(target, held, courier, parcelOf(source, held.reference, held.weightGrams, chosen.pickupLocation));
  }


  return {
    /** Books the order's parcel with the chosen courier (or resumes a booking a timeout cut short). */
    book: (orderId: string, weightGrams: number, by: Owner): Promise<void> => bookTarget(orderTarget(orders, orderId), weightGrams, by, parcelFrom),

    /**
     * A return's parcel (issue 49) with the shop's courier: the pickup of the pieces from the
     * shopper, or an exchange's new size to them. The target (the returns module's) locks the
     * request and moves it on when the booking completes.
     */
    bookReturn: (target: ParcelTarget & { kind: 'pickup' | 'exchange' }, pieces: ReturnPiece[], weightGrams: number, by: Owner): Promise<void> =>
      bookTarget(target, weightGrams, by, (source, reference, grams, pickupLocation) => returnParcelFrom(source, target.kind, pieces, reference, grams, pickupLocation)),

    recordOwnIn: recordOwnParcelIn,

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

    /** The label's PDF, from the courier: of the order's own parcel, or of a return's exchange parcel (issue 49). */
    async label(orderId: string, returnRequestId?: string): Promise<Uint8Array> {
      const row = returnRequestId ? await q.returnParcelOf(db, returnRequestId, 'exchange') : await q.shipmentOfOrder(db, orderId);
      if (!row || row.courier === 'manual' || !row.awb) throw new AppError(404, 'no_label', returnRequestId ? 'This exchange has no courier label.' : 'This order has no courier label.');
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
