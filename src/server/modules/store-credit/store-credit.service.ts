/**
 * Store credit (issue 49, docs/decisions/0049): what a passed return of a Cash-on-Delivery order
 * gives back, at once, valid a year from its grant, spent at checkout like money. Granted in the
 * transaction that records the check, once per request (the table's key); read by its shopper only.
 */
import { STORE_CREDIT_DAYS } from '../../../shared/returns.ts';
import type { StoreCredit } from '../../../shared/store-credit.ts';
import type { Db } from '../../db/client.ts';
import { asShopper, type ShopperTx } from '../../db/shopper.ts';
import { AppError } from '../../http/errors.ts';
import * as q from './store-credit.queries.ts';

export const CREDIT_CHANGED = 'Your store credit has changed since you opened checkout. Please check the amount to pay and try again.';

const DAY_MS = 86_400_000;
/** Credit given back lasts at least this long from then, so a grant that ended while an order held it is not lost. */
const GIVEN_BACK_DAYS = 30;

export function createStoreCredit(db: Db, now: () => Date = () => new Date()) {
  return {
    /** In the caller's transaction: `amount` paise for the request's shopper; whether it was granted now (false: granted before). */
    grantIn: (tx: ShopperTx, g: { userId: string; requestId: string; amount: number }) => q.grant(tx, { ...g, expiresAt: new Date(now().getTime() + STORE_CREDIT_DAYS * DAY_MS) }),

    /**
     * In the transaction that places an order, as the server: `amount` paise of the shopper's
     * credit spent on it, from the grants that end first. The grants are locked, so two checkouts
     * at once cannot spend the same credit; refused when less is left than the shopper was shown.
     */
    async spendIn(tx: ShopperTx, userId: string, orderId: string, amount: number): Promise<void> {
      if (amount === 0) return;
      const grants = await q.lockLiveGrants(tx, userId, now());
      if (grants.reduce((sum, g) => sum + g.remaining, 0) < amount) throw new AppError(409, 'credit_changed', CREDIT_CHANGED);
      let left = amount;
      for (const g of grants) {
        const take = Math.min(left, g.remaining);
        if (take > 0) await q.takeFrom(tx, orderId, g.id, take);
        left -= take;
      }
    },

    /** The order's credit back to its grants, once however often asked (an order that lapsed or was cancelled), each lasting 30 days more at least; how much. */
    async giveBackIn(tx: ShopperTx, orderId: string): Promise<number> {
      const spent = await q.markGivenBack(tx, orderId);
      const until = new Date(now().getTime() + GIVEN_BACK_DAYS * DAY_MS);
      for (const s of spent) await q.refill(tx, s.creditId, s.amount, until);
      return spent.reduce((sum, s) => sum + s.amount, 0);
    },

    /** The shopper's own credit: what is left, and each live grant with its end (read as them). */
    mine: (userId: string): Promise<StoreCredit> =>
      asShopper(db, userId, async (tx) => {
        const at = now();
        const grants = await q.liveGrants(tx, userId, at);
        return { balance: grants.reduce((sum, g) => sum + g.remaining, 0), grants: grants.map((g) => ({ remaining: g.remaining, amount: g.amount, grantedAt: g.createdAt.toISOString(), expiresAt: g.expiresAt.toISOString() })) };
      }),

    /** What is left to spend (the owner's view of a shopper, and the tests' check). */
    balance: (userId: string) => q.balanceOf(db, userId, now()),
  };
}

export type StoreCreditService = ReturnType<typeof createStoreCredit>;
