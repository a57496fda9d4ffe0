/**
 * A return's parcels (issue 49, docs/decisions/0049): the courier's pickup of an approved piece, and
 * an exchange's new size sent once the old piece passed the check. Both are booked through the
 * courier port like an order's parcel (the shipping module's bookReturn), with the request locked
 * when the booking row is written and again when it completes; an exchange may go with the owner's
 * own courier instead. The courier's scans of a pickup move the request (picked up, received at the
 * shop); an exchange's parcel is followed like an order's, its delivery noted in the request's history.
 */
import { RETURN_WORDS, type ReturnState } from '../../../shared/returns.ts';
import type { ShipExchangeBody } from '../../../shared/returns.contract.ts';
import type { ScanStep } from '../../../shared/parcels.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { Owner } from '../orders/fulfilment.service.ts';
import type { Booking } from '../shipping/courier.ts';
import type { ReturnMailStep } from './return.mails.ts';
import type { Request, StepDeps, Taken } from './return-steps.ts';
import * as q from './returns.queries.ts';

/** What a return's parcel needs of the steps (return-steps.ts). */
export interface StepKit {
  lockedIn: (tx: q.Tx, id: string, from: readonly ReturnState[]) => Promise<Request>;
  stepIn: (tx: q.Tx, request: Request, by: string | null, done: Taken) => Promise<Taken>;
  take: (id: string, from: readonly ReturnState[], by: string | null, work: (tx: q.Tx, request: Request) => Promise<Taken>) => Promise<{ id: string; state: ReturnState }>;
}

/** A scanned parcel of a return, as the shipping module hands it over. */
export interface ScannedReturnParcel {
  kind: 'pickup' | 'exchange';
  returnRequestId: string;
  courier: string;
}

export type ParcelDeps = Pick<StepDeps, 'stock' | 'orders' | 'outbox' | 'parcels'>;

/** Scans that mean the courier has the piece. */
const ON_ITS_WAY: readonly ScanStep[] = ['picked_up', 'in_transit', 'out_for_delivery'];
const EXCHANGE_CAME_BACK = 'The new size came back to the shop undelivered; it is held for the shopper. Send it again, or refund instead.';
const EXCHANGE_CANCELLED = 'The courier cancelled the new size’s parcel; it is held for the shopper. Send it again, or refund instead.';
const PICKUP_CANCELLED = 'The courier cancelled the pickup. Book it again, or ask the shopper to send the piece.';

const digitsOf = (orderNumber: string) => orderNumber.replace(/^VA/, '');

/** How a return's parcel is booked: from which state, what is checked first, and the step once booked. */
interface ParcelPlan {
  kind: 'pickup' | 'exchange';
  from: ReturnState;
  check: (tx: q.Tx, request: Request) => Promise<void>;
  /** Checked again when the booking completes: false when the parcel is no longer wanted. */
  stillWanted: (tx: q.Tx, request: Request) => Promise<boolean>;
  done: (tx: q.Tx, request: Request, booked: Booking) => Promise<Taken>;
}

/**
 * A courier's scan of a return's parcel, in the scan's transaction (the order and the shipment
 * locked first): a pickup on its way moves the request to picked up, delivered to the shop to
 * received, cancelled back to approved; an exchange's delivery is noted. What to do once it commits.
 */
const scannedIn = (deps: Pick<ParcelDeps, 'outbox'>, stepIn: StepKit['stepIn']) =>
  async function scannedIn(tx: q.Tx, parcel: ScannedReturnParcel, step: ScanStep): Promise<(() => Promise<void>) | undefined> {
    const request = await q.lockRequest(tx, parcel.returnRequestId);
    if (!request) return undefined;
    const move = (to: ReturnState, note: string, mail: ReturnMailStep | null) => stepIn(tx, request, null, { to, note, mail });
    if (parcel.kind === 'exchange') {
      if (step === 'delivered') await q.noteEvent(tx, request.id, request.state, 'The new size was delivered.');
      if ((step !== 'cancelled' && step !== 'returned') || request.state !== 'exchange_shipped') return undefined;
      // The new size never reached the shopper: held for them again (it never went back to stock), to send again or refund instead.
      await q.holdAgain(tx, request.id);
      await move('passed', step === 'returned' ? EXCHANGE_CAME_BACK : EXCHANGE_CANCELLED, null);
      return undefined;
    }
    // The courier has the piece: from now on its pickup fee, if any, is owed.
    if ((ON_ITS_WAY.includes(step) || step === 'delivered') && (request.state === 'pickup_booked' || request.state === 'picked_up')) await q.markCollected(tx, request.id);
    if (ON_ITS_WAY.includes(step) && request.state === 'pickup_booked') await move('picked_up', `${parcel.courier} scan`, { state: 'picked_up' });
    else if (step === 'delivered' && (request.state === 'pickup_booked' || request.state === 'picked_up')) await move('received', `${parcel.courier} scan`, { state: 'received' });
    else if (step === 'cancelled' && request.state === 'pickup_booked') {
      // No courier collects it now: no pickup fee, unless the owner books another.
      await q.setPickup(tx, request.id, null);
      await move('approved', PICKUP_CANCELLED, null);
    }
    else return undefined;
    return async () => deps.outbox.nudge();
  };

