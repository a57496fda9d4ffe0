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

type TermsRow = Awaited<ReturnType<typeof q.liveAutomatic>>[number];
type CodeRow = NonNullable<Awaited<ReturnType<typeof q.codeWithOffer>>>;
type Scope = Awaited<ReturnType<typeof q.scopesOf>>;

/** What the owner may do to an offer's state, and from which states. */
const MOVES = { pause: { to: 'paused', from: ['active'] }, resume: { to: 'active', from: ['paused'] }, end: { to: 'ended', from: ['active', 'paused'] } } as const;
export type OfferMove = keyof typeof MOVES;

/** A batch's codes: no 0/O or 1/I, which a shopper copying from a mailer would mix up. */
const BATCH_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const batchCode = (prefix: string) => {
  const tail = Array.from({ length: 8 }, () => BATCH_ALPHABET[randomInt(BATCH_ALPHABET.length)]).join('');
  return prefix ? `${prefix}-${tail}` : tail;
};

/** Running at `at`: active, started, not ended (its uses are the guarded update's to say). */
const liveAt = (o: { status: string; startsAt: Date; endsAt: Date | null }, at: Date) => o.status === 'active' && o.startsAt <= at && (o.endsAt === null || o.endsAt > at);

const termsOf = (row: TermsRow, scopes: Scope): OfferTerms => ({ ...row, scope: scopes.filter((s) => s.offerId === row.id) });

/** Whether a shopper may use an offer at all (their own limits): the quote leaves out, and the code box refuses, what they may not. */
const mayUse = (row: Pick<TermsRow, 'id' | 'perShopperMax' | 'firstOrderOnly'>, mine: Map<number, number>, earlier: boolean) =>
  (row.perShopperMax === null || (mine.get(row.id) ?? 0) < row.perShopperMax) && !(row.firstOrderOnly && earlier);

/** The code as the shopper can use it now, or why not: only an expired one says so; every other reason is the neutral words. */
function codeState(code: string, row: CodeRow | undefined, at: Date, shopperMay: boolean, scopes: Scope): CodeState {
  if (!row || row.status !== 'active' || row.startsAt > at) return { code, refused: 'cant_use' };
  if (row.endsAt && row.endsAt <= at) return { code, refused: 'expired' };
  const usedUp = (row.maxUses !== null && row.uses >= row.maxUses) || (row.codeMaxUses !== null && row.codeUses >= row.codeMaxUses);
  if (usedUp || !shopperMay) return { code, refused: 'cant_use' };
  return { code, terms: termsOf(row, scopes) };
}

/**
 * Counting uses, in the transactions that place, lapse and cancel orders (the orders module's part
 * of offers: it needs nothing but the transaction it is handed).
 */
export function createOfferUses(now: () => Date = () => new Date()) {
  /** Counts one use of an applied offer for the order, or refuses the placement (409: it rolls back). */
  async function redeemOne(tx: q.Tx, userId: string, orderId: string, a: AppliedOffer, at: Date): Promise<void> {
    const refuse = () => new AppError(409, 'offer_unavailable', a.code ? OFFER_WORDS.cantUse : OFFER_WORDS.offerGone);
    const offer = await q.offerById(tx, a.offerId);
    if (!offer || !liveAt(offer, at)) throw refuse();
    // A total limit is counted on the offer's row, under its guard (the last use goes to one order);
    // an offer without one is not: every order with it would queue on that row's lock.
    if (offer.maxUses !== null && !(await q.countUse(tx, a.offerId, at))) throw refuse();
    if (a.code && !(await q.countCodeUse(tx, a.code))) throw refuse();
    const mine = await q.usesBy(tx, userId, [a.offerId], true, orderId);
    if (!mayUse(offer, mine, offer.firstOrderOnly && (await q.hasEarlierOrder(tx, userId, orderId)))) throw refuse();
    const shipping = a.kind === 'shipping';
    await q.recordUse(tx, { offerId: a.offerId, code: a.code, userId, orderId, discountPaise: shipping ? 0 : a.amount, shippingDiscountPaise: shipping ? a.amount : 0 });
  }

  return {
    /**
     * In the placing transaction, as the server, after the stock and the credit: each applied
     * offer's use counted under its limits, or the placement refused (nothing written). The offer
     * rows are locked last, so the busiest row is held the shortest time.
     */
    async redeemIn(tx: q.Tx, userId: string, orderId: string, applied: readonly AppliedOffer[]): Promise<void> {
      const at = now();
      for (const a of applied) await redeemOne(tx, userId, orderId, a, at);
    },

    /** The order's uses back to their offers, once however often asked (it lapsed unpaid, or was cancelled before dispatch). */
    giveBackIn: (tx: q.Tx, orderId: string) => q.giveBack(tx, orderId),

  };
}

export type OfferUses = ReturnType<typeof createOfferUses>;

export function createOffers(db: Db, limits: Pick<ShopperLimits, 'codeTried'>, now: () => Date = () => new Date()) {
  /** The automatic offers live now and the code (applied, or `typed`), as this shopper may use them. */
  async function liveFor(userId: string, typed?: string): Promise<LiveOffers> {
    const at = now();
    const [automatic, code] = await Promise.all([q.liveAutomatic(db, at), typed ?? q.appliedCode(db, userId)]);
    const found = code ? await q.codeWithOffer(db, code) : undefined;
    const rows = [...automatic, ...(found ? [found] : [])];
    if (rows.length === 0) return { automatic: [], code: code ? { code, refused: 'cant_use' } : null };
    const ids = rows.map((r) => r.id);
    // A shopper's own unpaid order does not count yet: paying again supersedes it and gives its use back.
    const [scopes, mine, earlier] = await Promise.all([q.scopesOf(db, ids), q.usesBy(db, userId, ids, false), rows.some((r) => r.firstOrderOnly) ? q.hasEarlierOrder(db, userId) : false]);
    return {
      automatic: automatic.filter((r) => mayUse(r, mine, earlier)).map((r) => termsOf(r, scopes)),
      code: code ? codeState(code, found, at, found ? mayUse(found, mine, earlier) : false, scopes) : null,
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
      for (const a of applied ?? []) {
        if (!a.code) continue;
        const offer = await q.offerById(tx, a.offerId);
        const mine = await q.usesBy(tx, userId, [a.offerId], true);
        if (!offer || !mayUse(offer, mine, offer.firstOrderOnly)) await q.clearApplied(tx, userId, a.code);
      }
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
