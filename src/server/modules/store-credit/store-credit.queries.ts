/** Store credit's SQL (issue 49): grants, and what is left of them. */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { storeCredits, storeCreditSpends } from '../../db/schema/index.ts';

type Reader = Pick<Db, 'select'>;

/** A grant, once per request: a second grant for the same request adds nothing; answers whether this one did. */
export async function grant(tx: ShopperTx, g: { userId: string; requestId: string; amount: number; expiresAt: Date }): Promise<boolean> {
  const made = await tx
    .insert(storeCredits)
    .values({ ...g, remaining: g.amount })
    .onConflictDoNothing({ target: storeCredits.requestId })
    .returning({ id: storeCredits.id });
  return made.length > 0;
}

/** The grants with something left that have not ended, the first to end first. */
export function liveGrants(on: Reader, userId: string, at: Date) {
  return on
    .select({ id: storeCredits.id, amount: storeCredits.amount, remaining: storeCredits.remaining, expiresAt: storeCredits.expiresAt, createdAt: storeCredits.createdAt })
    .from(storeCredits)
    .where(and(eq(storeCredits.userId, userId), gt(storeCredits.remaining, 0), gt(storeCredits.expiresAt, at)))
    .orderBy(asc(storeCredits.expiresAt), asc(storeCredits.id));
}

/** What is left to spend now. */
export async function balanceOf(on: Reader, userId: string, at: Date): Promise<number> {
  const [row] = await on
    .select({ left: sql<number>`coalesce(sum(${storeCredits.remaining}), 0)::int` })
    .from(storeCredits)
    .where(and(eq(storeCredits.userId, userId), gt(storeCredits.expiresAt, at)));
  return row?.left ?? 0;
}

/** The shopper's live grants locked for spending, the first to end first: two checkouts at once take turns. */
export function lockLiveGrants(tx: ShopperTx, userId: string, at: Date) {
  return tx
    .select({ id: storeCredits.id, remaining: storeCredits.remaining })
    .from(storeCredits)
    .where(and(eq(storeCredits.userId, userId), gt(storeCredits.remaining, 0), gt(storeCredits.expiresAt, at)))
    .orderBy(asc(storeCredits.expiresAt), asc(storeCredits.id))
    .for('update');
}

export async function takeFrom(tx: ShopperTx, orderId: string, creditId: number, amount: number): Promise<void> {
  await tx
    .update(storeCredits)
    .set({ remaining: sql`${storeCredits.remaining} - ${amount}` })
    .where(eq(storeCredits.id, creditId));
  await tx.insert(storeCreditSpends).values({ orderId, creditId, amount });
}

/** The order's spends not given back yet, marked given back (once); the grants are the caller's to fill again. */
export function markGivenBack(tx: ShopperTx, orderId: string) {
  return tx
    .update(storeCreditSpends)
    .set({ givenBack: true })
    .where(and(eq(storeCreditSpends.orderId, orderId), eq(storeCreditSpends.givenBack, false)))
    .returning({ creditId: storeCreditSpends.creditId, amount: storeCreditSpends.amount });
}

/** Credit back into its grant, which then lasts at least until `until` (a grant that ended meanwhile is not lost). */
export async function refill(tx: ShopperTx, creditId: number, amount: number, until: Date): Promise<void> {
  await tx
    .update(storeCredits)
    .set({ remaining: sql`${storeCredits.remaining} + ${amount}`, expiresAt: sql`greatest(${storeCredits.expiresAt}, ${until.toISOString()}::timestamptz)` })
    .where(eq(storeCredits.id, creditId));
}
