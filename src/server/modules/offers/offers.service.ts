/**
 * Coupons and offers (issue 50, docs/decisions/0050): the owner's offers and codes; what a shopper
 * may use, for the checkout's quote; the code a shopper applies; and each use counted in the
 * transaction that places the order (a guarded update: no limit is ever passed, however many
 * shoppers take the last use at once), given back once when the order lapses or is cancelled.
 */
import { randomInt } from 'node:crypto';
import { OFFER_WORDS, type AppliedOffer, type CodeState, type LiveOffers, type OfferTerms } from '../../../shared/offers.ts';
import type { BatchBody, OfferBody } from '../../../shared/offers.contract.ts';
import type { Db } from '../../db/client.ts';
import { asShopper } from '../../db/shopper.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { ShopperLimits } from '../limits/shopper-limits.ts';
import * as q from './offers.queries.ts';

/** What the owner may do to an offer's state, and from which states. */
const MOVES = { pause: { to: 'paused', from: ['active'] }, resume: { to: 'active', from: ['paused'] }, end: { to: 'ended', from: ['active', 'paused'] } } as const;
export type OfferMove = keyof typeof MOVES;

/** A batch's codes: no 0/O or 1/I, which a shopper copying from a mailer would mix up. */
const BATCH_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const batchCode = (prefix: string) => {
  const tail = Array.from({ length: 8 }, () => BATCH_ALPHABET[randomInt(BATCH_ALPHABET.length)]).join('');
  return prefix ? `${prefix}-${tail}` : tail;
};

const termsOf = ({ code: _code, started: _s, ended: _e, usedUp: _u, mayUse: _m, ...terms }: q.LiveRow): OfferTerms => terms;

/** The code as the shopper can use it now, or why not: only an expired one says so; every other reason is the neutral words. */
function codeState(code: string, row: q.LiveRow | undefined): CodeState {
  if (!row || !row.started) return { code, refused: 'cant_use' };
  if (row.ended) return { code, refused: 'expired' };
  if (row.usedUp || !row.mayUse) return { code, refused: 'cant_use' };
  return { code, terms: termsOf(row) };
}

/**
 * Counting uses, in the transactions that place, lapse and cancel orders (the orders module's part
 * of offers: it needs nothing but the transaction it is handed).
 */
export function createOfferUses(now: () => Date = () => new Date()) {
  return {
    /**
     * In the placing transaction, as the server, after the stock and the credit: each applied
     * offer's use counted under its limits, or the placement refused (nothing written). The offer
     * rows are locked last, so the busiest row is held the shortest time.
     */
    async redeemIn(tx: q.Tx, userId: string, orderId: string, applied: readonly AppliedOffer[]): Promise<void> {
      if (applied.length === 0) return;
      const uses = applied.map((a) => ({ offerId: a.offerId, code: a.code, discountPaise: a.kind === 'shipping' ? 0 : a.amount, shippingDiscountPaise: a.kind === 'shipping' ? a.amount : 0 }));
      const counted = await q.countUses(tx, userId, orderId, uses, now());
      const missing = applied.find((a) => !counted.includes(a.offerId));
      if (missing) throw new AppError(409, 'offer_unavailable', missing.code ? OFFER_WORDS.cantUse : OFFER_WORDS.offerGone);
    },

    /** The order's uses back to their offers, once however often asked (it lapsed unpaid, or was cancelled before dispatch). */
    giveBackIn: (tx: q.Tx, orderId: string) => q.giveBack(tx, orderId),

  };
}

export type OfferUses = ReturnType<typeof createOfferUses>;

