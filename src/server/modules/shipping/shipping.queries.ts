/**
 * The parcels' SQL: the owner's courier settings, each order's shipment (its booking, held while a
 * booking is under way), its scans stored once, and what the owner's board and the shopper's
 * tracking read.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { CourierName, NdrDecision, ParcelKind, ParcelStep } from '../../../shared/parcels.ts';
import type { Db } from '../../db/client.ts';
import { oneRowSettings } from '../../db/one-row-settings.ts';
import { storable } from '../../db/storable-json.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { courierSettings, orders, scanReports, shipments, shipmentScans } from '../../db/schema/index.ts';
import type { Booking, CourierScan } from './courier.ts';

export type Tx = ShopperTx;
/** The owner's courier settings. */
export const settingsRow = oneRowSettings(courierSettings);
type Reader = Pick<Db, 'select' | 'selectDistinctOn'>;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ScanRow = typeof shipmentScans.$inferSelect;

/** Whose parcel: the order's own, or a return request's pickup or exchange (issue 49). */
export interface ParcelOwner {
  orderId: string;
  kind: ParcelKind;
  returnRequestId?: string | null;
}

const ofOwner = (o: ParcelOwner) => and(eq(shipments.orderId, o.orderId), eq(shipments.kind, o.kind), o.returnRequestId ? eq(shipments.returnRequestId, o.returnRequestId) : isNull(shipments.returnRequestId));

/** The parcel of this kind that is not cancelled, if any, locked for the caller's transaction. */
export async function liveShipment(tx: Tx, owner: ParcelOwner) {
  const [row] = await tx
    .select()
    .from(shipments)
    .where(and(ofOwner(owner), sql`${shipments.step} <> 'cancelled'`))
    .for('update');
  return row;
}

/**
 * Parcels of this kind the order (or the return request) has had, cancelled ones too: the next
 * one's reference counts on from them. Only one is live at a time, and a refused one leaves no
 * row, so the count never names a reference in use.
 */
export const bookingsMade = async (tx: Tx, owner: ParcelOwner) => (await tx.select({ n: count() }).from(shipments).where(ofOwner(owner)))[0]?.n ?? 0;

/** A tracking number the owner typed is already another parcel's with their own courier. */
export async function ownAwbTaken(tx: Tx, awb: string): Promise<boolean> {
  const rows = await tx.select({ id: shipments.id }).from(shipments).where(and(eq(shipments.courier, 'manual'), eq(shipments.awb, awb))).limit(1);
  return rows.length > 0;
}

/** A return request's latest parcel of this kind that is not cancelled. */
export async function returnParcelOf(db: Reader, requestId: string, kind: 'pickup' | 'exchange') {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.returnRequestId, requestId), eq(shipments.kind, kind), sql`${shipments.step} <> 'cancelled'`))
    .orderBy(desc(shipments.createdAt))
    .limit(1);
  return row;
}

/** The latest parcels of return requests, each kind's newest (a shopper's transaction sees only their own). */
export function parcelsOfRequests(db: Reader, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([shipments.returnRequestId, shipments.kind])
    .from(shipments)
    .where(inArray(shipments.returnRequestId, requestIds))
    .orderBy(shipments.returnRequestId, shipments.kind, desc(shipments.createdAt));
}

export async function insertBooking(tx: Tx, row: typeof shipments.$inferInsert) {
  const [made] = await tx.insert(shipments).values(row).returning();
  return made!;
}

/** Holds the booking for `seconds`: the row as held (what a retry resumes from), or none when another request holds it now. */
export async function holdBooking(db: Db, id: string, seconds: number): Promise<ShipmentRow | undefined> {
  const [held] = await db
    .update(shipments)
    .set({ bookingUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(shipments.id, id), eq(shipments.step, 'booking'), or(isNull(shipments.bookingUntil), lt(shipments.bookingUntil, sql`now()`))))
    .returning();
  return held;
}

