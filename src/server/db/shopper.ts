/**
 * A signed-in shopper's queries: one transaction, run as the restricted `vastra_shopper` role with
 * `app.user_id` set for that transaction only (migration 0004), so row-level security keeps every
 * query to the shopper's own rows even if it forgets its filter. Both settings end with the
 * transaction, so nothing leaks to the next use of a pooled connection.
 *
 * Resolve the user first (the session middleware does), then enter: PGlite has one connection, so
 * anything that uses the root database inside (the auth library, another service) would wait for
 * this transaction for ever.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export const SHOPPER_ROLE = 'vastra_shopper';

/** What a shopper's work gets: the transaction, typed like the database. */
export type ShopperTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function asShopper<T>(db: Db, userId: string, work: (tx: ShopperTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip for both: set_config(..., true) is SET LOCAL.
    await tx.execute(sql`select set_config('role', ${SHOPPER_ROLE}, true), set_config('app.user_id', ${userId}, true)`);
    return work(tx);
  });
}

/**
 * The server's own work at the end of a shopper's transaction, after the shopper's part: the stock
 * an order takes, which no shopper may change. The transaction stays one (all or nothing); the
 * shopper's role ends here, for this transaction only.
 */
export async function asServerFrom(tx: ShopperTx): Promise<ShopperTx> {
  await tx.execute(sql`select set_config('role', 'none', true)`);
  return tx;
}
