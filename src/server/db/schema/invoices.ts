/**
 * Tax invoices (issue 18, docs/decisions/0021): the shop's tax registration (one row, checked by
 * src/shared/tax-settings.contract.ts on the way in and again when read), the numbering series and
 * the issued documents.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceDocument, InvoiceKind } from '../../../shared/invoices.ts';
import { orders } from './orders.ts';
import { returnRequests } from './returns.ts';

export const taxSettings = pgTable(
  'tax_settings',
  {
    /** There is one row: the key is always true. */
    id: boolean('id').primaryKey().default(true),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tax_settings_one_row', sql`${t.id}`)],
);

/**
 * Each series' last number, per kind and financial year: taken with the row locked inside the
 * transaction that ships the order, so numbers run without gaps (a rollback gives its number back,
 * which a sequence would not) and two owners shipping at once get consecutive ones.
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    kind: text('kind').$type<InvoiceKind>().notNull(),
    fyStart: integer('fy_start').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.fyStart] }), check('invoice_series_kind_check', sql`${t.kind} in ('invoice', 'credit_note', 'service_invoice')`)],
);

/** Issued invoices and credit notes, never changed (a trigger refuses). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    number: text('number').notNull().unique(),
    fyStart: integer('fy_start').notNull(),
    seq: integer('seq').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    /**
     * A return's credit note (issue 49) names its request: one per request, several per order; so
     * does the service invoice for its courier pickup's fee, one per request.
     */
    returnRequestId: uuid('return_request_id').references(() => returnRequests.id, { onDelete: 'restrict' }),
  },
  (t) => [
    // One invoice per order, and one credit note for a parcel that came back whole; a return's
    // credit note and pickup fee's invoice are one of each per request.
    uniqueIndex('invoices_order_kind').on(t.orderId, t.kind).where(sql`${t.returnRequestId} is null`),
    uniqueIndex('invoices_return_request_kind').on(t.returnRequestId, t.kind).where(sql`${t.returnRequestId} is not null`),
    uniqueIndex('invoices_series_seq').on(t.kind, t.fyStart, t.seq),
    // The owner's monthly register reads a month of documents.
    index('invoices_issued_at').on(t.issuedAt),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note', 'service_invoice')`),
    check('invoices_number_check', sql`length(${t.number}) <= 16 and ${t.number} ~ '^[A-Z0-9/-]+$'`),
  ],
);
