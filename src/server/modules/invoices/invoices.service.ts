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
import { splitGst, taxOf, type Taxed } from '../../../shared/gst.ts';
import { returnedFigures } from '../../../shared/return-money.ts';
import { withSize } from '../../../shared/sizes.ts';
import { STORE } from '../../../shared/store.ts';
import { chargesGst, type TaxSettings } from '../../../shared/tax-settings.contract.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { NotFoundError } from '../../http/errors.ts';
import * as q from './invoices.queries.ts';

type Tx = ShopperTx;
type Placed = NonNullable<Awaited<ReturnType<typeof q.orderForInvoice>>>;

const STORE_STATE: IndiaState = indiaState(STORE.city.split(',').at(-1) ?? '') ?? 'Tamil Nadu';

/**
 * Until the owner saves the tax registration: the shop's own name (src/shared/store.ts) and no
 * GSTIN. Its document still follows what the order was priced with (see `pricedWithGst`).
 */
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

/**
 * Whether the order was priced with GST, so its document is a tax invoice (else a bill of supply):
 * what checkout showed and what the document says agree (docs/decisions/0041). Orders from before
 * GST by piece (no GST per rate) all carried GST; since, a shop that charged none kept its GST per
 * rate empty, and one that charged it kept at least one rate (every line has a value).
 */
export const pricedWithGst = (order: Pick<Placed['order'], 'gstByRate'>): boolean => order.gstByRate === null || order.gstByRate.length > 0;

/** A line of the document from its tax as worked out (or as stored): a bill of supply prints what was paid, without tax lines. */
function docLine(description: string, hsnCode: string | null, quantity: number, t: Taxed, intra: boolean, registered: boolean, offered?: { price: number; discount: number }): InvoiceLine {
  const amount = t.taxable + t.gst;
  const discounted = offered && offered.discount > 0 ? offered : {};
  if (!registered) return { description, hsnCode, quantity, amount, ...discounted, taxable: amount, rateBp: 0, cgst: 0, sgst: 0, igst: 0 };
  return { description, hsnCode, quantity, amount, ...discounted, taxable: t.taxable, rateBp: t.rateBp, ...splitGst(t.gst, intra) };
}

const gstOf = (l: InvoiceLine) => l.cgst + l.sgst + l.igst;

/**
 * Each line's tax and the charges' as the order stored them at checkout (issue 47): nothing is
 * worked out again. The charges' GST is the order's less its lines' (the order's GST is their sum
 * to the paisa, src/shared/gst.ts), contained in what was paid for them or added to it. Null for
 * an order from before GST by piece, which stored no line taxes.
 */
export function storedTaxes({ order, lines }: Placed): { lines: Taxed[]; charges: Taxed } | null {
  if (order.gstByRate === null) return null;
  const taxed: Taxed[] = [];
  for (const l of lines) {
    if (l.gstRateBp === null || l.taxableValue === null || l.gstAmount === null) return null;
    taxed.push({ rateBp: l.gstRateBp, taxable: l.taxableValue, gst: l.gstAmount });
  }
  const paid = order.shippingCharges + order.codFee;
  const gst = order.gstAmount - taxed.reduce((sum, t) => sum + t.gst, 0);
  return { lines: taxed, charges: { rateBp: order.chargesGstRateBp ?? order.gstRateBp, taxable: order.pricesIncludeGst ? paid - gst : paid, gst } };
}

/**
 * An order from before GST by piece had one rate, no tax on shipping, and its GST worked out on
 * the subtotal in one rounding: its lines are taxed at that rate here, and the paisa or so that
 * differs goes to the largest line's tax, so the document still comes to what was paid.
 */
function olderOrderTaxes({ order, lines }: Placed): { lines: Taxed[]; charges: Taxed } {
  const included = order.pricesIncludeGst;
  const taxed = lines.map((l) => taxOf(l.lineTotal, l.gstRateBp ?? order.gstRateBp, included));
  const diff = order.gstAmount - taxed.reduce((sum, t) => sum + t.gst, 0);
  const largest = taxed.reduce((best, t, k) => (t.taxable + t.gst > taxed[best]!.taxable + taxed[best]!.gst ? k : best), 0);
  // Contained in the price, the tax moves between value and GST; added, it moves the amount.
  const settled = taxed.map((t, k) => (k === largest && diff !== 0 ? { ...t, taxable: included ? t.taxable - diff : t.taxable, gst: t.gst + diff } : t));
  return { lines: settled, charges: { rateBp: 0, taxable: order.shippingCharges + order.codFee, gst: 0 } };
}

/** A return's pieces for its credit note: per order line, how many came back before and how many now. */
export interface ReturnCredit {
  orderId: string;
  requestId: string;
  pieces: { orderItemId: number; before: number; count: number }[];
  /** The shop was at fault: shipping is credited too, if no earlier return of the order credited it. */
  shipping: boolean;
}

/** A return's courier pickup charged to the shopper (issue 49): its request, and what was taken, GST included. */
export interface PickupFee {
  orderId: string;
  requestId: string;
  amount: number;
}

/**
 * The pickup fee's service: a courier collecting a parcel (SAC 996812, courier services, GST 18%).
 * Fixed here rather than a setting: the only service the shop invoices apart from its goods; an
 * owner's accountant who classes it otherwise changes it here (docs/decisions/0049).
 */
export const PICKUP_SERVICE = { description: 'Courier pickup of a returned piece', sac: '996812', rateBp: 1800 } as const;

/**
 * A service invoice for a return's pickup fee: the order's buyer and place of supply (the
 * recipient's address on record, IGST Act section 12(2)), one line of the service, the fee as
 * charged with its GST contained; a bill of supply from a shop that charges no GST.
 */
