/**
 * The cart (spec §2 Cart, §4 Cart item, §7 cart). Lines are the shopper's, read and written in their
 * own transaction; the products come from the catalog. Every change answers with the whole cart,
 * which is small, so the screen and the badge never disagree with the server.
 */
import { CART_FULL, MAX_CART_LINES, SOLD_OUT, type Cart } from '../../../shared/cart.ts';
import { PRODUCT_NOT_FOUND, type AddToCartInput, type CartLineInput } from '../../../shared/cart.contract.ts';
import type { Db } from '../../db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-error.ts';
import { asShopper, type ShopperTx } from '../../db/shopper.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import * as q from './cart.queries.ts';

export const NOT_IN_CART = 'This piece is no longer in your cart.';

export function createCartService(db: Db, catalog: CatalogService) {
  /** The lines with their products; a line whose product has just gone is left out. */
  async function withProducts(lines: q.CartLine[]): Promise<Cart> {
    const products = new Map((await catalog.cards(lines.map((l) => l.productId))).map((p) => [p.id, p]));
    return {
      items: lines.flatMap((line) => {
        const product = products.get(line.productId);
        return product ? [{ ...line, product }] : [];
      }),
    };
  }

  /** Runs a change in the shopper's transaction, then answers with the cart as it now is. */
  async function change(userId: string, work: (tx: ShopperTx) => Promise<void>): Promise<Cart> {
    const lines = await asShopper(db, userId, async (tx) => {
      await work(tx);
      return q.cartLines(tx, userId);
    });
    return withProducts(lines);
  }

  return {
    get: async (userId: string) => withProducts(await asShopper(db, userId, (tx) => q.cartLines(tx, userId))),

    /** Inside a shopper transaction the caller holds (the session's shelf reads likes and cart in one). */
    piecesIn: (tx: ShopperTx, userId: string) => q.cartPieces(tx, userId),

    async add(userId: string, { productId, quantity }: AddToCartInput): Promise<Cart> {
      const [product] = await catalog.cards([productId]);
      if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
      if (product.availability === 'Out of Stock') throw new AppError(409, 'sold_out', SOLD_OUT);
      return change(userId, async (tx) => {
        await q.lockCart(tx, userId);
        const { lines, hasProduct } = await q.linesBeside(tx, userId, productId);
        if (!hasProduct && lines >= MAX_CART_LINES) throw new AppError(409, 'cart_full', CART_FULL);
        await q.upsertLine(tx, userId, productId, quantity).catch((err: unknown) => {
          // The product was removed between the look and the write.
          if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new NotFoundError(PRODUCT_NOT_FOUND);
          throw err;
        });
      });
    },

    async update(userId: string, productId: number, line: CartLineInput): Promise<Cart> {
      // A sold-out piece may wait in the cart (and be deselected), but not grow.
      if (line.quantity !== undefined) {
        const [product] = await catalog.cards([productId]);
        if (product?.availability === 'Out of Stock') throw new AppError(409, 'sold_out', SOLD_OUT);
      }
      return change(userId, async (tx) => {
        if (!(await q.updateLine(tx, userId, productId, line))) throw new NotFoundError(NOT_IN_CART);
      });
    },

    /** The selected lines with their products: what a checkout from the cart buys. */
    selected: async (userId: string): Promise<Cart> => withProducts(await asShopper(db, userId, (tx) => q.selectedLines(tx, userId))),

    /** Inside the payment's settlement (the server's transaction): the bought pieces leave the cart. */
    removeBoughtIn: (tx: ShopperTx, userId: string, productIds: number[]) => q.deleteLines(tx, userId, productIds),

    /** Safe to repeat: a line already gone is no error. */
    remove: (userId: string, productId: number) => change(userId, (tx) => q.deleteLine(tx, userId, productId)),
  };
}

export type CartService = ReturnType<typeof createCartService>;
