/**
 * A shopper's cart lines (spec §7 cart), always inside their shopper transaction: row-level
 * security (migration 0008) keeps every statement to their own rows, the filters say so too.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CartLineInput } from '../../../shared/cart.contract.ts';
import { cartItems } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

export interface CartLine {
  productId: number;
  quantity: number;
  selected: boolean;
}

const lineColumns = { productId: cartItems.productId, quantity: cartItems.quantity, selected: cartItems.selected };
const ofLine = (userId: string, productId: number) => and(eq(cartItems.userId, userId), eq(cartItems.productId, productId));

/** The newest line first. */
export function cartLines(tx: ShopperTx, userId: string): Promise<CartLine[]> {
  return tx
    .select(lineColumns)
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.productId));
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

/** How many lines the cart has, and whether one of them is this product. */
export async function linesBeside(tx: ShopperTx, userId: string, productId: number): Promise<{ lines: number; hasProduct: boolean }> {
  const [row] = await tx
    .select({ lines: count(), hasProduct: sql<boolean>`bool_or(${cartItems.productId} = ${productId})` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return { lines: row?.lines ?? 0, hasProduct: row?.hasProduct ?? false };
}

/**
 * Spec §7's upsert, selected again. A piece already in the cart keeps the larger quantity, so a
 * double tap (or a retried request) never makes two of one.
 */
export async function upsertLine(tx: ShopperTx, userId: string, productId: number, quantity: number): Promise<void> {
  await tx
    .insert(cartItems)
    .values({ userId, productId, quantity, selected: true })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: { selected: true, quantity: sql`greatest(${cartItems.quantity}, excluded.quantity)`, updatedAt: sql`now()` },
    });
}

/** Whether the line was there to change. */
export async function updateLine(tx: ShopperTx, userId: string, productId: number, change: CartLineInput): Promise<boolean> {
  const rows = await tx
    .update(cartItems)
    .set({ ...change, updatedAt: sql`now()` })
    .where(ofLine(userId, productId))
    .returning({ productId: cartItems.productId });
  return rows.length > 0;
}

export async function deleteLine(tx: ShopperTx, userId: string, productId: number): Promise<void> {
  await tx.delete(cartItems).where(ofLine(userId, productId));
}

/** The lines of these products, as the payment that bought them settles (the server's own work). */
export async function deleteLines(tx: ShopperTx, userId: string, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
}

/** The selected lines: what a checkout from the cart buys. */
export async function selectedLines(tx: ShopperTx, userId: string): Promise<CartLine[]> {
  return (await cartLines(tx, userId)).filter((l) => l.selected);
}
