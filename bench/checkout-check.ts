/**
 * The checkout's "0 errors, 0 duplicates", from two independent accounts of the same run: what the
 * shoppers were answered (checkout-load.ts's ledger) and what the database holds afterwards
 * (serve.ts's audit, SQL). It holds only when
 *   - no request failed (any step, warm-up and tail included);
 *   - paid orders == confirmations answered 200 == distinct payment ids, and each confirmation's
 *     order is paid in the database by exactly the payment the shopper was told (none lost, none
 *     paid without the shopper hearing of it);
 *   - no payment id is on two orders, no order was confirmed twice;
 *   - every paid order has exactly one 'order_confirmation' mail, naming its own payment, and no
 *     mail names an order that is not paid;
 *   - the orders in the database are the orders the shoppers were answered 201 for.
 */
import type { CheckoutAudit, CheckoutResult, CodAudit } from './messages.ts';

export interface CheckoutCheck {
  clean: boolean;
  /** One line for the budget. */
  summary: string;
  /** The whole account, for the report. */
  lines: string[];
}

const n = (x: number) => x.toLocaleString('en-US');

export function checkCheckout(name: string, result: CheckoutResult, audit: CheckoutAudit): CheckoutCheck {
  const { ledger } = result;
  const failedRequests = Object.values(result.steps).reduce((sum, s) => sum + s.errors + s.non2xx, 0);
  const answered = new Map(ledger.confirmed);
  const inDb = new Map(audit.paidOrders);
  // Told "paid" (200), but the database has the order unpaid or paid by another payment.
  const lost = [...answered].filter(([order, payment]) => inDb.get(order) !== payment).length;
  // Paid in the database without a 200 to the shopper (a confirmation that timed out, say).
  const unanswered = [...inDb.keys()].filter((order) => !answered.has(order)).length;
  const confirmed = ledger.confirmed.length;

  const duplicates =
    audit.paid -
    audit.distinctPaymentIds +
    audit.paymentsOnSeveralOrders +
    audit.paidWithSeveralMails +
    audit.mailsWithOtherPayment +
    audit.mailsWithoutPaidOrder +
    ledger.confirmedTwice +
    ledger.confirmMismatch;
  const stockFaults = audit.lostReservations + audit.ledgerMismatches + audit.oversold;
  const losses = lost + unanswered + audit.paidWithoutMail + Math.abs(audit.orders - ledger.ordersCreated) + stockFaults;
  const equal = audit.paid === confirmed && confirmed === audit.distinctPaymentIds;
  const clean = failedRequests === 0 && duplicates === 0 && losses === 0 && equal;

  const summary =
    `${n(failedRequests)} failed requests; paid ${n(audit.paid)} / confirmed 200 ${n(confirmed)} / distinct payments ${n(audit.distinctPaymentIds)}; ` +
    `${n(duplicates)} duplicates, ${n(losses)} lost or unaccounted; ${n(audit.oversold)} oversold, ${n(audit.lostReservations)} lost reservations`;
  const lines = [
    `${name} (${result.shoppers} shoppers, warm-up and tail included):`,
    `  shoppers were answered: ${n(ledger.ordersCreated)} orders created (201; ${n(ledger.ordersReused)} answers reused a pending order), ` +
      `${n(confirmed)} confirmations (200), ${n(ledger.confirmedTwice)} orders confirmed twice, ${n(ledger.confirmMismatch)} answers naming another order or payment, ` +
      `${n(failedRequests)} failed requests`,
    `  the database holds:     ${n(audit.orders)} orders, ${n(audit.paid)} paid, ${n(audit.pending)} pending; ` +
      `${n(audit.distinctPaymentIds)} distinct payment ids among the paid, ${n(audit.paymentsOnSeveralOrders)} payment ids on more than one order`,
    `  confirmation mails:     ${n(audit.mails)} for these orders; paid orders with none ${n(audit.paidWithoutMail)}, with more than one ${n(audit.paidWithSeveralMails)}; ` +
      `mails naming another payment ${n(audit.mailsWithOtherPayment)}, naming no paid order (any checkout) ${n(audit.mailsWithoutPaidOrder)}`,
    `  answers vs database:    ${n(lost)} confirmed 200 but not paid by that payment, ${n(unanswered)} paid without a 200, ` +
      `${n(audit.orders - ledger.ordersCreated)} orders in the database beyond those answered 201`,
    `  stock (issue 16):       ${n(audit.oversold)} sizes oversold, ${n(audit.lostReservations)} orders whose pieces are not held or sold as their state says, ` +
      `${n(audit.ledgerMismatches)} sizes whose count is not the ledger's sum`,
    `  paid orders == confirmations answered 200 == distinct payment ids: ${n(audit.paid)} == ${n(confirmed)} == ${n(audit.distinctPaymentIds)} ` +
      `-> ${equal ? 'yes' : 'NO'}; ${clean ? '0 errors, 0 duplicates' : 'NOT CLEAN'}`,
  ];
  if (result.failures.length) lines.push(`  first failures:`, ...result.failures.map((f) => `    ${f}`));
  return { clean, summary, lines };
}

