/**
 * The mail that asks for a review (issue 51, docs/decisions/0051): REVIEW_ASK_AFTER_DAYS after
 * delivery (and not past REVIEW_ASK_UNTIL_DAYS), one per order, naming the pieces its buyer can
 * still review, with a link straight to the form on Your Orders. Run by the minute pass under its
 * own claim (boot.ts), at most hourly across app servers; each order is its own transaction: the
 * mail into the outbox and the order marked asked, both or neither, so a crash neither sends twice
 * nor loses the mark, and a retry asks only what is still unasked. Two passes at once meet on the
 * mark's key: the second's insert waits for the first's commit and then writes nothing, so it
 * sends nothing.
 *
 * The shop keeps no mail preferences besides back-in-stock's own stop link (a request for a mail,
 * not a preference): like the order's other mails, this one goes to every buyer, once.
 */
import { REVIEW_ASK_AFTER_DAYS, REVIEW_ASK_UNTIL_DAYS } from '../../../shared/reviews.ts';
import type { Db } from '../../db/client.ts';
import type { Outbox } from '../mail/mail.service.ts';
import * as q from './review-asks.queries.ts';
import { reviewAskMail } from './review.mails.ts';

/** Orders asked per pass: an hour's pass after a long outage (or the first after launch) sends at most this many. */
export const REVIEW_ASKS_PER_PASS = 50;

const DAY_MS = 86_400_000;

export interface ReviewAsksDeps {
  db: Db;
  outbox: Outbox;
  publicUrl: string | undefined;
  now: () => Date;
}

/** Where the mail's button goes: the order's "Write a review", opened. None without the shop's public address, as the order's other mails. */
export const reviewFormUrl = (publicUrl: string | undefined, orderId: string) => (publicUrl ? `${publicUrl}/orders?review=${encodeURIComponent(orderId)}` : null);

export function createReviewAsks({ db, outbox, publicUrl, now }: ReviewAsksDeps) {
  /** One order's ask; false when there is nothing left to review or another pass asked first. */
  function askOne(orderId: string, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const ask = await q.askOf(tx, orderId);
      if (!ask || ask.pieces.length === 0) return false;
      if (!(await q.markAsked(tx, orderId, at))) return false;
      await outbox.send(tx, reviewAskMail(ask, { orderNumber: ask.orderNumber, pieces: ask.pieces, formUrl: reviewFormUrl(publicUrl, orderId) }));
      return true;
    });
  }

  /** The orders due an ask, asked (up to REVIEW_ASKS_PER_PASS); how many were. One that fails is left for the next pass, after the others. */
  async function due(): Promise<number> {
    const at = now();
    const due = await q.dueOrders(db, new Date(at.getTime() - REVIEW_ASK_UNTIL_DAYS * DAY_MS), new Date(at.getTime() - REVIEW_ASK_AFTER_DAYS * DAY_MS), REVIEW_ASKS_PER_PASS);
    let asked = 0;
    const failed: string[] = [];
    let firstError: unknown;
    for (const { id } of due) {
      try {
        if (await askOne(id, at)) asked++;
      } catch (err) {
        failed.push(id);
        firstError ??= err;
      }
    }
    if (asked > 0) outbox.nudge();
    if (failed.length > 0) {
      const reason = firstError instanceof Error ? firstError.message : String(firstError);
      throw new Error(`Review asks: ${asked} asked; ${failed.length} not (order ${failed[0]}: ${reason}); tried again at the next pass.`, { cause: firstError });
    }
    return asked;
  }

  return { due };
}