export function pickupFeeDocument(placed: Placed, seller: TaxSettings, fee: number, registered: boolean): InvoiceDocument {
  const base = invoiceDocument(placed, seller, null);
  const line = docLine(`${PICKUP_SERVICE.description} (order ${placed.order.orderNumber})`, PICKUP_SERVICE.sac, 1, taxOf(fee, PICKUP_SERVICE.rateBp, true), base.intraState, registered);
  return { ...base, registered, lines: [line], charges: null, totals: { taxable: line.taxable, cgst: line.cgst, sgst: line.sgst, igst: line.igst, total: line.amount }, reverses: null };
}

/** The invoice a credit note reverses: its number and when it was issued. */
export interface Reversed {
  number: string;
  issuedAt: Date;
}

/** The invoice's document for an order as placed: its stored figures, split by where the goods go. */
export function invoiceDocument(placed: Placed, seller: TaxSettings, reverses: Reversed | null): InvoiceDocument {
  const { order, lines } = placed;
  const a = order.addressJson;
  const buyerState = indiaState(a.state) ?? seller.state;
  const intra = buyerState === seller.state;
  const registered = pricedWithGst(order);
  const taxes = storedTaxes(placed) ?? olderOrderTaxes(placed);
  const items = lines.map((l, i) => docLine(withSize(l.name, l.size), l.hsnCode, l.quantity, taxes.lines[i]!, intra, registered, { price: l.lineTotal, discount: l.discount ?? 0 }));
  const chargesPaid = order.shippingCharges + order.codFee;
  const charges = chargesPaid > 0 ? docLine(order.codFee > 0 ? 'Shipping and Cash on Delivery fee' : 'Shipping', null, 1, taxes.charges, intra, registered) : null;
  const all = [...items, ...(charges ? [charges] : [])];
  const totals = all.reduce((t, l) => ({ taxable: t.taxable + l.taxable, cgst: t.cgst + l.cgst, sgst: t.sgst + l.sgst, igst: t.igst + l.igst, total: t.total + l.amount }), { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
  // Every figure is the order's own: the document must come to what was paid, to the paisa, and
  // (a tax invoice) carry the GST the order was priced with.
  if (totals.total !== order.total || (registered && all.reduce((t, l) => t + gstOf(l), 0) !== order.gstAmount)) {
    throw new Error(`Order ${order.orderNumber}: its invoice would not come to what was paid (${totals.total} of ${order.total} paise)`);
  }
  const party = (name: string, address: string[], state: IndiaState): InvoiceParty => ({ name, address, state, stateCode: stateCode(state) });
  return {
    registered,
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

/** The documents issued for these orders (number and kind), for the order lists of the shopper and the owner. */
export const documentsOf = q.documentsOf;

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

    /**
     * In the transaction that records a return's passed check (issue 49): its credit note, once per
     * request, for the returned pieces as they were invoiced and, where the shop was at fault,
     * shipping (once per order). Null when the order has no invoice to reverse.
     */
    async returnCreditNoteIn(tx: Tx, r: ReturnCredit) {
      const already = await q.issuedForReturn(tx, r.requestId, 'credit_note');
      if (already) return already;
      const invoice = await q.issuedFor(tx, r.orderId, 'invoice');
      const placed = await q.orderForInvoice(tx, r.orderId);
      if (!invoice || !placed) return null;
      const index = new Map(placed.lines.map((l, i) => [l.id, i]));
      const pieces = r.pieces.map((p) => ({ index: index.get(p.orderItemId) ?? -1, before: p.before, count: p.count }));
      const chargesPaid = placed.order.shippingCharges + placed.order.codFee;
      const refundShipping = r.shipping && placed.order.shippingCharges > 0 && !(await q.shippingCredited(tx, r.orderId));
      const figures = returnedFigures(invoice.document, pieces, refundShipping ? { paid: placed.order.shippingCharges, chargesPaid } : null);
      const at = now();
      const fy = financialYearOf(at);
      const seq = await q.nextInSeries(tx, 'credit_note', fy);
      const prefix = ((await taxSettings(tx)) ?? UNREGISTERED).invoicePrefix;
      const document: InvoiceDocument = { ...invoice.document, ...figures, reverses: invoice.number, reversesDate: indiaDay(invoice.issuedAt) };
      return q.insertInvoice(tx, { kind: 'credit_note', number: documentNumber('credit_note', prefix, fy, seq), fyStart: fy, seq, orderId: r.orderId, issuedAt: at, document, returnRequestId: r.requestId });
    },

    /**
     * In the transaction that records a refund's passed check (issue 49): the service invoice for
     * the request's pickup fee, once per request (a retried step finds it issued).
     */
    async pickupFeeInvoiceIn(tx: Tx, fee: PickupFee) {
      const already = await q.issuedForReturn(tx, fee.requestId, 'service_invoice');
      if (already) return already;
      const placed = await q.orderForInvoice(tx, fee.orderId);
      if (!placed) throw new NotFoundError('Order not found');
      const settings = await taxSettings(tx);
      const seller = settings ?? UNREGISTERED;
      const document = pickupFeeDocument(placed, seller, fee.amount, chargesGst(settings));
      const at = now();
      const fy = financialYearOf(at);
      const seq = await q.nextInSeries(tx, 'service_invoice', fy);
      return q.insertInvoice(tx, { kind: 'service_invoice', number: documentNumber('service_invoice', seller.invoicePrefix, fy, seq), fyStart: fy, seq, orderId: fee.orderId, issuedAt: at, document, returnRequestId: fee.requestId });
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
