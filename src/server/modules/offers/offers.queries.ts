/** Coupons and offers' SQL (issue 50): the owner's offers and codes, the live ones, and their uses. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OfferStatus, OfferTerms } from '../../../shared/offers.ts';
import type { OfferBody } from '../../../shared/offers.contract.ts';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { appliedCodes, offerBatches, offerCodes, offerScope, offers, offerUses } from '../../db/schema/index.ts';

type Reader = Pick<Db, 'select'>;
export type Tx = ShopperTx;

/** Running at `at`: active, started, not ended (SQL over the offers row `o`). */
const runningAt = (at: Date) => sql`o.status = 'active' and o.starts_at <= ${at} and (o.ends_at is null or o.ends_at > ${at})`;

/** The shopper has an earlier order that was not cancelled, lapsed or failed (the first-order offers' test). */
const earlierOrder = (userId: string, exceptOrder: string | null) =>
  sql`exists (select 1 from orders r where r.user_id = ${userId} and r.status not in ('cancelled', 'expired', 'failed') and r.id is distinct from ${exceptOrder}::uuid)`;

/** An offer (or a code's offer) as the quote reads it: its terms, where it stands now, and whether this shopper may use it. */
export interface LiveRow extends OfferTerms {
  /** The code row's code (null: an automatic offer). */
  code: string | null;
  /** Active and started. */
  started: boolean;
  ended: boolean;
  /** Its total limit, or its code's own, is reached. */
  usedUp: boolean;
  /** The shopper's own limits allow it: uses per shopper (their unpaid online orders not counted yet: paying again supersedes them) and first order. */
  mayUse: boolean;
}

/**
 * The offers a quote reads, in one statement (the embedded database runs one at a time, and every
 * quote pays for each): the code (`typed`, else the one the shopper applied) with its offer, the
 * automatic offers running now and not used up, each with its scope and the shopper's own limits.
 */
export async function liveFor(on: Db, userId: string, typed: string | null, at: Date): Promise<{ code: string | null; rows: LiveRow[] }> {
  const { rows } = (await on.execute(sql`
    with picked as (select coalesce(${typed}::text, (select code from applied_codes where user_id = ${userId})) as code),
    candidates as (
      select o.*, null::text as code, null::int as code_uses, null::int as code_max_uses
      from offers o where o.mode = 'automatic' and ${runningAt(at)} and (o.max_uses is null or o.uses < o.max_uses)
      union all
      select o.*, c.code, c.uses, c.max_uses from offer_codes c join offers o on o.id = c.offer_id where c.code = (select code from picked)
    )
    select (select code from picked) as code, coalesce(json_agg(json_build_object(
      'id', k.id, 'name', k.name, 'mode', k.mode, 'kind', k.kind, 'type', k.type, 'percent', k.percent, 'capPaise', k.cap_paise,
      'flatPaise', k.flat_paise, 'minOrderPaise', k.min_order_paise, 'minPieces', k.min_pieces, 'codAllowed', k.cod_allowed,
      'includeSaleItems', k.include_sale_items, 'code', k.code,
      'started', k.status = 'active' and k.starts_at <= ${at},
      'ended', k.ends_at is not null and k.ends_at <= ${at},
      'usedUp', (k.max_uses is not null and k.uses >= k.max_uses) or (k.code_max_uses is not null and k.code_uses >= k.code_max_uses),
      'mayUse', (k.per_shopper_max is null or (
          select count(*) from offer_uses u join orders r on r.id = u.order_id
          where u.user_id = ${userId} and u.offer_id = k.id and u.given_back_at is null and (r.payment_status <> 'pending' or r.payment_method = 'cod')
        ) < k.per_shopper_max)
        and not (k.first_order_only and ${earlierOrder(userId, null)}),
      'scope', (select coalesce(json_agg(json_build_object('target', s.target, 'targetId', s.target_id, 'included', s.included)), '[]'::json) from offer_scope s where s.offer_id = k.id)
    ) order by k.id) filter (where k.id is not null), '[]'::json) as rows
    from (select 1) one left join candidates k on true`)) as unknown as { rows: { code: string | null; rows: LiveRow[] }[] };
  return rows[0]!;
}

