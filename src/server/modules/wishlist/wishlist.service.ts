/**
 * Likes and the wishlist (spec §2 Favorites, §4 Like). The shopper's rows are written in their own
 * transaction; the product's count for everyone, and the products themselves, come from the
 * catalog, which reads as the catalog's owner (a shopper's role sees only their own likes).
 */
import type { LikeState } from '../../../shared/cart.ts';
import type { ProductSummary } from '../../../shared/catalog.ts';
import { PRODUCT_NOT_FOUND } from '../../../shared/cart.contract.ts';
import type { Db } from '../../db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-error.ts';
import { asShopper, type ShopperTx } from '../../db/shopper.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { addLike, likedProductIds, removeLike } from './wishlist.queries.ts';

/** A like of a product that does not exist (or was just removed) is a 404, not a 500. */
function productMustExist(err: unknown): never {
  if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new NotFoundError(PRODUCT_NOT_FOUND);
  throw err;
}

export function createWishlistService(db: Db, catalog: CatalogService) {
  async function state(productId: number, liked: boolean): Promise<LikeState> {
    return { productId, liked, likeCount: await catalog.likeCount(productId) };
  }

  return {
    /** Inside a shopper transaction the caller holds (the session's shelf reads likes and cart in one). */
    likedIdsIn: (tx: ShopperTx, userId: string) => likedProductIds(tx, userId),

    /** The liked products as cards, the latest like first. */
    async list(userId: string): Promise<ProductSummary[]> {
      return catalog.summaries(await asShopper(db, userId, (tx) => likedProductIds(tx, userId)));
    },

    /** A product that is not in the shop (hidden by the owner, or gone) is refused before anything is written. */
    async like(userId: string, productId: number): Promise<LikeState> {
      await catalog.likeCount(productId);
      await asShopper(db, userId, (tx) => addLike(tx, userId, productId)).catch(productMustExist);
      return state(productId, true);
    },

    async unlike(userId: string, productId: number): Promise<LikeState> {
      await asShopper(db, userId, (tx) => removeLike(tx, userId, productId));
      return state(productId, false);
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