export function createOffers(db: Db, limits: Pick<ShopperLimits, 'codeTried'>, now: () => Date = () => new Date()) {
  /** The automatic offers live now and the code (applied, or `typed`), as this shopper may use them: one statement. */
  async function liveFor(userId: string, typed?: string): Promise<LiveOffers> {
    const { code, rows } = await q.liveFor(db, userId, typed ?? null, now());
    const found = code ? rows.find((r) => r.code === code) : undefined;
    return {
      automatic: rows.filter((r) => r.code === null && r.mayUse).map(termsOf),
      code: code ? codeState(code, found) : null,
    };
  }

  return {
    /** The quote's offers (QuoteReaders): one read of the live offers and the shopper's code. */
    forQuote: (userId: string) => liveFor(userId),

    /**
     * A code the shopper typed: counted against 10 tries a minute before it is looked up, kept as
     * theirs if it is a code they may use (it may still wait for more in the cart: the quote says),
     * else refused in the neutral words (expired: its own).
     */
    async apply(userId: string, code: string): Promise<void> {
      await limits.codeTried(userId);
      const found = (await liveFor(userId, code)).code;
      if (!found || 'refused' in found) throw new AppError(422, 'code_unusable', found && 'refused' in found && found.refused === 'expired' ? OFFER_WORDS.expired : OFFER_WORDS.cantUse, { code: OFFER_WORDS.cantUse });
      await asShopper(db, userId, (tx) => q.setApplied(tx, userId, code));
    },

    remove: (userId: string) => asShopper(db, userId, (tx) => q.clearApplied(tx, userId)),

    ...createOfferUses(now),

    /**
     * The order is paid or placed: a code the shopper may not use again leaves their cart (the
     * default, once a shopper); one they may use on any number of orders stays until removed.
     */
    usedIn: async (tx: q.Tx, userId: string, applied: readonly AppliedOffer[] | null) => {
      const codes = (applied ?? []).flatMap((a) => (a.code ? [a.code] : []));
      if (codes.length) await q.clearUsedUpCodes(tx, userId, codes);
    },

    // The owner's side.

    /** A new offer with its code and scope, in one transaction: a code already in use writes nothing. */
    create: (ownerId: string | null, body: OfferBody) =>
      db.transaction(async (tx) => {
        const made = await q.insertOffer(tx, body, ownerId);
        if (body.code && !(await q.insertCode(tx, { code: body.code, offerId: made.id }))) throw new AppError(409, 'code_taken', OFFER_WORDS.codeTaken, { code: OFFER_WORDS.codeTaken });
        await q.insertScope(tx, made.id, body.scope);
        return made;
      }),

    list: () => q.ownerList(db),

    /** Pause, resume or end; an ended offer stays ended. */
    async move(id: number, move: OfferMove): Promise<void> {
      const m = MOVES[move];
      const moved = await db.transaction((tx) => q.setStatus(tx, id, m.to, [...m.from]));
      if (moved) return;
      const offer = await q.offerById(db, id);
      if (!offer) throw new NotFoundError(OFFER_WORDS.noOffer);
      if (offer.status === 'ended') throw new AppError(409, 'offer_ended', OFFER_WORDS.ended);
    },

    /** N single-use codes for a code offer, made in one transaction (a random code taken already is drawn again). */
    batch: (ownerId: string | null, id: number, body: BatchBody) =>
      db.transaction(async (tx) => {
        const offer = await q.offerById(tx, id);
        if (!offer) throw new NotFoundError(OFFER_WORDS.noOffer);
        if (offer.mode !== 'code') throw new AppError(409, 'not_a_code', 'An automatic offer has no codes.');
        const batchId = await q.insertBatch(tx, { offerId: id, count: body.count, prefix: body.prefix, createdBy: ownerId });
        const codes: string[] = [];
        while (codes.length < body.count) {
          const code = batchCode(body.prefix);
          if (await q.insertCode(tx, { code, offerId: id, batchId, maxUses: 1 })) codes.push(code);
        }
        return { batchId, codes };
      }),

    async codes(id: number) {
      if (!(await q.offerById(db, id))) throw new NotFoundError(OFFER_WORDS.noOffer);
      return q.codesOf(db, id);
    },
  };
}

export type OffersService = ReturnType<typeof createOffers>;