/** An applied offer to count: its use, and what it took off. */
export interface UseToCount {
  offerId: number;
  code: string | null;
  discountPaise: number;
  shippingDiscountPaise: number;
}

/**
 * Counts the order's uses in one statement, each only where it still may be: its offer running; a
 * total limit (the offer's, or a single-use code's) counted by a guarded update on its row, so two
 * placements at once cannot both pass for the last use (the update waits for the other's row lock
 * and looks again); the shopper's uses and first order (race-free: this runs in their checkout
 * turn). An offer or code without a limit is not updated, so its row is not locked by every order.
 * Answers the offers counted; the caller refuses (rolls back) when one is missing.
 */
export async function countUses(tx: Tx, userId: string, orderId: string, uses: readonly UseToCount[], at: Date): Promise<number[]> {
  const wanted = JSON.stringify(uses.map((u) => ({ offer_id: u.offerId, code: u.code, discount_paise: u.discountPaise, shipping_discount_paise: u.shippingDiscountPaise })));
  const { rows } = (await tx.execute(sql`
    with wanted as (select * from jsonb_to_recordset(${wanted}::jsonb) as w(offer_id int, code text, discount_paise int, shipping_discount_paise int)),
    counted as (
      update offers o set uses = o.uses + 1 from wanted w
      where o.id = w.offer_id and o.max_uses is not null and o.uses < o.max_uses and ${runningAt(at)}
      returning o.id
    ),
    codes_counted as (
      update offer_codes c set uses = c.uses + 1 from wanted w
      where c.code = w.code and c.offer_id = w.offer_id and c.max_uses is not null and c.uses < c.max_uses
      returning c.code
    ),
    allowed as (
      select w.* from wanted w join offers o on o.id = w.offer_id
      where ${runningAt(at)}
        and (o.max_uses is null or o.id in (select id from counted))
        and (w.code is null or w.code in (select code from codes_counted)
          or exists (select 1 from offer_codes c where c.code = w.code and c.offer_id = w.offer_id and c.max_uses is null))
        and (o.per_shopper_max is null or (
          select count(*) from offer_uses u where u.user_id = ${userId} and u.offer_id = o.id and u.given_back_at is null and u.order_id <> ${orderId}
        ) < o.per_shopper_max)
        and not (o.first_order_only and ${earlierOrder(userId, orderId)})
    )
    insert into offer_uses (offer_id, code, user_id, order_id, discount_paise, shipping_discount_paise)
    select offer_id, code, ${userId}, ${orderId}, discount_paise, shipping_discount_paise from allowed
    returning offer_id`)) as unknown as { rows: { offer_id: number }[] };
  return rows.map((r) => r.offer_id);
}

/**
 * The order is paid or placed: each of these codes leaves the shopper's cart if they may not use it
 * again (its uses per shopper reached, or a first-order code), in one statement.
 */
export async function clearUsedUpCodes(tx: Tx, userId: string, codes: string[]): Promise<void> {
  await tx.execute(sql`
    delete from applied_codes a using offer_codes c join offers o on o.id = c.offer_id
    where a.user_id = ${userId} and a.code = c.code and c.code in ${codes}
      and (o.first_order_only or (o.per_shopper_max is not null and (
        select count(*) from offer_uses u where u.user_id = ${userId} and u.offer_id = o.id and u.given_back_at is null
      ) >= o.per_shopper_max))`);
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
      scope: sql<{ included: boolean; name: string }[]>`(select coalesce(json_agg(json_build_object('included', s.included, 'name', coalesce(p.name, c.name)) order by s.included desc, coalesce(p.name, c.name)), '[]'::json)
        from offer_scope s left join products p on s.target = 'product' and p.id = s.target_id left join categories c on s.target = 'category' and c.id = s.target_id
        where s.offer_id = offers.id)`,
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
