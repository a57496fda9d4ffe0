/**
 * Issuing tax invoices (issue 18, docs/decisions/0021): one when an order ships, inside the same
 * transaction (no shipped order without its invoice, no invoice for a shipment that rolled back),
 * and a credit note when a shipped parcel comes back. The document is the order as placed (each
 * line's HSN code, rate, value and tax, kept since checkout), split into CGST and SGST within the
 * shop's state or IGST across states, numbered in the financial year's series.
 */
import { INDIA_STATES, indiaState, type IndiaState } from '../../../shared/india.ts';
import { financialYearOf, indiaDay } from '../../../shared/india-time.ts';
import { documentNumber, type InvoiceDocument, type InvoiceKind, type InvoiceLine, type InvoiceParty } from '../../../shared/invoices.ts';
import { splitGst, taxOf } from '../../../shared/gst.ts';
import { withSize } from '../../../shared/sizes.ts';
import { STORE } from '../../../shared/store.ts';
import type { TaxSettings } from '../../../shared/tax-settings.contract.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { NotFoundError } from '../../http/errors.ts';
import * as q from './invoices.queries.ts';

type Tx = ShopperTx;
type Placed = NonNullable<Awaited<ReturnType<typeof q.orderForInvoice>>>;

const STORE_STATE: IndiaState = indiaState(STORE.city.split(',').at(-1) ?? '') ?? 'Tamil Nadu';

/** Until the owner sets the tax registration: a bill of supply under the shop's own name. */
export const UNREGISTERED: TaxSettings = {
  registered: false,
  legalName: STORE.name,
  tradingName: STORE.name,
  address: STORE.city,
  state: STORE_STATE,
  gstin: null,
  invoicePrefix: 'VST',
};

const stateCode = (state: IndiaState) => INDIA_STATES.find((s) => s.name === state)!.gst;

function line(description: string, hsnCode: string | null, quantity: number, paid: number, rateBp: number, included: boolean, intra: boolean, registered: boolean): InvoiceLine {
  const t = taxOf(paid, rateBp, included);
  const amount = t.taxable + t.gst;
  // A bill of supply: what was paid, without tax lines.
  if (!registered) return { description, hsnCode, quantity, amount, taxable: amount, rateBp: 0, cgst: 0, sgst: 0, igst: 0 };
  return { description, hsnCode, quantity, amount, taxable: t.taxable, rateBp, ...splitGst(t.gst, intra) };
}

/**
 * An order from before GST by piece had its GST added on the subtotal in one rounding; taxed line
 * by line it can differ by a paisa or so. The difference goes to the largest line's tax, so the
 * document still comes to what was paid.
 */
function settleRounding(items: InvoiceLine[], gstDiff: number, intra: boolean, included: boolean): InvoiceLine[] {
  if (gstDiff === 0 || items.length === 0) return items;
  const i = items.reduce((best, l, k) => (l.amount > items[best]!.amount ? k : best), 0);
  const l = items[i]!;
  // Contained in the price, the tax moves between value and GST; added, it moves the amount.
  const fixed = { ...l, ...(included ? { taxable: l.taxable - gstDiff } : { amount: l.amount + gstDiff }), ...splitGst(gstOf(l) + gstDiff, intra) };
  return items.map((x, k) => (k === i ? fixed : x));
}

const gstOf = (l: InvoiceLine) => l.cgst + l.sgst + l.igst;

/** The invoice's document for an order as placed. */
/** The invoice a credit note reverses: its number and when it was issued. */
export interface Reversed {
  number: string;
  issuedAt: Date;
}

