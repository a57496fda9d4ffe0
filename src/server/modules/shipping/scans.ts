/**
 * The courier's scans move the order (issue 48). A report (a webhook, or a poll of a parcel the
 * courier has been silent about for a day) is stored in one transaction with the shipment locked:
 * each scan once (same AWB, time and code), the parcel's step moved only by a scan newer than the
 * last one that moved it, and never out of a final step; the order moved with it (shipped,
 * delivered, returned) and the shopper told once per step. A return's parcel (issue 49) moves its
 * return request instead, through the returns module.
 */
import DataLoader from 'dataloader';
import { COURIER_LABELS, isFinal, PARCEL_STEPS, type CourierName, type ParcelStep, type ScanStep } from '../../../shared/parcels.ts';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { Fulfilment } from '../orders/fulfilment.service.ts';
import type { Notifier } from '../notify/notifier.ts';
import { CourierRefusal, type Courier, type CourierScan, type ScanReport } from './courier.ts';
import { isTold, parcelMail } from './parcel.mails.ts';
import { createKeptReports } from './kept-reports.ts';
import { storable } from '../../db/storable-json.ts';
import * as q from './shipping.queries.ts';

export const UNKNOWN_AWB = 'No parcel of this shop has that AWB with this courier.';
const SHIPMENT_CANCELLED = 'This shipment was cancelled; its scans are not taken.';
const ORDER_CANCELLED = 'This order was cancelled; its scans are not taken.';

export const WRONG_SECRET = 'The webhook secret is missing or wrong.';

/** The poll: parcels silent this long are asked about, this many at a time. */
export const SILENT_HOURS = 24;
const POLL_BATCH = 50;
/** Webhooks kept in one statement at most. */
const KEPT_AT_ONCE = 64;

export interface ScanDeps {
  couriers: Partial<Record<CourierName, Courier>>;
  orders: Pick<Fulfilment, 'courierStepIn' | 'lockIn' | 'messageFactsIn'>;
  notifier: Notifier;
  /** The tracking page for an order (with its PIN), or null when the shop has no public address. */
  trackUrl: (orderNumber: string, pincode: string) => string | null;
  /** A return's parcel scanned (issue 49): the returns module moves its request, in the scan's transaction. */
  returnParcels: ReturnParcelScans;
}

/** What the returns module does with a scan of a return's parcel; what to do once it commits. */
export interface ReturnParcelScans {
  scannedIn(tx: q.Tx, parcel: { kind: 'pickup' | 'exchange'; returnRequestId: string; courier: string }, step: ScanStep): Promise<(() => Promise<void>) | undefined>;
}

export interface Ingested {
  /** Scans not seen before. */
  stored: number;
  step: string;
}

/**
 * Whether scan `a` comes after `b`: the later time, and at the same time (couriers write seconds,
 * and post two scans in one), the step further along the journey.
 */
const after = (a: { at: Date; step: ParcelStep }, b: { at: Date; step: ParcelStep }) =>
  a.at.getTime() !== b.at.getTime() ? a.at > b.at : PARCEL_STEPS.indexOf(a.step) > PARCEL_STEPS.indexOf(b.step);

/** The scan that moves the parcel: the latest new one that means a step, if it comes after the one that moved it last. */
function mover(fresh: { at: Date; step: ScanStep | null }[], current: { at: Date | null; step: ParcelStep }) {
  const stepped = fresh.filter((s): s is { at: Date; step: ScanStep } => s.step !== null);
  const latest = stepped.reduce<(typeof stepped)[number] | undefined>((best, s) => (!best || after(s, best) ? s : best), undefined);
  return latest && (!current.at || after(latest, { at: current.at, step: current.step })) ? latest : undefined;
}

/** What the order does when its parcel reaches a step. */
const ORDER_STEP: Partial<Record<ScanStep, 'shipped' | 'delivered' | 'returned'>> = {
  picked_up: 'shipped',
  in_transit: 'shipped',
  out_for_delivery: 'shipped',
  attempt_failed: 'shipped',
  returning: 'shipped',
  delivered: 'delivered',
  returned: 'returned',
};

