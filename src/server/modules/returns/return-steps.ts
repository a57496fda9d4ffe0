/**
 * The owner's steps on a return after the shopper's request (issue 49, docs/decisions/0049):
 * decide, say how the piece comes back, record its arrival and its check. Each step is one
 * transaction with the request locked: taken only from the states it follows (a repeat, or twenty
 * at once, find it taken and change nothing), written to the request's history, and told to the
 * shopper by mail in the same transaction. A passed check puts the pieces back in stock
 * ("returned"), issues the request's credit note and gives the money back, once: store credit at
 * once for Cash on Delivery, the payment's source through the provider for a prepaid order.
 */
import { RETURN_STATE_LABELS, RETURN_STATES, RETURN_WORDS, type ReturnSettings, type ReturnState } from '../../../shared/returns.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { Invoices } from '../invoices/invoices.service.ts';
import type { Outbox } from '../mail/mail.service.ts';
import type { Fulfilment } from '../orders/fulfilment.service.ts';
import type { Refunds } from '../payments/refunds.ts';
import type { ExchangePiece, StockService } from '../stock/stock.service.ts';
import type { PayoutProvider } from '../payouts/payouts.ts';
import type { Shipping } from '../shipping/shipping.service.ts';
import type { StoreCreditService } from '../store-credit/store-credit.service.ts';
import { returnMail, type ReturnMailStep } from './return.mails.ts';
import { createReturnParcels } from './return-parcels.ts';
import { createReturnRefunds } from './return-refunds.ts';
import * as q from './returns.queries.ts';

export const REQUEST_NOT_FOUND = 'Return request not found.';

export type Request = NonNullable<Awaited<ReturnType<typeof q.lockRequest>>>;
export type RequestLines = Awaited<ReturnType<typeof q.linesOfRequest>>;

export interface StepDeps {
  stock: Pick<StockService, 'releaseExchange' | 'returnToStock' | 'holdForExchange'>;
  /** The payout provider for Cash-on-Delivery refunds to the shopper's account, or null when the shop has none. */
  payouts: PayoutProvider | null;
  /** The courier port's bookings of a return's parcels (the shipping module's). */
  parcels: Pick<Shipping, 'bookReturn' | 'recordOwnIn' | 'label'>;
  invoices: Pick<Invoices, 'returnCreditNoteIn' | 'pickupFeeInvoiceIn'>;
  refunds: Pick<Refunds, 'toSource'>;
  credit: Pick<StoreCreditService, 'grantIn'>;
  orders: Pick<Fulfilment, 'messageFactsIn'>;
  outbox: Outbox;
  settings: (on: q.Tx) => Promise<ReturnSettings>;
  /** The shopper's orders page, for the mails' button; null without PUBLIC_URL. */
  ordersUrl: string | null;
  now: () => Date;
  log?: (line: string) => void;
}

/** What a step did: the state it moved to (with the history's note), and what the shopper is told. */
export interface Taken {
  to: ReturnState;
  note?: string | null;
  ownerNote?: string;
  mail: ReturnMailStep | null;
  /** A refund to the source to try once the step has committed. */
  pay?: boolean;
}

/** A step asked of a request that is past it (a repeat, or the same step from two tabs) or not there yet. */
function outOfTurn(state: ReturnState, from: readonly ReturnState[]): AppError {
  const label = RETURN_STATE_LABELS[state];
  const past = RETURN_STATES.indexOf(state) > Math.max(...from.map((f) => RETURN_STATES.indexOf(f))) && !ENDED_WITHOUT.includes(state);
  return past ? new AppError(409, 'step_done', RETURN_WORDS.stepDone(label)) : new AppError(409, 'out_of_turn', RETURN_WORDS.stepOutOfTurn(label));
}
/** The steps whose mails are about the refund's amount (a passed check's may offer the choice of it). */
const MONEY_MAILS: ReadonlySet<ReturnState> = new Set(['passed', 'refunded']);

/** Requests that ended without the piece coming back through the steps. */
const ENDED_WITHOUT: readonly ReturnState[] = ['refused', 'failed', 'lapsed'];

/** The request's held sizes back on sale, once each (the held flag is let go in the same transaction); how many lines let go. */
export async function giveBackHolds(stock: Pick<StockService, 'releaseExchange'>, tx: q.Tx, request: { id: string; orderId: string }): Promise<number> {
  const freed = await q.letGoHolds(tx, request.id);
  const pieces: ExchangePiece[] = [];
  for (const line of freed) {
    const productId = await q.productOfLine(tx, line.orderItemId);
    if (productId && line.exchangeSize) pieces.push({ key: { productId, size: line.exchangeSize }, quantity: line.quantity });
  }
  await stock.releaseExchange(tx, request.orderId, pieces);
  return freed.length;
}

