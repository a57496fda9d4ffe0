/**
 * Payout links for Cash-on-Delivery refunds (issue 49, docs/decisions/0049): where the owner allows
 * it, a passed check offers the refund both ways and the shopper chooses, from the link in the mail
 * to their orders: store credit at once, or their own UPI ID or bank account. The account goes
 * straight to the payout provider, which answers a fund account id; the shop keeps that id and a
 * masked form, never the number. The payout itself is asked after the choice has committed and
 * again by the minute pass while owed, one server at a time (a minute's hold on the row), always
 * with that choice's idempotency key, so it is made once; one still on its way is asked about until
 * it settles. One the service refuses or cannot make is offered again, the shopper told why; an
 * offer not answered in CHOOSE_DAYS becomes store credit.
 */
import crypto from 'node:crypto';
import { CHOOSE_DAYS, maskedDestination, PAYOUT_WORDS, type RefundChoice } from '../../../shared/payouts.ts';
import type { Db } from '../../db/client.ts';
import { asShopper } from '../../db/shopper.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import { PayoutRefusal, PayoutUnavailable, type Payout, type PayoutProvider } from '../payouts/payouts.ts';
import type { Tell } from './return.mails.ts';
import type { Request, Taken } from './return-steps.ts';
import * as q from './returns.queries.ts';

/** About four hours of minute passes, as for a refund to the source. */
const MAX_PAYOUT_ATTEMPTS = 240;

export interface PayoutDeps {
  /** The payout provider, or null when the shop has none (payouts are then never offered). */
  payouts: PayoutProvider | null;
  outbox: { nudge(): void };
  log: (line: string) => void;
  now: () => Date;
  tell: Tell;
  /** Store credit granted and told, in the caller's transaction (return-refunds.ts). */
  creditIn: (tx: q.Tx, request: Request, userId: string, amount: number) => Promise<void>;
}


/** The calls to the payout provider and what their answers do to the offer and the request. */
function payoutCalls(db: Db, deps: PayoutDeps) {
  const { payouts, tell } = deps;

  /** The payout could not be made to this account: offered again, the shopper told why, in the caller's transaction. */
  async function offeredAgainIn(tx: q.Tx, requestId: string, row: { amount: number; payoutTo: string | null }, why: string): Promise<void> {
    await q.offerAgain(tx, requestId, why);
    const request = await q.lockRequest(tx, requestId);
    if (request) await tell(tx, request, { state: 'passed', choose: row.amount, notPaid: { to: row.payoutTo ?? 'account', why } });
  }

  /** The payout's answer recorded once (another server may have recorded it first): paid closes the request, not paid offers it again. */
  async function recorded(requestId: string, from: 'due' | 'pending', made: Payout): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await q.lockDueRefund(tx, requestId, 'payout', from);
      if (!row) return;
      if (made.status === 'failed') return offeredAgainIn(tx, requestId, row, made.reason ?? 'the bank did not take it.');
      await q.refundTried(tx, requestId, { status: made.status, providerRefundId: made.id, error: null, payoutUntil: null }, 'payout');
      if (made.status !== 'processed') return;
      const request = await q.lockRequest(tx, requestId);
      if (request?.state !== 'passed') return;
      await q.moveRequest(tx, requestId, 'refunded', null, `Paid out to the shopper's ${row.payoutTo}`);
      await tell(tx, request, { state: 'refunded', amount: row.amount, to: 'payout', payoutTo: row.payoutTo ?? '' });
    });
    deps.outbox.nudge();
  }

  /**
   * A payout's call that went wrong. Refused: offered again. Not answered: tried again next minute
   * with the same key, and after four hours left for the owner (it may have been made: the owner
   * looks in the RazorpayX Dashboard before paying by hand).
   */
  async function notMade(requestId: string, err: Error, attempts: number): Promise<void> {
    const refused = err instanceof PayoutRefusal;
    const giveUp = !refused && attempts + 1 >= MAX_PAYOUT_ATTEMPTS;
    deps.log(`Return payout ${requestId}: ${err.message}${refused ? ' (offered to the shopper again)' : giveUp ? ' (given up: the owner looks in the RazorpayX Dashboard)' : ' (will be tried again)'}`);
    await db.transaction(async (tx) => {
      const row = await q.lockDueRefund(tx, requestId, 'payout');
      if (!row) return;
      if (refused) return offeredAgainIn(tx, requestId, row, err.message.endsWith('.') ? err.message : `${err.message}.`);
      await q.refundTried(tx, requestId, { status: giveUp ? 'failed' : 'due', error: err.message.slice(0, 500), payoutUntil: null }, 'payout');
    });
    deps.outbox.nudge();
  }

  /** A payout owed: held for this server, asked of the provider with its choice's key, then recorded. */
  async function payOut(requestId: string): Promise<void> {
    if (!payouts) return;
    const due = await q.claimPayout(db, requestId);
    if (!due?.fundAccountId || !due.payoutMode || !due.payoutKey) return;
    try {
      await recorded(requestId, 'due', await payouts.pay(due.fundAccountId, due.amount, due.payoutMode, due.payoutKey, `return-${requestId}`));
    } catch (err) {
      if (!(err instanceof PayoutRefusal || err instanceof PayoutUnavailable)) throw err;
      await notMade(requestId, err, due.attempts);
    }
  }

  /** A payout on its way, asked about again. */
  async function settleOnItsWay(requestId: string): Promise<void> {
    const pending = await q.dueRefund(db, requestId, 'payout', 'pending');
    if (!pending?.providerRefundId || !payouts) return;
    const now = await payouts.status(pending.providerRefundId);
    if (now.status !== 'pending') await recorded(requestId, 'pending', now);
  }

  return { payOut, settleOnItsWay };
}

