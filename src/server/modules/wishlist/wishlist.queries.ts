/**
 * A shopper's likes (spec §7 product_likes), always inside their shopper transaction: row-level
 * security (migration 0008) keeps every statement to their own rows, the filters say so too.
 */
import { and, desc, eq } from 'drizzle-orm';
import { productLikes } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

/** The products the shopper likes, the latest like first. */
export async function likedProductIds(tx: ShopperTx, userId: string): Promise<number[]> {
  const rows = await tx
    .select({ id: productLikes.productId })
    .from(productLikes)
    .where(eq(productLikes.userId, userId))
    .orderBy(desc(productLikes.createdAt), desc(productLikes.id));
  return rows.map((r) => r.id);
}

/** One row per shopper and product, however many taps race: a second like is no change. */
export async function addLike(tx: ShopperTx, userId: string, productId: number): Promise<void> {
  await tx.insert(productLikes).values({ userId, productId }).onConflictDoNothing();
}

/** A like already gone is no error (spec §8: a not-found like record is tolerated). */
export async function removeLike(tx: ShopperTx, userId: string, productId: number): Promise<void> {
  await tx.delete(productLikes).where(and(eq(productLikes.userId, userId), eq(productLikes.productId, productId)));
}