export function invoiceDocument({ order, lines }: Placed, seller: TaxSettings, reverses: Reversed | null): InvoiceDocument {
  const a = order.addressJson;
  const buyerState = indiaState(a.state) ?? seller.state;
  const intra = buyerState === seller.state;
  const included = order.pricesIncludeGst;
  const lineItems = lines.map((l) => line(withSize(l.name, l.size), l.hsnCode, l.quantity, l.lineTotal, l.gstRateBp ?? order.gstRateBp, included, intra, seller.registered));
  const chargesPaid = order.shippingCharges + order.codFee;
  // Orders from before GST by piece carried no tax on shipping (their total says so).
  const chargesRate = order.gstByRate ? (order.chargesGstRateBp ?? order.gstRateBp) : 0;
  const charges = chargesPaid > 0 ? line(order.codFee > 0 ? 'Shipping and Cash on Delivery fee' : 'Shipping', null, 1, chargesPaid, chargesRate, included, intra, seller.registered) : null;
  const gstIn = (xs: InvoiceLine[]) => xs.reduce((t, l) => t + gstOf(l), 0);
  const items = order.gstByRate || !seller.registered ? lineItems : settleRounding(lineItems, order.gstAmount - gstIn(lineItems) - (charges ? gstOf(charges) : 0), intra, included);
  const all = [...items, ...(charges ? [charges] : [])];
  const totals = all.reduce((t, l) => ({ taxable: t.taxable + l.taxable, cgst: t.cgst + l.cgst, sgst: t.sgst + l.sgst, igst: t.igst + l.igst, total: t.total + l.amount }), { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
  // Every figure is the order's own: the document must come to what was paid, to the paisa, and
  // (registered) carry the GST the order was priced with.
  if (totals.total !== order.total || (seller.registered && gstIn(all) !== order.gstAmount)) {
    throw new Error(`Order ${order.orderNumber}: its invoice would not come to what was paid (${totals.total} of ${order.total} paise)`);
  }
  const party = (name: string, address: string[], state: IndiaState): InvoiceParty => ({ name, address, state, stateCode: stateCode(state) });
  return {
    registered: seller.registered,
    seller: { ...party(seller.legalName, seller.address.split('\n'), seller.state), tradingName: seller.tradingName, gstin: seller.gstin },
    buyer: party(a.name, [a.house, a.street, `${a.city}, ${a.state} ${a.pincode}`, a.country], buyerState),
    placeOfSupply: { state: buyerState, stateCode: stateCode(buyerState) },
    intraState: intra,
    orderNumber: order.orderNumber,
    orderDate: indiaDay(order.createdAt),
    paymentMethod: order.paymentMethod,
    lines: items,
    charges,
    totals,
    reverses: reverses?.number ?? null,
    ...(reverses && { reversesDate: indiaDay(reverses.issuedAt) }),
  };
}

export function createInvoices(taxSettings: (on: Tx) => Promise<TaxSettings | null>, now: () => Date = () => new Date()) {
  async function issue(tx: Tx, orderId: string, kind: InvoiceKind, reverses: Reversed | null) {
    const placed = await q.orderForInvoice(tx, orderId);
    if (!placed) throw new NotFoundError('Order not found');
    const seller = (await taxSettings(tx)) ?? UNREGISTERED;
    const at = now();
    const fy = financialYearOf(at);
    const document = invoiceDocument(placed, seller, reverses);
    const seq = await q.nextInSeries(tx, kind, fy);
    return q.insertInvoice(tx, { kind, number: documentNumber(kind, seller.invoicePrefix, fy, seq), fyStart: fy, seq, orderId, issuedAt: at, document });
  }

  return {
    /** In the transaction that ships the order: its invoice, once (a retried step finds it issued). */
    async invoiceIn(tx: Tx, orderId: string) {
      return (await q.issuedFor(tx, orderId, 'invoice')) ?? issue(tx, orderId, 'invoice', null);
    },

    /** In the transaction that takes a shipped order back: a credit note reversing its invoice, if it has one. */
    async creditNoteIn(tx: Tx, orderId: string) {
      const invoice = await q.issuedFor(tx, orderId, 'invoice');
      if (!invoice) return null;
      return (await q.issuedFor(tx, orderId, 'credit_note')) ?? issue(tx, orderId, 'credit_note', invoice);
    },
  };
}

export type Invoices = ReturnType<typeof createInvoices>;
