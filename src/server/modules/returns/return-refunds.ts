/**
 * A return's money (issue 49, docs/decisions/0049): at a passed check, the request's credit note and
 * the refund of what it credits, never more than is left of the payment; store credit granted at
 * once for Cash on Delivery, or a refund to the payment's source, asked of the provider once the
 * check has committed and again by the minute pass until it is made, always with the same key.
 */
import { piecesShare, refundOf } from '../../../shared/return-money.ts';
import { chargedOf, LEAST_CHARGE } from '../../../shared/store-credit.ts';
import { SHOP_AT_FAULT, STORE_CREDIT_DAYS } from '../../../shared/returns.ts';
import type { Db } from '../../db/client.ts';
import { ProviderError } from '../payments/provider.ts';
import type { Tell } from './return.mails.ts';
import type { Request, RequestLines, StepDeps, Taken } from './return-steps.ts';
import { createReturnPayouts } from './return-payouts.ts';
import * as q from './returns.queries.ts';

/** About four hours of minute passes: long enough for the provider to come back, then the owner looks. */
const MAX_REFUND_ATTEMPTS = 240;
const DAY_MS = 86_400_000;

export function createReturnRefunds(db: Db, deps: Omit<StepDeps, 'stock' | 'orders' | 'ordersUrl'>, tell: Tell) {
  const log = deps.log ?? console.error;
  const payouts = createReturnPayouts(db, { payouts: deps.payouts, outbox: deps.outbox, log, now: deps.now, tell, creditIn: (tx, request, userId, amount) => creditIn(tx, request, userId, amount) });

  /**
   * A refund request's money, in the check's transaction: its credit note, and the refund of what
   * the note credits (never more than is left of the payment), as store credit granted now or a
   * refund to the source made once this commits.
   */
  async function refundIn(tx: q.Tx, request: Request, lines: RequestLines): Promise<Taken> {
    const order = await q.orderForMoney(tx, request.orderId);
    const before = await q.creditedBefore(tx, request.orderId, request.id);
    const pieces = lines.map((l) => ({ orderItemId: l.orderItemId, before: before.get(l.orderItemId) ?? 0, count: l.quantity }));
    const note = await deps.invoices.returnCreditNoteIn(tx, { orderId: request.orderId, requestId: request.id, pieces, shipping: SHOP_AT_FAULT.has(request.reason) });
    // An order shipped without an invoice (none to reverse) is refunded its lines as paid.
    const credited = note ? note.document.totals.total : lines.reduce((sum, l, i) => sum + piecesShare(l.lineTotal - l.discount, l.lineQuantity, pieces[i]!.before, l.quantity), 0);
    const left = order.total - (await q.refundedSoFar(tx, request.orderId));
    const fee = await takePickupFee(tx, request, Math.max(0, Math.min(credited, left)));
    const amount = refundOf(credited, fee, left);
    await q.setRefundPaise(tx, request.id, amount);
    // A fee that kept all there was to give back is still told, with its invoice.
    if (amount === 0) return { to: 'refunded', note: fee > 0 ? 'The pickup fee kept all of the refund' : 'Nothing left to refund', mail: fee > 0 ? { state: 'refunded', amount: 0, to: 'nothing' } : null };
    // To the payment, up to what the provider took and has not given back; the rest (what store
    // credit paid, or all of a Cash-on-Delivery order) as store credit, at once.
    const charged = order.paymentMethod === 'online' && order.paymentId ? chargedOf(order) - (await q.refundedSoFar(tx, request.orderId, 'source')) : 0;
    const most = Math.min(amount, Math.max(0, charged));
    // The provider takes no refund under ₹1: a rest that small goes to credit too.
    const toSource = most >= LEAST_CHARGE ? most : 0;
    const toCredit = amount - toSource;
    // Cash on Delivery, where the owner allows it: the shopper chooses store credit or a payout to their account.
    if (toCredit > 0 && toSource === 0 && order.paymentMethod === 'cod' && payouts.offered && (await deps.settings(tx)).codRefund === 'credit_or_payout') return payouts.offerIn(tx, request, toCredit);
    if (toCredit > 0) await creditIn(tx, request, order.userId, toCredit, toSource > 0);
    if (toSource > 0) {
      await q.insertRefund(tx, { requestId: request.id, orderId: request.orderId, way: 'source', amount: toSource, paymentId: order.paymentId, status: 'due' });
      return { to: 'passed', mail: null, pay: true };
    }
    await q.moveRequest(tx, request.id, 'passed', null, null);
    return { to: 'refunded', note: 'Store credit', mail: null };
  }

  /**
   * The pickup fee at the check: taken only when the shop's courier collected the piece (a scan of
   * its pickup on the way), never more than the refund would have been, with its service invoice
   * in the same transaction; kept on the request as taken.
   */
  async function takePickupFee(tx: q.Tx, request: Request, due: number): Promise<number> {
    const fee = request.pickup === 'courier' && request.collectedAt ? Math.min(request.pickupFeePaise, due) : 0;
    await q.setPickupFee(tx, request.id, fee);
    if (fee > 0) await deps.invoices.pickupFeeInvoiceIn(tx, { orderId: request.orderId, requestId: request.id, amount: fee });
    return fee;
  }

  /** Store credit for a request, granted and told in the check's transaction. */
  async function creditIn(tx: q.Tx, request: Request, userId: string, amount: number, feeSaidLater = false): Promise<void> {
    await deps.credit.grantIn(tx, { userId, requestId: request.id, amount });
    await q.insertRefund(tx, { requestId: request.id, orderId: request.orderId, way: 'store_credit', amount, status: 'processed' });
    const until = new Date(deps.now().getTime() + STORE_CREDIT_DAYS * DAY_MS);
    await tell(tx, request, { state: 'refunded', amount, to: 'store_credit', until, ...(feeSaidLater && { feeSaidLater }) });
  }

  /**
   * A refund to the source still owed: asked of the provider outside any transaction (the same key
   * each time, so however often it is asked it is made once), then recorded and told once.
   */
  async function payRefund(requestId: string): Promise<void> {
    const due = await q.dueRefund(db, requestId);
    if (!due?.paymentId) return;
    try {
      const made = await deps.refunds.toSource(due.paymentId, due.amount, `vastra-return-${requestId}`);
      await db.transaction(async (tx) => {
        const still = await q.lockDueRefund(tx, requestId);
        if (!still) return; // another server recorded it first
        await q.refundTried(tx, requestId, { status: made.status === 'failed' ? 'failed' : made.status, providerRefundId: made.id, error: null });
        if (made.status === 'failed') return;
        const request = await q.lockRequest(tx, requestId);
        if (request?.state !== 'passed') return;
        await q.moveRequest(tx, requestId, 'refunded', null, 'Refunded to the payment');
        await tell(tx, request, { state: 'refunded', amount: due.amount, to: 'source' });
      });
      deps.outbox.nudge();
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      const giveUp = due.attempts + 1 >= MAX_REFUND_ATTEMPTS;
      log(`Return refund ${requestId}: ${err.message}${giveUp ? ' (given up: the owner refunds it in the Dashboard)' : ' (will be tried again)'}`);
      await db.transaction(async (tx) => {
        if (await q.lockDueRefund(tx, requestId)) await q.refundTried(tx, requestId, { status: giveUp ? 'failed' : 'due', error: err.message.slice(0, 500) });
      });
    }
  }

  return {
    refundIn,
    payRefund,
    /** The shopper's choice of a refund offered both ways (return-payouts.ts). */
    chooseRefund: payouts.choose,
    /** Payouts owed or on their way (the minute pass). */
    payoutsDue: payouts.payoutsDue,
    /** Every refund to the source still owed, tried once each (the minute pass). */
    async refundsDue(limit = 50): Promise<number> {
      const due = await q.refundsDue(db, limit);
      // One refund's trouble is said and left for the next pass; the others are still tried.
      for (const id of due) await payRefund(id).catch((err: unknown) => log(`Return refund ${id}: ${err instanceof Error ? err.message : String(err)}`));
      return due.length;
    },
  };
}
