/**
 * What the order steps hand each other and their callers (checkout, payments, the owner's orders):
 * an order as paid, money owed back, a settlement's outcome, and the words the history uses.
 */
import { ORDER_STATUS_LABELS, shownStatus } from '../../../shared/orders.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import type * as q from './orders.queries.ts';

export type OrderRow = q.OrderRow;
/** A transaction an order step runs its callers' work in (the cart's lines, the mail). */
export type OrderTx = q.Tx;

export const ORDER_NOT_FOUND = 'Order not found.';

/** The pieces an order bought, as the cart names them: what leaves the cart once it is placed or paid (a line whose piece was deleted names none). */
export const boughtPieces = (lines: Pick<q.LineRow, 'productId' | 'size'>[]) =>
  lines.flatMap((l) => (l.productId === null ? [] : [{ productId: l.productId, size: l.size ?? ONE_SIZE }]));

/** What the owner hears when the order moved on since they looked. */
export const movedOn = (now: string, saw: string) =>
  `This order is ${ORDER_STATUS_LABELS[shownStatus(now)].toLowerCase()} now, not ${ORDER_STATUS_LABELS[shownStatus(saw)].toLowerCase()}. Look again before changing it.`;

/** Who the order history names for the steps the shop takes itself. */
export const SYSTEM_STEP = 'the shop (payment window closed)';
export const LATE_STEP = 'the shop (paid after its window, pieces still there)';
export const ABANDON_STEP = 'the shopper (closed the payment)';
/** Issue 53: a new checkout of the shopper's took a piece this unpaid order held, so it lapsed and gave its pieces back. */
export const SUPERSEDED_STEP = 'the shopper (a new checkout took its pieces)';

export interface PaidOrder {
  order: q.OrderRow;
  lines: q.LineRow[];
  buyer: { email: string; firstName: string } | undefined;
}

export interface RefundDue {
  order: q.OrderRow;
  paymentId: string;
  kind: q.NewIssue['kind'];
  amount: number | null;
  buyer: { email: string; firstName: string } | undefined;
}

export type Settlement =
  | { outcome: 'paid'; order: q.OrderRow }
  | { outcome: 'already'; order: q.OrderRow }
  /** Paid already, by another payment: the order stays as it is; the second payment is recorded, to be refunded. */
  | { outcome: 'other-payment'; order: q.OrderRow }
  /** Cancelled or expired: never revived; the payment is recorded, to be refunded (docs/decisions/0016). */
  | { outcome: 'not-payable'; order: q.OrderRow }
  /** The payment already paid another order: recorded for the owner, nothing else changes. */
  | { outcome: 'payment-reused'; order: q.OrderRow }
  | { outcome: 'unknown-order' }
  | { outcome: 'amount-mismatch'; order: q.OrderRow };