const bookingColumns = (b: Booking) => ({
  providerOrderId: b.providerOrderId,
  providerShipmentId: b.providerShipmentId,
  awb: b.awb,
  carrier: b.carrier,
  labelUrl: b.labelUrl,
  pickupRequestedAt: b.pickupRequested ? sql`coalesce(${shipments.pickupRequestedAt}, now())` : null,
  expectedOn: b.expectedOn,
});

/** Each answer of the courier, as it comes, only while the row is still a booking under way; the hold is renewed with it. */
export async function saveBooking(db: Db, id: string, b: Booking, holdSeconds: number) {
  await db
    .update(shipments)
    .set({ ...bookingColumns(b), bookingUntil: sql`now() + make_interval(secs => ${holdSeconds})`, updatedAt: sql`now()` })
    .where(and(eq(shipments.id, id), eq(shipments.step, 'booking')));
}

/** The booking complete: false when it was not this request's to complete (another finished it). */
export async function markBooked(tx: Tx, id: string, b: Booking): Promise<boolean> {
  const rows = await tx
    .update(shipments)
    .set({ ...bookingColumns(b), step: 'booked', bookingUntil: null, heardAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(shipments.id, id), eq(shipments.step, 'booking')))
    .returning({ id: shipments.id });
  return rows.length > 0;
}

/** The shipment given up (its order cancelled, or the courier cancelled it): kept for the history, never live again. */
export async function markCancelled(tx: Tx | Db, id: string) {
  await tx.update(shipments).set({ step: 'cancelled', bookingUntil: null, updatedAt: sql`now()` }).where(eq(shipments.id, id));
}

export async function releaseBooking(db: Db, id: string) {
  await db.update(shipments).set({ bookingUntil: null }).where(eq(shipments.id, id));
}

/** A booking the courier refused before making anything: it leaves no trace. */
export async function dropBooking(db: Db, id: string) {
  await db.delete(shipments).where(and(eq(shipments.id, id), eq(shipments.step, 'booking'), isNull(shipments.providerOrderId)));
}

/**
 * The shipment an AWB names with this courier and its order's status, both locked in one round
 * trip: the order's row first, then the shipment's (FOR UPDATE OF takes them in that order), the
 * order every booking and step locks in. The orders table is read here, not only through the
 * orders module, because a courier's webhook is the hot path (issue 48's budget).
 */
export async function lockParcel(tx: Tx, courier: CourierName, awb: string): Promise<{ shipment: ShipmentRow; orderStatus: string } | undefined> {
  const [row] = await tx
    .select({ shipment: shipments, orderStatus: orders.status })
    .from(orders)
    .innerJoin(shipments, eq(shipments.orderId, orders.id))
    .where(and(eq(shipments.courier, courier), eq(shipments.awb, awb)))
    .for('update', { of: [orders, shipments] });
  return row;
}

/** What a report changes of its shipment: when it was heard, its expected day, and the step a newer scan moved it to. */
export interface ShipmentMove {
  expectedOn: string | null;
  to?: { step: ParcelStep; at: Date };
}

/**
 * The report's scans stored (each once: a scan already stored is passed over) and the shipment
 * moved, in one statement; how many scans were new.
 */