export function createReturnParcels(db: Db, deps: ParcelDeps, kit: StepKit) {
  const { lockedIn, stepIn, take } = kit;

  async function requestFor(id: string) {
    const orderId = await q.orderIdOf(db, id);
    if (!orderId) throw new NotFoundError('Return request not found.');
    return orderId;
  }

  /** An exchange whose every new size is still held for it (not refunded instead meanwhile). */
  async function stillHeld(tx: q.Tx, request: Request): Promise<boolean> {
    return request.resolution === 'exchange' && (await q.linesOfRequest(tx, request.id)).every((l) => !l.exchangeSize || l.held);
  }

  /** An exchange's new sizes held (again, where a hold lapsed before the piece came back), or refused when one is sold out now. */
  async function heldForSending(tx: q.Tx, request: Request): Promise<void> {
    if (request.resolution !== 'exchange') throw new AppError(409, 'not_exchange', RETURN_WORDS.notExchange);
    const lapsed = (await q.linesOfRequest(tx, request.id)).filter((l) => l.exchangeSize && !l.held && l.productId);
    if (lapsed.length === 0) return;
    const short = await deps.stock.holdForExchange(
      tx,
      request.orderId,
      lapsed.map((l) => ({ key: { productId: l.productId!, size: l.exchangeSize! }, quantity: l.quantity })),
    );
    if (short) throw new AppError(409, 'size_gone', RETURN_WORDS.exchangeSizeGone(lapsed.find((l) => l.productId === short.key.productId)?.name ?? 'the piece', short.key.size));
    await q.holdAgain(tx, request.id);
  }

  /**
   * A return's parcel booked with the shop's courier, for a request in `plan.from`: checked when
   * the booking row is written, and moved on (`plan.done`) with the booking complete, the request
   * still where it was; a request that moved on meanwhile has its booking cancelled.
   */
  async function bookParcel(id: string, plan: ParcelPlan, weightGrams: number, by: Owner): Promise<void> {
    const orderId = await requestFor(id);
    const lines = await q.linesOfRequest(db, id);
    await deps.parcels.bookReturn(
      {
        orderId,
        kind: plan.kind,
        returnRequestId: id,
        reference: (orderNumber, n) => `${digitsOf(orderNumber)}-${plan.kind === 'pickup' ? 'R' : 'X'}${id.slice(0, 8)}-${n}`,
        openIn: async (tx) => plan.check(tx, await lockedIn(tx, id, [plan.from])),
        async completeIn(tx, booked) {
          const request = await q.lockRequestAfterOrder(tx, id);
          // Moved on meanwhile (another step, or an exchange refunded instead): the booking is cancelled.
          if (!request || request.state !== plan.from || !(await plan.stillWanted(tx, request))) return false;
          await stepIn(tx, request, by.id, await plan.done(tx, request, booked));
          return true;
        },
        movedOn: { code: 'request_moved_on', message: RETURN_WORDS.parcelMovedOn },
      },
      lines.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity, size: plan.kind === 'exchange' ? l.exchangeSize : null })),
      weightGrams,
      by,
    );
    deps.outbox.nudge();
  }

  const courierOf = (booked: Booking) => booked.carrier ?? 'The courier';

  return {
    /** The courier's label of an exchange's parcel, to print and stick on it. */
    exchangeLabel: async (id: string): Promise<Uint8Array> => deps.parcels.label(await requestFor(id), id),

    /** The courier is sent to collect an approved piece from the shopper's delivery address. */
    async bookPickup(id: string, weightGrams: number, by: Owner) {
      const done = async (tx: q.Tx, request: Request, booked: Booking): Promise<Taken> => {
        await q.setPickup(tx, request.id, 'courier');
        return { to: 'pickup_booked', note: `Courier pickup, AWB ${booked.awb}`, mail: { state: 'pickup_booked', courier: courierOf(booked), awb: booked.awb!, fee: request.pickupFeePaise } };
      };
      await bookParcel(id, { kind: 'pickup', from: 'approved', check: async () => {}, stillWanted: async () => true, done }, weightGrams, by);
      return { id, state: 'pickup_booked' as const };
    },

    /**
     * An exchange's new size sent, at no charge: with the shop's courier, or with the owner's own
     * (its tracking number). The held pieces become the shopper's; the request is closed.
     */
    async shipExchange(id: string, body: ShipExchangeBody, by: Owner) {
      const sent = (courier: string, awb: string): Taken => ({ to: 'exchange_shipped', note: `${courier}, AWB ${awb}`, mail: { state: 'exchange_shipped', courier, awb } });
      const { trackingNumber } = body;
      if (trackingNumber) {
        return take(id, ['passed'], by.id, async (tx, request) => {
          await heldForSending(tx, request);
          const facts = await deps.orders.messageFactsIn(tx, request.orderId);
          await deps.parcels.recordOwnIn(tx, { orderId: request.orderId, returnRequestId: id, kind: 'exchange' }, trackingNumber, by, facts?.orderNumber ?? request.orderId.slice(0, 8), body.weightGrams);
          await q.sendHolds(tx, id);
          return sent('Our courier', trackingNumber);
        });
      }
      const done = async (tx: q.Tx, request: Request, booked: Booking): Promise<Taken> => {
        await q.sendHolds(tx, request.id);
        return sent(courierOf(booked), booked.awb!);
      };
      await bookParcel(id, { kind: 'exchange', from: 'passed', check: heldForSending, stillWanted: stillHeld, done }, body.weightGrams, by);
      return { id, state: 'exchange_shipped' as const };
    },

    scannedIn: scannedIn(deps, stepIn),
  };
}

export type ReturnParcels = ReturnType<typeof createReturnParcels>;
