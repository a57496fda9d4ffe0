/**
 * A shopper's cart lines (spec §7 cart), always inside their shopper transaction: row-level
 * security (migration 0008) keeps every statement to their own rows, the filters say so too.
 */
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { CartLineInput } from '../../../shared/cart.contract.ts';
import { cartItems } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

export interface CartLine {
  productId: number;
  size: string;
  quantity: number;
  selected: boolean;
}

/** A line: a product in a size. */
export interface LineKey {
  productId: number;
  size: string;
}

const lineColumns = { productId: cartItems.productId, size: cartItems.size, quantity: cartItems.quantity, selected: cartItems.selected };
const ofLine = (userId: string, { productId, size }: LineKey) => and(eq(cartItems.userId, userId), eq(cartItems.productId, productId), eq(cartItems.size, size));

/** The newest line first. */
export function cartLines(tx: ShopperTx, userId: string): Promise<CartLine[]> {
  return tx
    .select(lineColumns)
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.productId), asc(cartItems.size));
}

/** Pieces in the cart: the header's badge. */
export async function cartPieces(tx: ShopperTx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

/**
 * One shopper's cart writes wait for each other (a lock for this transaction only), so that the
 * line limit holds when adds race from two tabs.
 */
export async function lockCart(tx: ShopperTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cart'), hashtext(${userId}))`);
}

/** One line, locked for the change about to be made to it. */
export async function lineOf(tx: ShopperTx, userId: string, key: LineKey): Promise<CartLine | undefined> {
  const [row] = await tx.select(lineColumns).from(cartItems).where(ofLine(userId, key)).for('update');
  return row;
}

/**
 * Spec §7's upsert, selected again, if the cart has room for it (fewer than `maxLines` lines, or
 * this product in this size among them); then the cart's lines, newest first (as cartLines). A
 * piece already in the cart keeps the larger quantity, so a double tap (or a retried request) never
 * makes two of one. `added` is false when there was no room, and nothing was written.
 *
 * One statement, not a count, an upsert and a read: the caller holds the cart's lock (lockCart),
 * and every round trip made under it is one every other add to this cart waits for (bench/: an add
 * racing 31 others for one cart went from 340 to 387 answers a second). Its
 * snapshot is taken after the lock was granted, so the count is the cart as it is.
 */
export async function addLine(tx: ShopperTx, userId: string, { productId, size }: LineKey, quantity: number, maxLines: number): Promise<{ added: boolean; lines: CartLine[] }> {
  const { rows } = (await tx.execute(sql`
    with room as (
      select count(*) < ${maxLines} or coalesce(bool_or(product_id = ${productId} and size = ${size}), false) as ok
      from cart_items where user_id = ${userId}
    ), written as (
      insert into cart_items (user_id, product_id, size, quantity, selected)
      select ${userId}, ${productId}, ${size}, ${quantity}, true from room where ok
      on conflict (user_id, product_id, size) do update
        set selected = true, quantity = greatest(cart_items.quantity, excluded.quantity), updated_at = now()
      returning product_id, size, quantity, selected, created_at
    )
    select product_id, size, quantity, selected, created_at, true as written from written
    union all
    select product_id, size, quantity, selected, created_at, false from cart_items
    where user_id = ${userId} and not (product_id = ${productId} and size = ${size})
    order by created_at desc, product_id desc, size asc
  `)) as unknown as { rows: { product_id: number; size: string; quantity: number; selected: boolean; written: boolean }[] };
  const added = rows.some((row) => row.written);
  return { added, lines: rows.map((row) => ({ productId: Number(row.product_id), size: row.size, quantity: row.quantity, selected: row.selected })) };
}

/**
 * A line moved to another size: merged into a line of that size if there is one (quantities added,
 * up to `most`), else a line of its own in the same place in the list.
 */
export async function moveLine(tx: ShopperTx, userId: string, from: CartLine, size: string, most: number): Promise<void> {
  const [moved] = await tx.delete(cartItems).where(ofLine(userId, from)).returning({ createdAt: cartItems.createdAt });
  if (!moved) return;
  await tx
    .insert(cartItems)
    .values({ userId, productId: from.productId, size, quantity: Math.min(from.quantity, most), selected: from.selected, createdAt: moved.createdAt })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.size],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${most})`, selected: sql`${cartItems.selected} or excluded.selected`, updatedAt: sql`now()` },
    });
}

/** Whether the line was there to change. */
export async function updateLine(tx: ShopperTx, userId: string, key: LineKey, change: Pick<CartLineInput, 'quantity' | 'selected'>): Promise<boolean> {
  const rows = await tx
    .update(cartItems)
    .set({ ...change, updatedAt: sql`now()` })
    .where(ofLine(userId, key))
    .returning({ productId: cartItems.productId });
  return rows.length > 0;
}

export async function deleteLine(tx: ShopperTx, userId: string, key: LineKey): Promise<void> {
  await tx.delete(cartItems).where(ofLine(userId, key));
}

/** The lines of these products in these sizes, as the payment that bought them settles (the server's own work). */
export async function deleteLines(tx: ShopperTx, userId: string, keys: LineKey[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), or(...keys.map((k) => and(eq(cartItems.productId, k.productId), eq(cartItems.size, k.size))))));
}

/** The selected lines: what a checkout from the cart buys. */
export async function selectedLines(tx: ShopperTx, userId: string): Promise<CartLine[]> {
  return (await cartLines(tx, userId)).filter((l) => l.selected);
}