export async function storeAndMove(tx: Tx, id: string, scans: CourierScan[], move: ShipmentMove): Promise<number> {
  const rows = JSON.stringify(scans.map((s) => ({ at: s.at.toISOString(), code: s.code, step: s.step, activity: s.activity, place: s.place })));
  const to = move.to;
  const moved = to
    ? sql`, step = ${to.step}, last_scan_at = ${to.at.toISOString()}::timestamptz${to.step === 'attempt_failed' ? sql`, attempt_failed_at = ${to.at.toISOString()}::timestamptz, decision = null, decided_at = null, decided_by_email = null` : sql``}`
    : sql``;
  const { rows: result } = (await tx.execute(sql`
    with fresh as (
      insert into shipment_scans (shipment_id, at, code, step, activity, place)
      select ${id}::uuid, x.at, x.code, x.step, x.activity, x.place
      from jsonb_to_recordset(${rows}::jsonb) as x(at timestamptz, code text, step text, activity text, place text)
      on conflict do nothing
      returning 1
    )
    update shipments set heard_at = now(), expected_on = coalesce(${move.expectedOn}, expected_on), updated_at = now()${moved}
    where id = ${id}::uuid
    returning (select count(*)::int from fresh) as stored`)) as unknown as { rows: { stored: number }[] };
  return result[0]?.stored ?? 0;
}

export async function updateShipment(tx: Tx | Db, id: string, patch: Partial<typeof shipments.$inferInsert>) {
  await tx
    .update(shipments)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(shipments.id, id));
}

/** The owner's decision after a failed attempt, once: false when it was decided already or the parcel moved on. */
export async function takeDecision(db: Db, id: string, decision: NdrDecision, by: string): Promise<boolean> {
  const rows = await db
    .update(shipments)
    .set({ decision, decidedAt: sql`now()`, decidedByEmail: by, updatedAt: sql`now()` })
    .where(and(eq(shipments.id, id), eq(shipments.step, 'attempt_failed'), isNull(shipments.decision)))
    .returning({ id: shipments.id });
  return rows.length > 0;
}

export async function undoDecision(db: Db, id: string) {
  await db.update(shipments).set({ decision: null, decidedAt: null, decidedByEmail: null }).where(eq(shipments.id, id));
}

const FINAL: ParcelStep[] = ['delivered', 'returned', 'cancelled'];

/** Parcels on their way that the courier has not mentioned since `hours` ago: the poll asks about them. */
export function silentShipments(db: Db, hours: number, limit: number) {
  return db
    .select()
    .from(shipments)
    .where(and(notInArray(shipments.step, [...FINAL, 'booking']), isNotNull(shipments.awb), sql`${shipments.courier} <> 'manual'`, lt(shipments.heardAt, sql`now() - make_interval(hours => ${hours})`)))
    .orderBy(asc(shipments.heardAt))
    .limit(limit);
}

/** The owner's board: every parcel not yet at its end, and those ended in the last fortnight. */
export function boardRows(db: Db) {
  return db
    .select({ shipment: shipments, orderNumber: orders.orderNumber, paymentMethod: orders.paymentMethod, total: orders.total, orderStatus: orders.status })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    // A return's parcel sent with the owner's own courier is never scanned: it is followed on the returns screen.
    .where(and(or(notInArray(shipments.step, FINAL), sql`${shipments.updatedAt} > now() - interval '14 days'`), sql`${shipments.courier} <> 'manual'`))
    .orderBy(desc(shipments.createdAt))
    .limit(500);
}

/** The order's own latest parcel (not a return's). */
export async function shipmentOfOrder(db: Reader, orderId: string) {
  const [row] = await db.select().from(shipments).where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'order'))).orderBy(desc(shipments.createdAt)).limit(1);
  return row;
}

export const scansOf = (db: Reader, shipmentIds: string[]) =>
  shipmentIds.length === 0 ? Promise.resolve([]) : db.select().from(shipmentScans).where(inArray(shipmentScans.shipmentId, shipmentIds)).orderBy(desc(shipmentScans.at), desc(shipmentScans.id));

/** Each order's own latest shipment (a shopper's transaction sees only their own). */
export function shipmentsOfOrders(db: Reader, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectDistinctOn([shipments.orderId]).from(shipments).where(and(inArray(shipments.orderId, orderIds), eq(shipments.kind, 'order'))).orderBy(shipments.orderId, desc(shipments.createdAt));
}

