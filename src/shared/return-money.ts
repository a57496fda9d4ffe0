/**
 * What a return gives back (issue 49, docs/decisions/0049): the returned pieces' share of each
 * invoice line, as it was invoiced, and shipping's share of the charges. Shares are worked out on
 * running totals, so the pieces of a line come to its invoiced figures to the paisa whichever
 * requests they come back in, and a refund can never pass what was paid.
 */
import type { InvoiceDocument, InvoiceLine } from './invoices.ts';

/**
 * Pieces `from + 1` to `from + count` of a line of `of` pieces: their part of `whole` paise. The
 * difference of two rounded running totals, so the parts of every piece add up to `whole` exactly.
 */
export function piecesShare(whole: number, of: number, from: number, count: number): number {
  if (of <= 0 || count <= 0) return 0;
  return Math.round((whole * (from + count)) / of) - Math.round((whole * from) / of);
}

/** One invoice line's figures for some of its pieces: value and each tax scaled, the amount their sum. */
export function linePart(line: InvoiceLine, from: number, count: number, description = line.description): InvoiceLine {
  const part = (whole: number) => piecesShare(whole, line.quantity, from, count);
  const [taxable, cgst, sgst, igst] = [part(line.taxable), part(line.cgst), part(line.sgst), part(line.igst)];
  return { description, hsnCode: line.hsnCode, quantity: count, amount: taxable + cgst + sgst + igst, taxable, rateBp: line.rateBp, cgst, sgst, igst };
}

/** The pieces a request returns of one invoice line: how many came back before, and how many now. */
export interface ReturnedPieces {
  /** The line's place in the invoice (its order item's, in id order). */
  index: number;
  before: number;
  count: number;
}

/**
 * A return's credit note figures from the invoice it reverses: each returned line's share, and
 * shipping's share of the charges when it is refunded (never the COD fee, which shares that line
 * in proportion to what was paid for each).
 */
export function returnedFigures(invoice: Pick<InvoiceDocument, 'lines' | 'charges'>, pieces: readonly ReturnedPieces[], shipping: { paid: number; chargesPaid: number } | null) {
  const lines = pieces.map((p) => {
    const line = invoice.lines[p.index];
    if (!line) throw new Error(`The invoice has no line ${p.index + 1}`);
    return linePart(line, p.before, p.count);
  });
  const charges = shipping && invoice.charges && shipping.paid > 0 ? shippingPart(invoice.charges, shipping.paid, shipping.chargesPaid) : null;
  const all = [...lines, ...(charges ? [charges] : [])];
  const totals = all.reduce((t, l) => ({ taxable: t.taxable + l.taxable, cgst: t.cgst + l.cgst, sgst: t.sgst + l.sgst, igst: t.igst + l.igst, total: t.total + l.amount }), { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
  return { lines, charges, totals };
}

/** Shipping's part of the charges line (shipping and the COD fee), in proportion to what was paid for it. */
function shippingPart(charges: InvoiceLine, shippingPaid: number, chargesPaid: number): InvoiceLine {
  const part = (whole: number) => piecesShare(whole, chargesPaid, 0, shippingPaid);
  const [taxable, cgst, sgst, igst] = [part(charges.taxable), part(charges.cgst), part(charges.sgst), part(charges.igst)];
  return { description: 'Shipping', hsnCode: null, quantity: 1, amount: taxable + cgst + sgst + igst, taxable, rateBp: charges.rateBp, cgst, sgst, igst };
}

/**
 * The refund: the credit note's total, never above what is left of the payment, less the pickup
 * fee kept from it (itself never above that), never below nothing.
 */
export const refundOf = (creditTotal: number, pickupFee: number, leftOfPayment: number): number => Math.max(0, Math.min(creditTotal, leftOfPayment) - pickupFee);
