/**
 * Back-in-stock requests' SQL (issue 16, migration 0017). The shopper's own rows are read and
 * written in their shopper transaction (row-level security keeps them to their own); the mailing
 * and the mail's unsubscribe link are the server's, as the tables' owner.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, productSizes, profiles, stockAlerts, users } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

export type AlertRow = Pick<typeof stockAlerts.$inferSelect, 'productSizeId' | 'createdAt' | 'mailedAt'>;

/** The shopper's requests, the newest first: those waiting, and the mailed ones of the last `days`. */
export async function alertsOf(tx: ShopperTx, userId: string, days: number): Promise<AlertRow[]> {
  return tx
    .select({ productSizeId: stockAlerts.productSizeId, createdAt: stockAlerts.createdAt, mailedAt: stockAlerts.mailedAt })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), sql`(${stockAlerts.mailedAt} is null or ${stockAlerts.mailedAt} > now() - make_interval(days => ${days}))`))
    .orderBy(desc(stockAlerts.createdAt), desc(stockAlerts.id));
}

/** One waiting request per shopper and size, however many taps race: a second ask is no change. */
export async function addAlert(tx: ShopperTx, userId: string, productSizeId: number): Promise<void> {
  await tx
    .insert(stockAlerts)
    .values({ userId, productSizeId })
    .onConflictDoNothing({ target: [stockAlerts.userId, stockAlerts.productSizeId], where: isNull(stockAlerts.mailedAt) });
}

/** A request already gone (mailed, or withdrawn twice) is no error. */
export async function removeAlert(tx: ShopperTx, userId: string, productSizeId: number): Promise<void> {
  await tx.delete(stockAlerts).where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productSizeId, productSizeId), isNull(stockAlerts.mailedAt)));
}

/** The sizes named by id: their product and name (retired ones too: a request outlives its size's retirement). */
export async function sizesById(db: Db, ids: number[]): Promise<{ id: number; productId: number; size: string; stock: number; retired: boolean }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: productSizes.id, productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock, retiredAt: productSizes.retiredAt })
    .from(productSizes)
    .where(inArray(productSizes.id, ids));
  return rows.map(({ retiredAt, ...r }) => ({ ...r, retired: retiredAt !== null }));
}

export interface DueAlert {
  id: number;
  token: string;
  email: string;
  firstName: string;
  productId: number;
  productName: string;
  size: string;
}

/**
 * The waiting requests of these sizes, for pieces the shop shows, marked mailed: the update keeps
 * only rows still unmailed when it runs (two app servers restocking at once: the second waits for
 * the first and finds them mailed), so each shopper gets one mail. What to write.
 */
export async function takeDue(tx: ShopperTx, productSizeIds: number[]): Promise<DueAlert[]> {
  if (productSizeIds.length === 0) return [];
  const due = await tx
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .innerJoin(productSizes, eq(productSizes.id, stockAlerts.productSizeId))
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(and(inArray(stockAlerts.productSizeId, productSizeIds), isNull(stockAlerts.mailedAt), isNull(products.hiddenAt), isNull(productSizes.retiredAt)))
    .orderBy(asc(stockAlerts.id));
  if (due.length === 0) return [];
  const marked = await tx
    .update(stockAlerts)
    .set({ mailedAt: sql`now()` })
    .where(and(inArray(stockAlerts.id, due.map((d) => d.id)), isNull(stockAlerts.mailedAt)))
    .returning({ id: stockAlerts.id });
  if (marked.length === 0) return [];
  return tx
    .select({
      id: stockAlerts.id,
      token: stockAlerts.token,
      email: users.email,
      firstName: sql<string>`coalesce(${profiles.firstName}, ${users.name})`,
      productId: products.id,
      productName: products.name,
      size: productSizes.size,
    })
    .from(stockAlerts)
    .innerJoin(users, eq(users.id, stockAlerts.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(productSizes, eq(productSizes.id, stockAlerts.productSizeId))
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(inArray(stockAlerts.id, marked.map((m) => m.id)))
    .orderBy(asc(stockAlerts.id));
}

/**
 * The mail's unsubscribe link: every request still waiting of the shopper whose request this token
 * names is withdrawn. How many were (0 for a token that names nobody, or a second press).
 */
export async function stopAllFor(db: Db, token: string): Promise<number> {
  const { rows } = (await db.execute(sql`
    delete from stock_alerts a using stock_alerts t
    where t.token = ${token}::uuid and a.user_id = t.user_id and a.mailed_at is null
    returning a.id`)) as unknown as { rows: unknown[] };
  return rows.length;
}

/** Whether a token names a request at all (the page says so plainly when not). */
export async function tokenKnown(db: Db, token: string): Promise<boolean> {
  const [row] = await db.select({ id: stockAlerts.id }).from(stockAlerts).where(eq(stockAlerts.token, token));
  return row !== undefined;
}

/** A size on offer of a product: its id and count, or undefined. */
export async function offeredSize(db: Db, productId: number, size: string): Promise<{ id: number; stock: number } | undefined> {
  const [row] = await db
    .select({ id: productSizes.id, stock: productSizes.stock })
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.size, size), isNull(productSizes.retiredAt)));
  return row;
}

/** A product's size by name, offered or retired (a request outlives its size). */
export async function sizeIdsOf(db: Db, productId: number, size: string): Promise<number[]> {
  const rows = await db.select({ id: productSizes.id }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, size)));
  return rows.map((r) => r.id);
}