/** The order a tracking look-up names: only what the tracking page may show, and the PIN to check it against. */
export async function orderByNumber(db: Reader, orderNumber: string) {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, pincode: sql<string>`${orders.addressJson}->>'pincode'`, deliveredAt: orders.deliveredAt, paymentStatus: orders.paymentStatus, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return row;
}

/** The shipment an AWB names with this courier, and its order's status, read without a lock: the webhook's check. */
export async function parcelState(db: Db, courier: CourierName, awb: string) {
  const [row] = await db
    .select({ id: shipments.id, step: shipments.step, orderStatus: orders.status })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.courier, courier), eq(shipments.awb, awb)));
  return row;
}

/**
 * A report kept as it arrived, in one statement with its checks: only for a shipment this courier
 * knows by the AWB, neither it nor its order cancelled. Its id, or none (parcelState then says why).
 */
/** A report to keep for its parcel (the webhook's `keepReports` batch). */
export interface ReportToKeep {
  courier: CourierName;
  awb: string;
  report: unknown;
}

/**
 * Reports kept in one statement, each only for a known parcel of its courier whose shipment and
 * order are not cancelled: per report, in order, its kept id or undefined. The ids are drawn before
 * the insert so each report is matched to its own (two reports of one parcel may be in a batch).
 */
export async function keepReports(db: Db, reports: readonly ReportToKeep[]): Promise<(number | undefined)[]> {
  // As jsonb can keep it: a NUL or a lone surrogate in a courier's words must not fail the batch
  // (each becomes U+FFFD, so an AWB carrying one matches no parcel: a 404 of its own).
  const json = JSON.stringify(storable(reports.map((r, n) => ({ n, courier: r.courier, awb: r.awb, report: r.report }))));
  const { rows: kept } = (await db.execute(sql`
    with k as materialized (
      select r.n, nextval(pg_get_serial_sequence('scan_reports', 'id')) as id, s.id as shipment_id, r.courier, r.report
      from jsonb_to_recordset(${json}::jsonb) as r(n int, courier text, awb text, report jsonb)
      join shipments s on s.courier = r.courier and s.awb = r.awb
      join orders o on o.id = s.order_id
      where s.step <> 'cancelled' and o.status <> 'cancelled'
      order by r.n
    ), kept as (
      insert into scan_reports (id, shipment_id, courier, report) select id, shipment_id, courier, report from k
    )
    select n, id::int as id from k`)) as unknown as { rows: { n: number; id: number }[] };
  const ids: (number | undefined)[] = reports.map(() => undefined);
  for (const row of kept) ids[row.n] = row.id;
  return ids;
}

/** Reports not applied yet, oldest first. */
export const dueReports = (db: Db, limit: number) =>
  db
    .select({ id: scanReports.id, courier: scanReports.courier, report: scanReports.report, attempts: scanReports.attempts })
    .from(scanReports)
    .where(isNull(scanReports.appliedAt))
    .orderBy(asc(scanReports.id))
    .limit(limit);

/** The report taken for applying in `tx`: none when another server has it or it is applied already. */
export async function claimReport(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: scanReports.id }).from(scanReports).where(and(eq(scanReports.id, id), isNull(scanReports.appliedAt))).for('update', { skipLocked: true });
  return rows.length > 0;
}

export async function reportApplied(tx: Tx | Db, id: number, error: string | null = null) {
  await tx.update(scanReports).set({ appliedAt: sql`now()`, error }).where(eq(scanReports.id, id));
}

export async function reportFailed(db: Db, id: number, error: string) {
  await db
    .update(scanReports)
    .set({ attempts: sql`${scanReports.attempts} + 1`, error })
    .where(eq(scanReports.id, id));
}

/** Applied reports older than a week: their scans are stored, the report itself is no longer needed. */
export async function forgetAppliedReports(db: Db) {
  await db.delete(scanReports).where(and(isNotNull(scanReports.appliedAt), lt(scanReports.appliedAt, sql`now() - interval '7 days'`)));
}
