/** Coupons and offers' SQL (issue 50): the owner's offers and codes, the live ones, and their uses. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OfferStatus } from '../../../shared/offers.ts';
import type { OfferBody } from '../../../shared/offers.contract.ts';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { appliedCodes, offerBatches, offerCodes, offerScope, offers, offerUses, orders } from '../../db/schema/index.ts';

type Reader = Pick<Db, 'select'>;
export type Tx = ShopperTx;

/** The columns the pricing reads of an offer. */
const terms = {
  id: offers.id,
  name: offers.name,
  mode: offers.mode,
  kind: offers.kind,
  type: offers.type,
  percent: offers.percent,
  capPaise: offers.capPaise,
  flatPaise: offers.flatPaise,
  minOrderPaise: offers.minOrderPaise,
  minPieces: offers.minPieces,
  codAllowed: offers.codAllowed,
  includeSaleItems: offers.includeSaleItems,
  firstOrderOnly: offers.firstOrderOnly,
  perShopperMax: offers.perShopperMax,
};

/** Running now: active, started, not ended, not used up. */
const liveAt = (at: Date) =>
  and(eq(offers.status, 'active'), sql`${offers.startsAt} <= ${at}`, sql`(${offers.endsAt} is null or ${offers.endsAt} > ${at})`, sql`(${offers.maxUses} is null or ${offers.uses} < ${offers.maxUses})`);

export function liveAutomatic(on: Reader, at: Date) {
  return on
    .select(terms)
    .from(offers)
    .where(and(eq(offers.mode, 'automatic'), liveAt(at)))
    .orderBy(asc(offers.id));
}

/** A code with its offer, whatever their state (the shopper is told why it cannot be used). */
export async function codeWithOffer(on: Reader, code: string) {
  const [row] = await on
    .select({ ...terms, code: offerCodes.code, codeUses: offerCodes.uses, codeMaxUses: offerCodes.maxUses, status: offers.status, startsAt: offers.startsAt, endsAt: offers.endsAt, uses: offers.uses, maxUses: offers.maxUses })
    .from(offerCodes)
    .innerJoin(offers, eq(offers.id, offerCodes.offerId))
    .where(eq(offerCodes.code, code));
  return row;
}

export function scopesOf(on: Reader, offerIds: number[]) {
  if (offerIds.length === 0) return Promise.resolve([]);
  return on.select().from(offerScope).where(inArray(offerScope.offerId, offerIds));
}

/**
 * The shopper's uses of these offers not given back, by orders that are no longer waiting for
 * payment unless `withPending` (a pending order's use is given back if the next checkout supersedes it).
 */
export async function usesBy(on: Reader, userId: string, offerIds: number[], withPending: boolean, exceptOrder?: string): Promise<Map<number, number>> {
  if (offerIds.length === 0) return new Map();
  const rows = await on
    .select({ offerId: offerUses.offerId, n: sql<number>`count(*)::int` })
    .from(offerUses)
    .innerJoin(orders, eq(orders.id, offerUses.orderId))
    .where(
      and(
        eq(offerUses.userId, userId),
        inArray(offerUses.offerId, offerIds),
        isNull(offerUses.givenBackAt),
        withPending ? undefined : sql`(${orders.paymentStatus} <> 'pending' or ${orders.paymentMethod} = 'cod')`,
        exceptOrder ? sql`${offerUses.orderId} <> ${exceptOrder}` : undefined,
      ),
    )
    .groupBy(offerUses.offerId);
  return new Map(rows.map((r) => [r.offerId, r.n]));
}

/** The shopper has an earlier order that was not cancelled, lapsed or failed (the first-order offers' test). */
export async function hasEarlierOrder(on: Reader, userId: string, exceptOrder?: string): Promise<boolean> {
  const [row] = await on
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`${orders.status} not in ('cancelled', 'expired', 'failed')`, exceptOrder ? sql`${orders.id} <> ${exceptOrder}` : undefined))
    .limit(1);
  return row !== undefined;
}

export async function appliedCode(on: Reader, userId: string): Promise<string | null> {
  const [row] = await on.select({ code: appliedCodes.code }).from(appliedCodes).where(eq(appliedCodes.userId, userId));
  return row?.code ?? null;
}

export async function setApplied(tx: Tx, userId: string, code: string): Promise<void> {
  await tx
    .insert(appliedCodes)
    .values({ userId, code })
    .onConflictDoUpdate({ target: appliedCodes.userId, set: { code, appliedAt: sql`now()` } });
}

export async function clearApplied(tx: Tx, userId: string, code?: string): Promise<void> {
  await tx.delete(appliedCodes).where(and(eq(appliedCodes.userId, userId), code ? eq(appliedCodes.code, code) : undefined));
}

/**
 * One more use of a live offer, only while it is live and under its total: the guarded update two
 * placements at once cannot both pass for the last use. Answers whether it was counted.
 */
export async function countUse(tx: Tx, offerId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(offers)
    .set({ uses: sql`${offers.uses} + 1` })
    .where(and(eq(offers.id, offerId), liveAt(at)))
    .returning({ id: offers.id });
  return rows.length > 0;
}

/**
 * One more use of a code with a limit of its own (a batch's single-use code), under the same guard;
 * a code with none is not counted (its row is not locked by every order placed with it).
 */
