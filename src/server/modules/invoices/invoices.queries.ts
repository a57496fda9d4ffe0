/** Issued invoices and credit notes, and their numbering series (issue 18). */
import { and, asc, eq, sql } from 'drizzle-orm';
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

export async function issuedFor(db: Db | Tx, orderId: string, kind: InvoiceKind) {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
  return row;
}

export async function insertInvoice(tx: Tx, row: { kind: InvoiceKind; number: string; fyStart: number; seq: number; orderId: string; issuedAt: Date; document: InvoiceDocument }) {
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