export function createReturnPayouts(db: Db, deps: PayoutDeps) {
  const { payouts } = deps;

  const { payOut, settleOnItsWay } = payoutCalls(db, deps);

  /** Store credit for an offer, in one transaction with the request and the offer locked (order first, as every step). */
  async function creditInstead(requestId: string, by: string | null, note: string): Promise<void> {
    await db.transaction(async (tx) => {
      const request = await q.lockRequestAfterOrder(tx, requestId);
      const offer = await q.lockOffer(tx, requestId);
      if (!request || !offer) throw new AppError(409, 'not_choosing', PAYOUT_WORDS.notOffered);
      await q.dropOffer(tx, requestId);
      await deps.creditIn(tx, request, (await q.orderForMoney(tx, request.orderId)).userId, offer.amount);
      await q.moveRequest(tx, requestId, 'refunded', by, note);
    });
    deps.outbox.nudge();
  }

  /** Offers not answered in CHOOSE_DAYS, given as store credit (the minute pass); how many. */
  async function staleOffersToCredit(limit: number): Promise<number> {
    const stale = await q.staleOffers(db, new Date(deps.now().getTime() - CHOOSE_DAYS * 86_400_000), limit);
    for (const id of stale) await creditInstead(id, null, `Store credit: no choice in ${CHOOSE_DAYS} days`).catch((err: unknown) => deps.log(`Return payout ${id}: ${err instanceof Error ? err.message : String(err)}`));
    return stale.length;
  }

  /** The request the shopper chooses for: theirs (read as them), or not found. */
  async function shoppersRequest(userId: string, orderId: string, requestId: string): Promise<void> {
    const found = await asShopper(db, userId, (tx) => q.requestsOf(tx, [orderId]));
    if (!found.some((r) => r.id === requestId)) throw new NotFoundError('Return request not found.');
  }

  return {
    /** Whether a Cash-on-Delivery refund may be offered as a payout: the shop has a payout provider. */
    offered: payouts !== null,

    /** In the check's transaction: a Cash-on-Delivery refund offered both ways, waiting for the shopper's choice. */
    async offerIn(tx: q.Tx, request: Request, amount: number): Promise<Taken> {
      await q.insertRefund(tx, { requestId: request.id, orderId: request.orderId, way: 'payout', amount, status: 'choosing' });
      return { to: 'passed', note: 'Refund offered as store credit or a payout', mail: { state: 'passed', choose: amount } };
    },

    /** The shopper's choice: store credit at once, or a payout to the account they give. */
    async choose(userId: string, orderId: string, requestId: string, choice: RefundChoice): Promise<{ state: string }> {
      await shoppersRequest(userId, orderId, requestId);
      if (choice.way === 'store_credit') {
        await creditInstead(requestId, userId, 'Store credit, as the shopper chose');
        return { state: 'refunded' };
      }
      if (!payouts) throw new AppError(409, 'no_payouts', PAYOUT_WORDS.notSetUp);
      if (!(await q.dueRefund(db, requestId, 'payout', 'choosing'))) throw new AppError(409, 'not_choosing', PAYOUT_WORDS.notOffered);
      const contact = (await q.payoutContactOf(db, orderId))!;
      let account: { id: string; mode: 'UPI' | 'IMPS' };
      try {
        account = await payouts.fundAccount({ name: contact.name, email: contact.email, phone: contact.phone, reference: `vastra-${contact.userId}` }, choice.to);
      } catch (err) {
        if (err instanceof PayoutRefusal) throw new AppError(422, 'payout_refused', PAYOUT_WORDS.refused(err.message.endsWith('.') ? err.message : `${err.message}.`));
        if (err instanceof PayoutUnavailable) throw new AppError(503, 'payouts_unavailable', PAYOUT_WORDS.unavailable);
        throw err;
      }
      await db.transaction(async (tx) => {
        // The order, then the request, then the offer: the lock order of every step. Chosen in another tab meanwhile: this account is not used.
        await q.lockRequestAfterOrder(tx, requestId);
        if (!(await q.lockOffer(tx, requestId))) throw new AppError(409, 'not_choosing', PAYOUT_WORDS.notOffered);
        const payoutTo = maskedDestination(choice.to);
        // A new key for each account chosen: RazorpayX fails for ever a key whose payout failed.
        await q.refundTried(tx, requestId, { status: 'due', fundAccountId: account.id, payoutMode: account.mode, payoutTo, payoutKey: crypto.randomUUID(), error: null }, 'payout');
        await q.noteEvent(tx, requestId, 'passed', `Payout to the shopper's ${payoutTo}`);
      });
      await payOut(requestId);
      return { state: (await q.dueRefund(db, requestId, 'payout', 'processed')) ? 'refunded' : 'passed' };
    },

    /** Payouts owed or on their way, each asked once, and offers left unanswered given as credit (the minute pass); how many. */
    async payoutsDue(limit = 50): Promise<number> {
      let seen = await staleOffersToCredit(limit);
      if (!payouts) return seen;
      const said = (id: string) => (err: unknown) => deps.log(`Return payout ${id}: ${err instanceof Error ? err.message : String(err)}`);
      for (const id of await q.refundsDue(db, limit, 'payout', ['due'])) {
        await payOut(id).catch(said(id));
        seen++;
      }
      for (const id of await q.refundsDue(db, limit, 'payout', ['pending'])) {
        await settleOnItsWay(id).catch(said(id));
        seen++;
      }
      return seen;
    },
  };
}

export type ReturnPayouts = ReturnType<typeof createReturnPayouts>;
