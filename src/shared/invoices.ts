/**
 * Tax invoices and credit notes (issue 18, docs/decisions/0021): what an issued one holds. Written
 * once when the order ships (a credit note when a shipped parcel comes back) and never changed: the
 * PDF and the register read these figures, they are not worked out again.
 */
import type { IndiaState } from './india.ts';
import { financialYearOf } from './india-time.ts';
import { INVOICE_NUMBER_MAX } from './tax-settings.contract.ts';

/**
 * An order's invoice; a credit note; and an invoice for a service the shop supplies apart from
 * the goods (a return's courier pickup, issue 49), a series of its own.
 */
export const INVOICE_KINDS = ['invoice', 'credit_note', 'service_invoice'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export interface InvoiceParty {
  name: string;
  /** Lines as printed. */
  address: string[];
  state: IndiaState;
  /** The state's GST code ('33' for Tamil Nadu). */
  stateCode: string;
}

export interface InvoiceLine {
  description: string;
  /** Null for a piece with none (an older order, a product with no code). */
  hsnCode: string | null;
  quantity: number;
  /** What was paid for the line, GST included or not as the order was priced. */
  amount: number;
  /**
   * Issue 50: the line at its price before the order's offers, and its share of them (absent: none).
   * Given on the invoice, the discount is not part of the taxable value (CGST Act, section 15(3)(a)).
   */
  price?: number;
  discount?: number;
  taxable: number;
  rateBp: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface InvoiceDocument {
  /** A registered shop issues a tax invoice; one that is not, a bill of supply without tax lines. */
  registered: boolean;
  seller: InvoiceParty & { tradingName: string; gstin: string | null };
  buyer: InvoiceParty;
  /** Where the goods go: the delivery state (IGST Act, section 10). */
  placeOfSupply: { state: IndiaState; stateCode: string };
  intraState: boolean;
  orderNumber: string;
  orderDate: string;
  paymentMethod: 'online' | 'cod';
  lines: InvoiceLine[];
  /** Shipping and the COD fee, at the main piece's rate; null when there were none. */
  charges: InvoiceLine | null;
  totals: { taxable: number; cgst: number; sgst: number; igst: number; total: number };
  /** A credit note names the invoice it reverses... */
  reverses: string | null;
  /** ...and its date, 'YYYY-MM-DD' in India (CGST Rules, rule 53; absent on notes issued before it was kept). */
  reversesDate?: string;
}

/** Kept here too: the invoice number's year is the financial year. */
export { financialYearOf };

const yearPart = (fy: number) => `${String(fy % 100).padStart(2, '0')}-${String((fy + 1) % 100).padStart(2, '0')}`;

const SERIES_MARK: Record<InvoiceKind, string> = { invoice: '', credit_note: 'CR', service_invoice: 'SV' };

/**
 * A document's number, exactly 16 characters (CGST Rules, rule 46(b)): `VST/25-26/000123` for an
 * invoice, `VST/CR25-26/0012` for a credit note, `VST/SV25-26/0003` for a service invoice: each a
 * series of its own that cannot meet another's.
 */
export function documentNumber(kind: InvoiceKind, prefix: string, fy: number, n: number): string {
  const head = `${prefix}/${SERIES_MARK[kind]}${yearPart(fy)}/`;
  return head + String(n).padStart(INVOICE_NUMBER_MAX - head.length, '0');
}
