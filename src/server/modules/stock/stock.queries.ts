/**
 * Stock's SQL: the only place that writes product_sizes' counts or the ledger (docs/decisions/0018).
 * Sizes are locked in id order, so two orders that share pieces queue instead of deadlocking.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pieceKey } from '../../../shared/sizes.ts';
import { orderItems, orders, products, productSizes, stockMovements, STOCK_STATES } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

export type Tx = ShopperTx;
export type StockState = (typeof STOCK_STATES)[number];
export interface SizeKey {
  productId: number;
  size: string;
}
export type SizeRow = typeof productSizes.$inferSelect;
export type NewMovement = typeof stockMovements.$inferInsert;

const keyMatch = (keys: SizeKey[]) => or(...keys.map((k) => and(eq(productSizes.productId, k.productId), eq(productSizes.size, k.size))));

const offered = isNull(productSizes.retiredAt);

/** The sizes named (retired ones too: an order placed before may give pieces back), locked until the transaction ends, in id order. */
export function lockSizes(tx: Tx, keys: SizeKey[]): Promise<SizeRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return tx.select().from(productSizes).where(keyMatch(keys)).orderBy(asc(productSizes.id)).for('update');
}

/** Every size a product has had, offered or retired, locked: what the owner's new list is laid over. */
export function lockAllSizes(tx: Tx, productId: number): Promise<SizeRow[]> {
  return tx.select().from(productSizes).where(eq(productSizes.productId, productId)).orderBy(asc(productSizes.id)).for('update');
}

/** The sizes on offer, in their list's order. */
export function sizesOf(db: Db | Tx, productIds: number[]): Promise<SizeRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(productSizes)
    .where(and(inArray(productSizes.productId, productIds), offered))
    .orderBy(asc(productSizes.productId), asc(productSizes.position), asc(productSizes.id));
}

/** Offers a size (again) at this place in the list; a new size starts at 0. */
export async function offerSize(tx: Tx, productId: number, size: string, position: number): Promise<void> {
  await tx
    .insert(productSizes)
    .values({ productId, size, position })
    .onConflictDoUpdate({ target: [productSizes.productId, productSizes.size], set: { position, retiredAt: null, updatedAt: sql`now()` } });
}

/** Stops offering a size (its count is already 0; its ledger stays). */
export async function retireSize(tx: Tx, sizeId: number): Promise<void> {
  await tx.update(productSizes).set({ retiredAt: sql`now()`, updatedAt: sql`now()` }).where(and(eq(productSizes.id, sizeId), offered));
}

/** Adds `change` (negative to take) unless it would go below 0 (the table's check says so too): the new count, or undefined. */
export async function changeStock(tx: Tx, sizeId: number, change: number): Promise<number | undefined> {
  const [row] = await tx
    .update(productSizes)
    .set({ stock: sql`${productSizes.stock} + ${change}`, updatedAt: sql`now()` })
    .where(and(eq(productSizes.id, sizeId), sql`${productSizes.stock} + ${change} >= 0`))
    .returning({ stock: productSizes.stock });
  return row?.stock;
}

export async function record(tx: Tx, movements: NewMovement[]): Promise<void> {
  if (movements.length > 0) await tx.insert(stockMovements).values(movements);
}

/**
 * availabilityOf (src/shared/stock.ts) in SQL, for a count: the same bands at the same mark, proved
 * equal at every edge by stock-label.test.ts.
 */
export const availabilitySql = (count: SQL, lowStockThreshold: number) =>
  sql`case when ${count} <= 0 then 'Out of Stock' when ${count} <= ${lowStockThreshold}::int then 'Only a few left' else 'In Stock' end`;

/**
 * The shop's label follows the count (summed over the sizes on offer); written only where it
 * changes, since a write to products turns every app server's catalog cache over.
 */
async function relabel(on: Tx | Db, lowStockThreshold: number, which: SQL): Promise<void> {
  await on.execute(sql`
    update products p set availability = x.label, updated_at = now()
    from (
      select product_id, ${availabilitySql(sql`sum(stock)`, lowStockThreshold)} as label
      from product_sizes where retired_at is null and ${which} group by product_id
    ) x
    where p.id = x.product_id and p.availability is distinct from x.label`);
}

export async function syncAvailability(tx: Tx, productIds: number[], lowStockThreshold: number): Promise<void> {
  if (productIds.length > 0) await relabel(tx, lowStockThreshold, sql`product_id in ${productIds}`);
}