export function createReturnSteps(db: Db, deps: StepDeps) {
  async function tell(tx: q.Tx, request: { id: string; orderId: string }, step: ReturnMailStep): Promise<void> {
    const facts = await deps.orders.messageFactsIn(tx, request.orderId);
    // A mail about the money says what was kept for the courier's pickup, as the request holds it now.
    const fee = MONEY_MAILS.has(step.state) ? await q.pickupFeeKept(tx, request.id) : 0;
    if (facts) await deps.outbox.send(tx, returnMail(step, { orderNumber: facts.orderNumber, buyer: facts.buyer, ordersUrl: deps.ordersUrl, pickupFee: fee }));
  }
  const money = createReturnRefunds(db, deps, tell);

  /** The request locked (after its order), refused unless it is in one of `from`. */
  async function lockedIn(tx: q.Tx, id: string, from: readonly ReturnState[]): Promise<Request> {
    const request = await q.lockRequestAfterOrder(tx, id);
    if (!request) throw new NotFoundError(REQUEST_NOT_FOUND);
    if (!from.includes(request.state)) throw outOfTurn(request.state, from);
    return request;
  }

  /** One step taken in `tx`: moved, recorded and told. */
  async function stepIn(tx: q.Tx, request: Request, by: string | null, done: Taken): Promise<Taken> {
    await q.moveRequest(tx, request.id, done.to, by, done.note ?? null, done.ownerNote);
    if (done.mail) await tell(tx, request, done.mail);
    return done;
  }

  /** One step on a request in one of `from`: locked, taken, recorded and told; from any other state refused, and a repeat says it is done. */
  async function take(id: string, from: readonly ReturnState[], by: string | null, work: (tx: q.Tx, request: Request) => Promise<Taken>) {
    const taken = await db.transaction(async (tx) => {
      const request = await lockedIn(tx, id, from);
      return stepIn(tx, request, by, await work(tx, request));
    });
    deps.outbox.nudge();
    if (taken.pay) await money.payRefund(id);
    return { id, state: taken.to };
  }

  const parcels = createReturnParcels(db, deps, { lockedIn, stepIn, take });

  /** The pieces back in stock, in their own sizes. */
  async function restock(tx: q.Tx, request: Request, lines: RequestLines) {
    const pieces = lines.flatMap((l) => (l.productId && l.size ? [{ key: { productId: l.productId, size: l.size }, quantity: l.quantity }] : []));
    await deps.stock.returnToStock(tx, request.orderId, pieces);
  }

  return {
    /** The owner accepts a request still waiting for a decision. */
    approve: (id: string, by: string) => take(id, ['requested'], by, async () => ({ to: 'approved', mail: { state: 'approved' } })),

    /** The owner refuses, in words the shopper reads; an exchange's new size goes back on sale. */
    refuse: (id: string, by: string, words: string) =>
      take(id, ['requested'], by, async (tx, request) => {
        await giveBackHolds(deps.stock, tx, request);
        return { to: 'refused', note: words, ownerNote: words, mail: { state: 'refused', words } };
      }),

    /** The shopper is to send the piece to the shop's return address (the owner's setting). */
    sendYourself: (id: string, by: string) =>
      take(id, ['approved'], by, async (tx, request) => {
        const { returnAddress } = await deps.settings(tx);
        if (!returnAddress) throw new AppError(409, 'no_return_address', RETURN_WORDS.noReturnAddress);
        await q.setPickup(tx, request.id, 'self');
        return { to: 'pickup_booked', note: 'Sent by the shopper', mail: { state: 'pickup_booked', sendTo: returnAddress } };
      }),

    /** The piece has reached the shop (an exchange's new size stays held for it). */
    receive: (id: string, by: string) => take(id, ['approved', 'pickup_booked', 'picked_up'], by, async () => ({ to: 'received', mail: { state: 'received' } })),

    /**
     * The owner's check of a piece that came back. Passed: back in stock, then the refund or the
     * exchange; failed: nothing comes back to stock, an exchange's new size goes back on sale, and
     * the shopper reads the owner's note.
     */
    check: (id: string, by: string, check: { passed: boolean; note: string }) =>
      take(id, ['received'], by, async (tx, request) => {
        if (!check.passed) {
          await giveBackHolds(deps.stock, tx, request);
          return { to: 'failed', note: check.note, ownerNote: check.note, mail: { state: 'failed', words: check.note } };
        }
        // The order is locked (lockedIn): one check of the order at a time, so the running totals hold.
        const lines = await q.linesOfRequest(tx, request.id);
        await restock(tx, request, lines);
        if (request.resolution === 'exchange') return { to: 'passed', note: check.note || null, mail: { state: 'passed', exchange: true } };
        return money.refundIn(tx, request, lines);
      }),

    /**
     * A refund the provider would not make, refunded by the owner outside the shop (in the payment
     * Dashboard, or by bank transfer): recorded as made, the request closed, the shopper told.
     */
    refundedByHand: (id: string, by: string) =>
      take(id, ['passed'], by, async (tx, request) => {
        const settled = await q.settleFailedRefund(tx, request.id);
        if (settled === null) throw new AppError(409, 'refund_not_failed', RETURN_WORDS.refundNotFailed);
        const mail: ReturnMailStep = settled.way === 'payout' ? { state: 'refunded', amount: settled.amount, to: 'by_hand' } : { state: 'refunded', amount: settled.amount, to: 'source' };
        return { to: 'refunded', note: 'Refunded by the owner outside the shop', mail };
      }),

    /** A return's parcels (return-parcels.ts): an exchange's label, the courier's pickup, the new size sent, their scans. */
    exchangeLabel: parcels.exchangeLabel,
    bookPickup: parcels.bookPickup,
    shipExchange: parcels.shipExchange,
    parcelScannedIn: parcels.scannedIn,

    /**
     * An exchange whose new size cannot be sent (sold out while the piece was away) refunded
     * instead: its holds let go, then the credit note and the refund as for any refund request.
     */
    refundInstead: (id: string, by: string) =>
      take(id, ['passed'], by, async (tx, request) => {
        if (request.resolution !== 'exchange') throw new AppError(409, 'not_exchange', RETURN_WORDS.notExchange);
        await giveBackHolds(deps.stock, tx, request);
        await q.setResolution(tx, request.id, 'refund');
        return money.refundIn(tx, { ...request, resolution: 'refund' }, await q.linesOfRequest(tx, request.id));
      }),

    /** Every refund to the source still owed, tried once each (the minute pass). */
    refundsDue: money.refundsDue,
    payoutsDue: money.payoutsDue,
    chooseRefund: money.chooseRefund,
  };
}

export type ReturnSteps = ReturnType<typeof createReturnSteps>;