/**
 * Cash on Delivery's "0 errors, 0 duplicates": every order the shoppers were answered 201 for is in
 * the database and no other; a placement sent again answered the same order; every order the
 * shoppers cancelled (200) is cancelled with its piece back, the rest placed with their piece sold;
 * one confirmation mail per order and one cancellation mail per cancelled order; none paid; the
 * stock ledger whole.
 */
export function checkCod(name: string, result: CheckoutResult, audit: CodAudit): CheckoutCheck {
  const cod = result.cod ?? { placed: [], retried: 0, retriedToAnother: 0, cancelled: [] };
  const failedRequests = Object.values(result.steps).reduce((sum, s) => sum + s.errors + s.non2xx, 0);
  const inDb = new Map(audit.orders);
  const placed = new Set(cod.placed);
  const cancelled = new Set(cod.cancelled);
  const missing = [...placed].filter((id) => !inDb.has(id)).length;
  const unanswered = [...inDb.keys()].filter((id) => !placed.has(id)).length;
  // Told "cancelled" (200) but not cancelled, or cancelled without a 200 (a cancel that timed out).
  const cancelMismatch = [...inDb].filter(([id, status]) => (status === 'cancelled') !== cancelled.has(id)).length;
  const duplicates = cod.placed.length - placed.size + cod.retriedToAnother + audit.confirmations.several + audit.cancellations.several + audit.strayMails;
  const losses = missing + unanswered + cancelMismatch + audit.misplacedStock + audit.paid + audit.confirmations.missing + audit.cancellations.missing + audit.ledgerMismatches + audit.oversold;
  const clean = failedRequests === 0 && duplicates === 0 && losses === 0;
  const summary =
    `${n(failedRequests)} failed requests; placed 201 ${n(placed.size)} / in the database ${n(inDb.size)} / cancelled ${n(cancelled.size)}; ` +
    `${n(duplicates)} duplicates, ${n(losses)} lost or unaccounted; ${n(audit.oversold)} oversold`;
  const lines = [
    `${name} (${result.shoppers} shoppers, warm-up and tail included):`,
    `  shoppers were answered: ${n(placed.size)} orders placed (201), ${n(cod.retried)} placements sent again of which ${n(cod.retriedToAnother)} answered another order, ` +
      `${n(cancelled.size)} cancelled (200), ${n(failedRequests)} failed requests`,
    `  the database holds:     ${n(inDb.size)} COD orders, ${n([...inDb.values()].filter((s) => s === 'cancelled').length)} cancelled, ${n(audit.paid)} counted paid; ` +
      `${n(audit.misplacedStock)} whose pieces are not where their state says`,
    `  mails:                  confirmations missing ${n(audit.confirmations.missing)}, more than one ${n(audit.confirmations.several)}; ` +
      `cancellations missing ${n(audit.cancellations.missing)}, more than one or uncalled for ${n(audit.cancellations.several)}; naming no COD order ${n(audit.strayMails)}`,
    `  answers vs database:    ${n(missing)} placed 201 but not in the database, ${n(unanswered)} in the database without a 201, ${n(cancelMismatch)} cancelled otherwise than answered`,
    `  stock:                  ${n(audit.oversold)} sizes oversold, ${n(audit.ledgerMismatches)} sizes whose count is not the ledger's sum -> ${clean ? '0 errors, 0 duplicates' : 'NOT CLEAN'}`,
  ];
  if (result.failures.length) lines.push(`  first failures:`, ...result.failures.map((f) => `    ${f}`));
  return { clean, summary, lines };
}
