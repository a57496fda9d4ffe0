/** Issued invoices and credit notes, and their numbering series (issue 18). */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { InvoiceDocument, InvoiceKind } from '../../../shared/invoices.ts';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { invoices, invoiceSeries, orderItems, orders } from '../../db/schema/index.ts';

type Tx = ShopperTx;

/**
 * The series' next number, the series' row locked until the transaction ends: a second shipment
 * waits for the first to commit (or roll back, giving its number back), so numbers run on without
 * gaps or twins.
 */
export async function nextInSeries(tx: Tx, kind: InvoiceKind, fyStart: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ kind, fyStart, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceSeries.kind, invoiceSeries.fyStart], set: { lastNumber: sql`${invoiceSeries.lastNumber} + 1` } })
    .returning({ n: invoiceSeries.lastNumber });
  return row!.n;
}

/** The order's invoice, or the credit note of a parcel that came back whole (not a return's). */
export async function issuedFor(db: Db | Tx, orderId: string, kind: InvoiceKind) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind), isNull(invoices.returnRequestId)));
  return row;
}

/** A return request's credit note, or its pickup fee's service invoice (issue 49). */
export async function issuedForReturn(db: Db | Tx, requestId: string, kind: Exclude<InvoiceKind, 'invoice'>) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.returnRequestId, requestId), eq(invoices.kind, kind)));
  return row;
}

/** Whether a return of this order has already refunded its shipping (a credit note with a shipping line). */
export async function shippingCredited(tx: Tx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note'), isNotNull(invoices.returnRequestId), sql`${invoices.document} -> 'charges' <> 'null'::jsonb`))
    .limit(1);
  return row !== undefined;
}

export async function insertInvoice(tx: Tx, row: { kind: InvoiceKind; number: string; fyStart: number; seq: number; orderId: string; issuedAt: Date; document: InvoiceDocument; returnRequestId?: string }) {
  const [saved] = await tx.insert(invoices).values(row).returning();
  return saved!;
}

/** The order and its lines as placed, for its invoice. */
export async function orderForInvoice(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return { order, lines };
}

/** The documents issued for these orders, for the order lists (a shopper's own only: migration 0024); a return's (its credit note, its pickup fee's invoice) are listed with its request. */
export function documentsOf(db: Db | Tx, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ orderId: invoices.orderId, kind: sql<Exclude<InvoiceKind, 'service_invoice'>>`${invoices.kind}`, number: invoices.number, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(and(inArray(invoices.orderId, orderIds), isNull(invoices.returnRequestId)))
    .orderBy(asc(invoices.id));
}

/** Every document issued in [from, to): invoices, then credit notes, each in its series' order. */
export function issuedBetween(db: Db, from: Date, to: Date) {
  return db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(desc(invoices.kind), asc(invoices.fyStart), asc(invoices.seq));
}

export async function issuedById(db: Db, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}
