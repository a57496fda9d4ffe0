/**
 * The parcels' SQL: the owner's courier settings, each order's shipment (its booking, held while a
 * booking is under way), its scans stored once, and what the owner's board and the shopper's
 * tracking read.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { CourierName, NdrDecision, ParcelStep } from '../../../shared/parcels.ts';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { courierSettings, orders, shipments, shipmentScans } from '../../db/schema/index.ts';
import type { Booking, CourierScan } from './courier.ts';

export type Tx = ShopperTx;
type Reader = Pick<Db, 'select' | 'selectDistinctOn'>;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ScanRow = typeof shipmentScans.$inferSelect;

export async function settingsValue(on: Reader): Promise<unknown> {
  const [row] = await on.select({ value: courierSettings.value }).from(courierSettings);
  return row?.value;
}

export async function saveSettingsValue(db: Db, value: unknown): Promise<void> {
  await db
    .insert(courierSettings)
    .values({ id: true, value })
    .onConflictDoUpdate({ target: courierSettings.id, set: { value, updatedAt: sql`now()` } });
}

/** The order's shipment that is not cancelled, if any, locked for the caller's transaction. */
export async function liveShipment(tx: Tx, orderId: string) {
  const [row] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), sql`${shipments.step} <> 'cancelled'`))
    .for('update');
  return row;
}

export const bookingsMade = async (tx: Tx, orderId: string) => (await tx.select({ n: count() }).from(shipments).where(eq(shipments.orderId, orderId)))[0]?.n ?? 0;

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

/** The order of the shipment an AWB names with this courier (its order is locked before the shipment, as everywhere). */
export async function orderOfAwb(tx: Tx, courier: CourierName, awb: string): Promise<{ id: string; orderId: string } | undefined> {
  const [row] = await tx
    .select({ id: shipments.id, orderId: shipments.orderId })
    .from(shipments)
    .where(and(eq(shipments.courier, courier), eq(shipments.awb, awb)));
  return row;
}

/** The shipment, locked while its scans are stored. */
export async function lockShipment(tx: Tx, id: string) {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
  return row;
}

/** The scans not stored before (same time and code): only those come back. */
export async function storeScans(tx: Tx, shipmentId: string, scans: CourierScan[]) {
  if (scans.length === 0) return [];
  return tx
    .insert(shipmentScans)
    .values(scans.map((s) => ({ shipmentId, at: s.at, code: s.code, step: s.step, activity: s.activity, place: s.place })))
    .onConflictDoNothing()
    .returning();
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
    .where(or(notInArray(shipments.step, FINAL), sql`${shipments.updatedAt} > now() - interval '14 days'`))
    .orderBy(desc(shipments.createdAt))
    .limit(500);
}

export async function shipmentOfOrder(db: Reader, orderId: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(desc(shipments.createdAt)).limit(1);
  return row;
}

export const scansOf = (db: Reader, shipmentIds: string[]) =>
  shipmentIds.length === 0 ? Promise.resolve([]) : db.select().from(shipmentScans).where(inArray(shipmentScans.shipmentId, shipmentIds)).orderBy(desc(shipmentScans.at), desc(shipmentScans.id));

/** Each order's latest shipment (a shopper's transaction sees only their own). */
export function shipmentsOfOrders(db: Reader, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectDistinctOn([shipments.orderId]).from(shipments).where(inArray(shipments.orderId, orderIds)).orderBy(shipments.orderId, desc(shipments.createdAt));
}

/** The order a tracking look-up names: only what the tracking page may show, and the PIN to check it against. */
export async function orderByNumber(db: Reader, orderNumber: string) {
  const [row] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, pincode: sql<string>`${orders.addressJson}->>'pincode'`, deliveredAt: orders.deliveredAt, paymentStatus: orders.paymentStatus, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return row;
}
