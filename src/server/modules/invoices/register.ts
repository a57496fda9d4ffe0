/**
 * The owner's monthly register (issue 18): every invoice and credit note of a month, as CSV for the
 * accountant. Its figures are the issued documents' own, added up, never worked out again.
 *
 * Two shapes: by document, a row per document and rate (what GSTR-1's B2C and credit-note tables
 * are prepared from; a credit note's figures are positive, its type says it reduces); and the
 * summary, a row per place of supply and rate, credit notes taken off (the month's tax by state).
 */
import { stringify } from 'csv-stringify/sync';
import type { InvoiceDocument, InvoiceKind, InvoiceLine } from '../../../shared/invoices.ts';
import type { RegisterView } from '../../../shared/invoice-register.contract.ts';
import { indiaDay } from '../../../shared/india-time.ts';

export interface IssuedDocument {
  kind: InvoiceKind;
  number: string;
  issuedAt: Date;
  document: InvoiceDocument;
}

interface Amounts {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

const ZERO: Amounts = { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
const add = (a: Amounts, l: Pick<InvoiceLine, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'amount'>): Amounts => ({
  taxable: a.taxable + l.taxable,
  cgst: a.cgst + l.cgst,
  sgst: a.sgst + l.sgst,
  igst: a.igst + l.igst,
  total: a.total + l.amount,
});

/** A document's lines (the charges too) added up per rate, lowest rate first. */
export function byRate(d: InvoiceDocument): [number, Amounts][] {
  const rates = new Map<number, Amounts>();
  for (const l of [...d.lines, ...(d.charges ? [d.charges] : [])]) rates.set(l.rateBp, add(rates.get(l.rateBp) ?? ZERO, l));
  return [...rates].sort(([a], [b]) => a - b);
}

/**
 * Paise as the accountant's sheet wants them: rupees, written with two decimals by the CSV's cast
 * below (exact: a whole number of paise over 100 is never a hair off its two decimals). A number,
 * so that a negative one (a month of credit notes) is not taken for a formula.
 */
const rupees = (paise: number) => paise / 100;

const percent = (bp: number) => String(bp / 100);

/** 'YYYY-MM-DD' (or an ISO instant) as 'DD-MM-YYYY', the sheet's date. */
const dayMonthYear = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
/** An instant's day in India. */
const indiaDate = (at: Date) => dayMonthYear(indiaDay(at));

const KIND_LABEL: Record<InvoiceKind, string> = { invoice: 'Invoice', credit_note: 'Credit note', service_invoice: 'Service invoice' };

const DOCUMENT_COLUMNS = ['Type', 'Number', 'Date', 'Order', 'Buyer', 'Place of supply', 'State code', 'Rate (%)', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Value', 'Against invoice', 'Invoice date'];
const SUMMARY_COLUMNS = ['Place of supply', 'State code', 'Rate (%)', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Value', 'Invoices', 'Credit notes'];

function documentRows(docs: IssuedDocument[]): (string | number)[][] {
  return docs.flatMap(({ kind, number, issuedAt, document: d }) =>
    byRate(d).map(([rate, a]) => [
      KIND_LABEL[kind],
      number,
      indiaDate(issuedAt),
      d.orderNumber,
      d.buyer.name,
      d.placeOfSupply.state,
      d.placeOfSupply.stateCode,
      percent(rate),
      rupees(a.taxable),
      rupees(a.cgst),
      rupees(a.sgst),
      rupees(a.igst),
      rupees(a.total),
      d.reverses ?? '',
      d.reversesDate ? dayMonthYear(d.reversesDate) : '',
    ]),
  );
}

function summaryRows(docs: IssuedDocument[]): (string | number)[][] {
  const groups = new Map<string, { state: string; code: string; rate: number; sum: Amounts; invoices: Set<string>; notes: Set<string> }>();
  for (const { kind, number, document: d } of docs) {
    const sign = kind === 'credit_note' ? -1 : 1;
    for (const [rate, a] of byRate(d)) {
      const key = `${d.placeOfSupply.stateCode}|${rate}`;
      const g = groups.get(key) ?? { state: d.placeOfSupply.state, code: d.placeOfSupply.stateCode, rate, sum: ZERO, invoices: new Set(), notes: new Set() };
      g.sum = add(g.sum, { taxable: sign * a.taxable, cgst: sign * a.cgst, sgst: sign * a.sgst, igst: sign * a.igst, amount: sign * a.total });
      (kind === 'credit_note' ? g.notes : g.invoices).add(number);
      groups.set(key, g);
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.state.localeCompare(b.state, 'en-IN') || a.rate - b.rate)
    .map((g) => [g.state, g.code, percent(g.rate), rupees(g.sum.taxable), rupees(g.sum.cgst), rupees(g.sum.sgst), rupees(g.sum.igst), rupees(g.sum.total), String(g.invoices.size), String(g.notes.size)]);
}

/**
 * The register as CSV: UTF-8 with a byte-order mark (so a spreadsheet reads a Hindi name right),
 * and any cell a spreadsheet would take for a formula (a buyer named '=HYPERLINK(...)') made text.
 */
export function registerCsv(docs: IssuedDocument[], view: RegisterView): string {
  const [columns, rows] = view === 'summary' ? [SUMMARY_COLUMNS, summaryRows(docs)] : [DOCUMENT_COLUMNS, documentRows(docs)];
  return stringify([columns, ...rows], { bom: true, escape_formulas: true, record_delimiter: 'windows', cast: { number: (n) => n.toFixed(2) } });
}
