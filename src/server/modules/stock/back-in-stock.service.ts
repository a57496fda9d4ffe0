/**
 * Back in stock (issue 16, docs/decisions/0019): a signed-in shopper asks to be told when a sold-out
 * size has pieces again; the stock module, in the transaction that brings a size from 0 to more,
 * writes one mail per waiting request through the outbox and closes it. The shopper's requests are
 * read and written in their shopper transaction (row-level security, migration 0017).
 */
import { ALERT_IN_STOCK, ALERT_LINK_UNKNOWN, MAILED_ALERTS_SHOWN_DAYS, type StockAlert } from '../../../shared/back-in-stock.ts';
import { PRODUCT_NOT_FOUND } from '../../../shared/cart.contract.ts';
import { CHOOSE_SIZE, SIZE_NOT_OFFERED } from '../../../shared/sizes.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import type { Db } from '../../db/client.ts';
import { asShopper, type ShopperTx } from '../../db/shopper.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { ShopperLimits } from '../limits/shopper-limits.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { Outbox } from '../mail/mail.service.ts';
import { backInStockMail } from './back-in-stock.mails.ts';
import * as q from './back-in-stock.queries.ts';

/**
 * What the stock module calls when sizes went from 0 to more, inside its transaction: each waiting
 * request of them gets its mail and is closed, or none is if the transaction rolls back.
 */
export type BackInStockMailer = (tx: ShopperTx, productSizeIds: number[]) => Promise<void>;

export function createBackInStockMailer(siteUrl: string, outbox: Outbox): BackInStockMailer {
  return async (tx, productSizeIds) => {
    const due = await q.takeDue(tx, productSizeIds);
    for (const alert of due) await outbox.send(tx, backInStockMail(alert, siteUrl));
    // The sender's timer finds them anyway; the nudge only makes it sooner.
    if (due.length > 0) outbox.nudge();
  };
}

export interface AlertKey {
  productId: number;
  size?: string | undefined;
}

export function createBackInStockService(db: Db, catalog: CatalogService, limits: Pick<ShopperLimits, 'alertChange' | 'stopLinkTried' | 'stopLinkFound'>) {
  /** The size asked for, on offer and sold out; a piece in sizes needs one named, a one-size piece none. */
  async function soldOutSize({ productId, size }: AlertKey): Promise<{ id: number; size: string }> {
    const product = await catalog.product(productId).catch(() => {
      throw new NotFoundError(PRODUCT_NOT_FOUND);
    });
    const name = size ?? (product.sized ? undefined : ONE_SIZE);
    if (name === undefined) throw new AppError(422, 'size_required', CHOOSE_SIZE);
    const offered = await q.offeredSize(db, productId, name);
    if (!offered) throw new AppError(422, 'size_not_offered', SIZE_NOT_OFFERED);
    if (offered.stock > 0) throw new AppError(409, 'in_stock', ALERT_IN_STOCK(name));
    return { id: offered.id, size: name };
  }

  return {
    /** The shopper's requests, waiting and recently mailed, each with its piece as a card. */
    async list(userId: string): Promise<StockAlert[]> {
      const rows = await asShopper(db, userId, (tx) => q.alertsOf(tx, userId, MAILED_ALERTS_SHOWN_DAYS));
      const sizes = new Map((await q.sizesById(db, rows.map((r) => r.productSizeId))).map((s) => [s.id, s]));
      const cards = new Map((await catalog.summaries([...new Set([...sizes.values()].map((s) => s.productId))])).map((p) => [p.id, p]));
      return rows.flatMap((r) => {
        const size = sizes.get(r.productSizeId);
        if (!size) return [];
        return [{ productId: size.productId, size: size.size, product: cards.get(size.productId) ?? null, askedAt: r.createdAt.toISOString(), mailedAt: r.mailedAt?.toISOString() ?? null }];
      });
    },

    /** Safe to repeat: one waiting request per shopper and size. */
    async ask(userId: string, key: AlertKey): Promise<{ productId: number; size: string; waiting: true }> {
      const size = await soldOutSize(key);
      await limits.alertChange(userId);
      await asShopper(db, userId, (tx) => q.addAlert(tx, userId, size.id));
      return { productId: key.productId, size: size.size, waiting: true };
    },

    /** Safe to repeat; a size no longer offered or a piece since hidden can still be withdrawn. */
    async withdraw(userId: string, { productId, size }: AlertKey): Promise<{ productId: number; size: string; waiting: false }> {
      const name = size ?? ONE_SIZE;
      await limits.alertChange(userId);
      const ids = await q.sizeIdsOf(db, productId, name);
      if (ids.length > 0) await asShopper(db, userId, (tx) => q.removeAlert(tx, userId, ids[0]!));
      return { productId, size: name, waiting: false };
    },

    /**
     * The mail's unsubscribe link: every request still waiting of that shopper is withdrawn.
     * `address` is the request's: wrong links from one address are limited (guessing tokens).
     */
    async stop(token: string, address: string): Promise<{ stopped: number }> {
      await limits.stopLinkTried(address);
      if (!(await q.tokenKnown(db, token))) throw new NotFoundError(ALERT_LINK_UNKNOWN);
      await limits.stopLinkFound(address);
      return { stopped: await q.stopAllFor(db, token) };
    },
  };
}

export type BackInStockService = ReturnType<typeof createBackInStockService>;