export function createScans(db: Db, { couriers, orders, notifier, trackUrl, returnParcels }: ScanDeps) {
  /** The step's effects in the scan's transaction: the order, the shopper's message. */
  async function stepTaken(tx: q.Tx, shipment: q.ShipmentRow, step: ScanStep, at: Date) {
    const to = ORDER_STEP[step];
    const moved = to ? await orders.courierStepIn(tx, shipment.orderId, to, `${COURIER_LABELS[shipment.courier]} scan`, at) : null;
    let told = false;
    // The shopper hears of a step only when the order says the same (an order the owner moved by
    // hand elsewhere is the owner's to look at: the board shows both).
    if (isTold(step) && (!moved || moved.now === to)) {
      const facts = await orders.messageFactsIn(tx, shipment.orderId);
      if (facts) {
        const courier = shipment.carrier ?? COURIER_LABELS[shipment.courier];
        const link = trackUrl(facts.orderNumber, facts.pincode);
        const mail = parcelMail(step, { ...facts, courier, awb: shipment.awb, trackUrl: link });
        const chat = facts.chatPhone ? { phone: facts.chatPhone, firstName: facts.buyer.firstName, orderNumber: facts.orderNumber, courierLine: `${courier}, AWB ${shipment.awb}`, link: link ?? '' } : null;
        told = await notifier.tell(tx, { orderId: shipment.orderId, step, mail, chat });
      }
    }
    return async () => {
      await moved?.after();
      if (told) notifier.nudge();
    };
  }

  /** A step of the order's own parcel moves the order; a return's parcel moves its request instead. */
  function stepOf(tx: q.Tx, shipment: q.ShipmentRow, step: ScanStep, at: Date) {
    if (shipment.kind === 'order' || !shipment.returnRequestId) return stepTaken(tx, shipment, step, at);
    return returnParcels.scannedIn(tx, { kind: shipment.kind, returnRequestId: shipment.returnRequestId, courier: shipment.carrier ?? COURIER_LABELS[shipment.courier] }, step);
  }

  /** The report applied in `tx`, with the order and the shipment locked; what to do once it commits. */
  async function applyIn(tx: q.Tx, courier: CourierName, report: ScanReport) {
    const parcel = await q.lockParcel(tx, courier, report.awb);
    if (!parcel) throw new NotFoundError(UNKNOWN_AWB);
    const { shipment, orderStatus } = parcel;
    if (shipment.step === 'cancelled') throw new AppError(409, 'shipment_cancelled', SHIPMENT_CANCELLED);
    if (orderStatus === 'cancelled') throw new AppError(409, 'order_cancelled', ORDER_CANCELLED);
    // A scan after the one that moved the parcel last was never stored: no need to store first to know it is new.
    const next = isFinal(shipment.step) ? undefined : mover(report.scans, { at: shipment.lastScanAt, step: shipment.step });
    const effects = next?.step ? await stepOf(tx, shipment, next.step, next.at) : undefined;
    const stored = await q.storeAndMove(tx, shipment.id, report.scans, { expectedOn: report.expectedOn, to: next && { step: next.step, at: next.at } });
    return { result: { stored, step: next?.step ?? shipment.step }, after: effects };
  }

  async function ingest(courier: CourierName, report: ScanReport): Promise<Ingested> {
    const { result, after } = await db.transaction((tx) => applyIn(tx, courier, report));
    await after?.();
    return result;
  }

  const kept = createKeptReports(db, applyIn);
  // Webhooks that arrive together are kept together: one statement and one commit for all that
  // reached this point in one turn of the event loop, so a busy morning's scans cost the database
  // a round trip per batch, not per scan (bench/parcels.ts).
  const keeper = new DataLoader<q.ReportToKeep, number | undefined>((batch) => q.keepReports(db, batch), { cache: false, maxBatchSize: KEPT_AT_ONCE, batchScheduleFn: (flush) => setImmediate(flush) });

  return {
    ingest,
    applyKept: kept.applyKept,
    /** Waits until the reports kept so far are applied (tests; a shop closing). */
    settled: kept.settled,

    /**
     * A courier's webhook: its secret checked first (401), its body read (400), its parcel known
     * (404) and not cancelled (409); then the report is kept and the courier answered at once, and
     * the report is applied just after (applyKept): a courier never waits on a busy shop.
     */
    async receive(courierName: CourierName, headers: Headers, body: string): Promise<{ accepted: number }> {
      const courier = couriers[courierName];
      if (!courier) throw new NotFoundError('Not found');
      let report: ScanReport | null;
      try {
        report = courier.readWebhook(headers, body);
      } catch (err) {
        if (err instanceof CourierRefusal) throw new BadRequestError(err.message, 'bad_scan');
        throw err;
      }
      if (!report) throw new AppError(401, 'unauthorized', WRONG_SECRET);
      const keptId = await keeper.load({ courier: courierName, awb: report.awb, report: { ...report, scans: report.scans.map((x) => ({ ...x, at: x.at.toISOString() })) } });
      if (keptId === undefined) {
        // Not kept: why, in words (read only on this path: the kept path is one statement).
        // As the batch matched it: an AWB PostgreSQL cannot take as text (a NUL) matches no parcel.
        const parcel = await q.parcelState(db, courierName, storable(report.awb) as string);
        if (!parcel) throw new NotFoundError(UNKNOWN_AWB);
        throw new AppError(409, parcel.step === 'cancelled' ? 'shipment_cancelled' : 'order_cancelled', parcel.step === 'cancelled' ? SHIPMENT_CANCELLED : ORDER_CANCELLED);
      }
      kept.nudge();
      return { accepted: report.scans.length };
    },

    /** Asks the couriers about parcels they have not mentioned for a day; how many were asked. */
    async pollSilent(log: (line: string) => void = console.log): Promise<number> {
      await q.forgetAppliedReports(db);
      const silent = await q.silentShipments(db, SILENT_HOURS, POLL_BATCH);
      for (const shipment of silent) {
        const courier = couriers[shipment.courier as CourierName];
        if (!courier || !shipment.awb) continue;
        try {
          await ingest(courier.name, await courier.track(shipment.awb));
        } catch (err) {
          // Whatever went wrong with one parcel, the others are still asked about.
          log(`Parcels: ${COURIER_LABELS[shipment.courier]} AWB ${shipment.awb}: ${err instanceof Error ? err.message : String(err)}`);
          // Asked, not answered: asked again after another quiet day, not at every pass.
          await q.updateShipment(db, shipment.id, { heardAt: new Date() });
        }
      }
      return silent.length;
    },
  };
}

export type { CourierScan };
export type Scans = ReturnType<typeof createScans>;