export async function countCodeUse(tx: Tx, code: string): Promise<boolean> {
  const rows = await tx
    .update(offerCodes)
    .set({ uses: sql`${offerCodes.uses} + 1` })
    .where(and(eq(offerCodes.code, code), sql`${offerCodes.maxUses} is not null and ${offerCodes.uses} < ${offerCodes.maxUses}`))
    .returning({ code: offerCodes.code });
  if (rows.length > 0) return true;
  const [unlimited] = await tx.select({ code: offerCodes.code }).from(offerCodes).where(and(eq(offerCodes.code, code), isNull(offerCodes.maxUses)));
  return unlimited !== undefined;
}

export async function recordUse(tx: Tx, use: { offerId: number; code: string | null; userId: string; orderId: string; discountPaise: number; shippingDiscountPaise: number }): Promise<void> {
  await tx.insert(offerUses).values(use);
}

/** The order's uses not given back yet, marked given back (once), and their counts taken down. */
export async function giveBack(tx: Tx, orderId: string): Promise<number> {
  const back = await tx
    .update(offerUses)
    .set({ givenBackAt: sql`now()` })
    .where(and(eq(offerUses.orderId, orderId), isNull(offerUses.givenBackAt)))
    .returning({ offerId: offerUses.offerId, code: offerUses.code });
  // Only limits count uses (countUse, countCodeUse): only they are counted down.
  for (const u of back) {
    await tx.update(offers).set({ uses: sql`greatest(${offers.uses} - 1, 0)` }).where(and(eq(offers.id, u.offerId), sql`${offers.maxUses} is not null`));
    if (u.code) await tx.update(offerCodes).set({ uses: sql`greatest(${offerCodes.uses} - 1, 0)` }).where(and(eq(offerCodes.code, u.code), sql`${offerCodes.maxUses} is not null`));
  }
  return back.length;
}

/** The order's uses that were given back (a late payment takes them again, if it can). */
export function givenBackUses(on: Reader, orderId: string) {
  return on.select({ id: offerUses.id, offerId: offerUses.offerId, code: offerUses.code }).from(offerUses).where(and(eq(offerUses.orderId, orderId), sql`${offerUses.givenBackAt} is not null`));
}

export async function retaken(tx: Tx, useId: number): Promise<void> {
  await tx.update(offerUses).set({ givenBackAt: null }).where(eq(offerUses.id, useId));
}

// The owner's side.

export async function insertOffer(tx: Tx, body: OfferBody, ownerId: string | null) {
  const { code: _code, scope: _scope, startsAt, ...fields } = body;
  const [made] = await tx
    .insert(offers)
    .values({ ...fields, ...(startsAt && { startsAt }), createdBy: ownerId })
    .returning();
  return made!;
}

/** A code for an offer; false when the code is taken (by any offer). */
export async function insertCode(tx: Tx, code: { code: string; offerId: number; batchId?: number; maxUses?: number }): Promise<boolean> {
  const rows = await tx.insert(offerCodes).values(code).onConflictDoNothing().returning({ code: offerCodes.code });
  return rows.length > 0;
}

export async function insertScope(tx: Tx, offerId: number, scope: OfferBody['scope']): Promise<void> {
  if (scope.length) await tx.insert(offerScope).values(scope.map((s) => ({ offerId, ...s }))).onConflictDoNothing();
}

export async function insertBatch(tx: Tx, b: { offerId: number; count: number; prefix: string; createdBy: string | null }) {
  const [made] = await tx.insert(offerBatches).values(b).returning({ id: offerBatches.id });
  return made!.id;
}

/** Every offer, newest first, with its codes (a batch's counted, not listed) and its figures. */
export function ownerList(on: Reader) {
  return on
    .select({
      offer: offers,
      code: sql<string | null>`(select c.code from offer_codes c where c.offer_id = offers.id and c.batch_id is null order by c.code limit 1)`,
      batchCodes: sql<number>`(select count(*)::int from offer_codes c where c.offer_id = offers.id and c.batch_id is not null)`,
      /** Orders placed with it and not given back, unpaid ones too (`offers.uses` counts only offers with a limit). */
      liveUses: sql<number>`(select count(*)::int from offer_uses u where u.offer_id = offers.id and u.given_back_at is null)`,
      orders: sql<number>`(select count(*)::int from offer_uses u join orders o on o.id = u.order_id where u.offer_id = offers.id and u.given_back_at is null and (o.payment_status = 'paid' or o.payment_method = 'cod'))`,
      sales: sql<number>`(select coalesce(sum(o.subtotal - o.discount), 0)::float8 from offer_uses u join orders o on o.id = u.order_id where u.offer_id = offers.id and u.given_back_at is null and (o.payment_status = 'paid' or o.payment_method = 'cod'))`,
      given: sql<number>`(select coalesce(sum(u.discount_paise + u.shipping_discount_paise), 0)::float8 from offer_uses u join orders o on o.id = u.order_id where u.offer_id = offers.id and u.given_back_at is null and (o.payment_status = 'paid' or o.payment_method = 'cod'))`,
    })
    .from(offers)
    .orderBy(desc(offers.id));
}

export async function offerById(on: Reader, id: number) {
  const [row] = await on.select().from(offers).where(eq(offers.id, id));
  return row;
}

export async function setStatus(tx: Tx, id: number, to: OfferStatus, from: OfferStatus[]): Promise<boolean> {
  const rows = await tx
    .update(offers)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(offers.id, id), inArray(offers.status, from)))
    .returning({ id: offers.id });
  return rows.length > 0;
}

export function codesOf(on: Reader, offerId: number) {
  return on.select({ code: offerCodes.code, uses: offerCodes.uses, maxUses: offerCodes.maxUses, batchId: offerCodes.batchId }).from(offerCodes).where(eq(offerCodes.offerId, offerId)).orderBy(asc(offerCodes.batchId), asc(offerCodes.code));
}