/** Every product's label from its counts (the owner's low-stock mark moved). */
export const syncAllAvailability = (db: Db, lowStockThreshold: number) => relabel(db, lowStockThreshold, sql`true`);

/** What an order takes: its lines by product and size (lines of products gone from the catalog have none to take). */
export async function piecesOf(tx: Tx, orderId: string): Promise<(SizeKey & { quantity: number; name: string })[]> {
  const rows = await tx
    .select({ productId: orderItems.productId, size: orderItems.size, quantity: orderItems.quantity, name: orderItems.name })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return rows.flatMap((r) => (r.productId === null || r.size === null ? [] : [{ productId: r.productId, size: r.size, quantity: r.quantity, name: r.name }]));
}

/** Of the sizes named, those on offer with pieces left (locked by the caller's transaction already). */
export async function withPiecesLeft(tx: Tx, sizeIds: number[]): Promise<number[]> {
  if (sizeIds.length === 0) return [];
  const rows = await tx.select({ id: productSizes.id }).from(productSizes).where(and(inArray(productSizes.id, sizeIds), sql`${productSizes.stock} > 0`, offered));
  return rows.map((r) => r.id);
}

/**
 * When the oldest unpaid order still holding each size named began to hold it (issue 53): a size
 * at 0 with such an order is only in someone's cart until that order's payment window closes.
 */
export async function heldSince(db: Db | Tx, keys: SizeKey[]): Promise<Map<string, Date>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ productId: orderItems.productId, size: orderItems.size, since: sql<Date>`min(${orders.createdAt})`.mapWith(orders.createdAt) })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.stockState, 'held'), or(...keys.map((k) => and(eq(orderItems.productId, k.productId), eq(orderItems.size, k.size))))))
    .groupBy(orderItems.productId, orderItems.size);
  return new Map(rows.map((r) => [pieceKey(r), r.since]));
}

/** Moves the order's pieces from one state to the next: whether this call did (a retry finds it moved). */
export async function moveStockState(tx: Tx, orderId: string, from: StockState[], to: StockState): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ stockState: to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.stockState, from)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Stock for products written with a label and no count yet (the demo seeds): the count that shows
 * the same label, each with its ledger row.
 */
export async function openingStockFromLabels(tx: Tx | Db, productIds: number[], counts: Record<string, number>, note: string): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    with opened as (
      update product_sizes s set stock = case p.availability when 'Out of Stock' then ${counts['Out of Stock']!}::int when 'Only a few left' then ${counts['Only a few left']!}::int else ${counts['In Stock']!}::int end
      from products p
      where p.id = s.product_id and s.product_id in ${productIds} and s.stock = 0
        and not exists (select 1 from stock_movements m where m.product_size_id = s.id)
      returning s.id, s.stock
    )
    insert into stock_movements (product_size_id, change, reason, note)
    select id, stock, 'imported', ${note} from opened where stock > 0`);
}

/**
 * Every size on offer that has pieces brought up to `count`, each with its ledger row, in one
 * statement (a benchmark's shop, stocked so that buying never runs out).
 */
export async function restockAll(db: Db, count: number, note: string): Promise<void> {
  await db.execute(sql`
    with before as (select id, stock from product_sizes where retired_at is null and stock > 0 and stock < ${count} for update),
    raised as (update product_sizes s set stock = ${count}, updated_at = now() from before b where s.id = b.id returning s.id, ${count}::int - b.stock as change)
    insert into stock_movements (product_size_id, change, reason, note) select id, change, 'restocked', ${note} from raised`);
}

/** The ledger's sum per size against the count: the sizes where they differ (none, ever). */
export async function ledgerMismatches(db: Db): Promise<{ sizeId: number; stock: number; ledger: number }[]> {
  const { rows } = (await db.execute(sql`
    select s.id as size_id, s.stock, coalesce(sum(m.change), 0)::int as ledger
    from product_sizes s left join stock_movements m on m.product_size_id = s.id
    group by s.id having s.stock <> coalesce(sum(m.change), 0)`)) as unknown as { rows: { size_id: number; stock: number; ledger: number }[] };
  return rows.map((r) => ({ sizeId: Number(r.size_id), stock: Number(r.stock), ledger: Number(r.ledger) }));
}

export async function productName(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, id));
  return row?.name;
}
