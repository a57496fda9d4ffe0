/**
 * Orders as the API returns them (design.md: one clean shape over `orders` and `order_items`), the
 * statuses and how each is shown, and what the checkout's start answers.
 */
import type { InvoiceKind } from './invoices.ts';
import type { ParcelTracking } from './parcels.ts';
import type { AddressFields } from './addresses.ts';
import type { OrderRefund } from './cancel.ts';
import type { ProductTax } from './gst.ts';
import type { AppliedOffer, OffersOutcome } from './offers.ts';
import type { PaymentMethod, PriceBreakdown } from './pricing.ts';
import { pieceKey } from './sizes.ts';

/**
 * design.md: pending, processing (paid), completed, failed, and what fulfilment needs; `expired`:
 * never paid within its payment window (docs/decisions/0016).
 */
export const ORDER_STATUS_LABELS = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
  expired: 'Expired',
  /** Issue 17: a Cash on Delivery parcel refused at the door and come back; its pieces are back on sale. */
  returned: 'Returned',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;

/** Spec §4: pending is also what a missing or unknown status shows as. */
export const shownStatus = (status: string | null | undefined): OrderStatus =>
  status && Object.hasOwn(ORDER_STATUS_LABELS, status) ? (status as OrderStatus) : 'pending';

export interface OrderLine {
  productId: number | null;
  name: string;
  /** 'One size' for a one-size piece; null on orders from before sizes. */
  size: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  /** Issue 50: the line's share of the order's offers and code (paise); it was paid `lineTotal − discount`. Absent: none. */
  discount?: number;
}

export interface Order {
  id: string;
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: 'pending' | 'paid' | 'failed';
  paymentId: string | null;
  /** Issue 17: paid online, or in cash (or UPI) on delivery. */
  paymentMethod: PaymentMethod;
  amounts: PriceBreakdown;
  /** Part of the total paid with store credit (issue 49); the rest was paid as `paymentMethod` says. */
  creditUsed: number;
  /** Issue 50: the offers and code it was placed with. */
  offers: AppliedOffer[];
  address: AddressFields;
  items: OrderLine[];
  /** The courier's number, once the owner has shipped it. */
  trackingNumber: string | null;
  /** A paid order cancelled before dispatch: its money going back (issue 17). */
  refund: OrderRefund | null;
  /** Its tax invoice once shipped, and a credit note if it came back (issue 18): each a PDF to download. */
  documents: OrderDocument[];
  /** When it reached the shopper (issue 48). */
  deliveredAt: string | null;
  /** Its parcel with the courier, once booked (issue 48). */
  parcel: ParcelTracking | null;
}

/** An order's own documents (a return's are listed with its request). */
export interface OrderDocument {
  kind: Exclude<InvoiceKind, 'service_invoice'>;
  number: string;
}

/** What opening the payment dialog needs (design.md Payments; spec §7 Card payment provider). */
export interface CheckoutStart {
  orderId: string;
  orderNumber: string;
  amounts: PriceBreakdown;
  /** Paid with store credit (issue 49); the dialog takes the rest. */
  creditUsed: number;
  /** Store credit paid all of it: the order is paid, and there is no dialog to open. */
  paidWithCredit: boolean;
  provider: {
    mode: 'razorpay' | 'test';
    /** The public key id (never the secret). */
    keyId: string;
    /** The provider's order the dialog pays. */
    orderId: string;
  };
  prefill: { name: string; email: string; contact: string };
  /** Spec §7: an address note for the dialog. */
  addressNote: string;
}

/** What a confirmed payment answers: what the confirmation screen shows. */
export interface PaymentConfirmed {
  orderId: string;
  orderNumber: string;
  paymentId: string;
}

/** A line of the checkout's quote: an order line with its picture, and its tax (issue 18). */
export interface QuoteLine extends OrderLine {
  productId: number;
  thumbnail: string | null;
  /** The piece's tax rule, and the line's rate, value before GST and GST as priced now. */
  tax: ProductTax;
  gstRateBp: number;
  taxableValue: number;
  gstAmount: number;
}

/** What the checkout would cost now, as the server priced it (GET /api/checkout/quote). */
export interface Quote {
  source: 'cart' | 'buy_now';
  lines: QuoteLine[];
  amounts: PriceBreakdown;
  /** Issue 18: false when the owner says the shop is not registered for GST: it charges none. */
  gstRegistered: boolean;
  /** Issue 50: the offers and code on it, paid online (`lines[].discount` holds each line's share). */
  offers: QuoteOffers;
  /** The same on delivery: a code not allowed with Cash on Delivery says so here, and takes nothing off. */
  codOffers: QuoteOffers;
}

/** What the shopper reads of the offers on a quote. */
export type QuoteOffers = Omit<OffersOutcome, 'discounts' | 'freeShipping'>;

/** What checkout.js hands its success handler (and the test dialog hands ours): spec §7. */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

// How long a pending order waits for its payment, holding its pieces, is the owner's setting
// (`reservationMinutes`, default 15: docs/decisions/0019). Razorpay is asked to capture nothing
// later, and past it the reconcile step asks Razorpay once more and marks the order expired.

/** Open unpaid orders a shopper may have at once; the next Pay is refused until one is paid or lapses. */
export const MAX_UNPAID_ORDERS = 5;
/**
 * Pieces a shopper's unpaid orders may hold between them (issue 53): an order alone may hold what
 * its cart allows, but a second one waiting beside it may not take the two past this.
 */
export const MAX_PIECES_HELD = 20;
/**
 * Issue 53: minutes after a shopper closes a payment during which the last pieces it gave back are
 * left to other shoppers: the same shopper cannot take them straight back. Plentiful pieces wait
 * for nobody.
 */
export const GIVEN_BACK_MINUTES = 5;

/** The most one order may come to (paise): ₹10,00,000. Cash beyond ₹2,00,000 is unlawful anyway, and cards and UPI cap far lower. */
export const MAX_ORDER_TOTAL = 10_00_000_00;

/** What money that arrived for an order that could not take it became (the owner's order shows it). */
export interface PaymentIssue {
  paymentId: string;
  kind: 'order_cancelled' | 'order_expired' | 'second_payment' | 'payment_reused' | 'order_refund';
  amount: number | null;
  refundStatus: 'due' | 'pending' | 'processed' | 'failed' | 'not_ours';
  refundId: string | null;
  at: string;
}

/**
 * Which of the shopper's unpaid orders hold any of these pieces, each in its size (issue 53): a new
 * checkout of theirs takes those over (orders.place.ts), after asking the provider about each.
 */
export function ordersHolding(
  holds: readonly { orderId: string; productId: number | null; size: string | null }[],
  pieces: readonly { productId: number; size: string | null }[],
): string[] {
  const wanted = new Set(pieces.map(pieceKey));
  return [...new Set(holds.filter((h) => wanted.has(pieceKey(h))).map((h) => h.orderId))];
}
