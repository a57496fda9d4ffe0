/**
 * The cart (spec §2 Cart, §4 Cart item, §7 cart). Lines are the shopper's, read and written in their
 * own transaction; the products come from the catalog, their sizes and counts from stock. A line is
 * a product in a size (issue 16): a piece in sizes is added in one, and never beyond what is left.
 * Every change answers with the whole cart, which is small, so the screen and the badge never
 * disagree with the server.
 */
import { CART_FULL, MAX_CART_LINES, MAX_QUANTITY, type Cart } from '../../../shared/cart.ts';
import { PRODUCT_NOT_FOUND, type AddToCartInput, type CartLineInput } from '../../../shared/cart.contract.ts';
import { CHOOSE_SIZE, onlyLeftInSize, SIZE_NOT_OFFERED } from '../../../shared/sizes.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import type { Db } from '../../db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-error.ts';
import { asShopper, type ShopperTx } from '../../db/shopper.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { StockService } from '../stock/stock.service.ts';
import * as q from './cart.queries.ts';

export const NOT_IN_CART = 'This piece is no longer in your cart.';
export type { LineKey } from './cart.queries.ts';

export function createCartService(db: Db, catalog: CatalogService, stock: StockService) {
  /** The lines with their products and sizes; a line whose product has just gone is left out. */
  async function withProducts(lines: q.CartLine[]): Promise<Cart> {
    const ids = [...new Set(lines.map((l) => l.productId))];
    const [cards, choices] = await Promise.all([catalog.cards(ids), stock.choices(ids)]);
    const products = new Map(cards.map((p) => [p.id, p]));
    return {
      items: lines.flatMap((line) => {
        const product = products.get(line.productId);
        return product ? [{ ...line, product, sizes: choices.get(line.productId) ?? [] }] : [];
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

  /**
   * The size a shopper names, checked against the product's sizes on offer: a piece in sizes needs
   * one; the answer is how many are left of it (0 for a size sold out).
   */
  async function piecesLeft(productId: number, size: string | undefined): Promise<{ size: string; left: number }> {
    const [product] = await catalog.cards([productId]);
    if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const chosen = size ?? (product.sized ? undefined : ONE_SIZE);
    if (chosen === undefined) throw new AppError(422, 'size_required', CHOOSE_SIZE);
    const level = (await stock.levels([productId])).find((s) => s.size === chosen);
    if (!level) throw new AppError(422, 'size_not_offered', SIZE_NOT_OFFERED);
    return { size: chosen, left: level.stock };
  }

  /** Refuses a quantity beyond what is left of the size (or any, when it is sold out). */
  function within(size: string, left: number, quantity: number) {
    if (left <= 0 || quantity > left) throw new AppError(409, 'sold_out', onlyLeftInSize(size, left));
  }

  return {
    get: async (userId: string) => withProducts(await asShopper(db, userId, (tx) => q.cartLines(tx, userId))),

    /** Inside a shopper transaction the caller holds (the session's shelf reads likes and cart in one). */
    piecesIn: (tx: ShopperTx, userId: string) => q.cartPieces(tx, userId),

    async add(userId: string, input: AddToCartInput): Promise<Cart> {
      const { productId, quantity } = input;
      const { size, left } = await piecesLeft(productId, input.size);
      within(size, left, quantity);
      const lines = await asShopper(db, userId, async (tx) => {
        await q.lockCart(tx, userId);
        const { added, lines } = await q.addLine(tx, userId, { productId, size }, quantity, MAX_CART_LINES).catch((err: unknown) => {
          // The product was removed between the look and the write.
          if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw new NotFoundError(PRODUCT_NOT_FOUND);
          throw err;
        });
        if (!added) throw new AppError(409, 'cart_full', CART_FULL);
        return lines;
      });
      return withProducts(lines);
    },

    /**
     * A line's quantity, selection or size. A sold-out size may wait in the cart (and be
     * deselected), but not grow; a line moved to another size joins that size's line if there is one.
     */
    async update(userId: string, key: q.LineKey, line: CartLineInput): Promise<Cart> {
      const target = line.size ?? key.size;
      const moving = target !== key.size;
      let most = MAX_QUANTITY;
      if (line.quantity !== undefined || moving) {
        const { left } = await piecesLeft(key.productId, target).catch((err: unknown) => {
          throw err instanceof NotFoundError ? new NotFoundError(NOT_IN_CART) : err;
        });
        if (line.quantity !== undefined) within(target, left, line.quantity);
        if (moving) within(target, left, 1);
        most = Math.min(MAX_QUANTITY, left);
      }
      return change(userId, async (tx) => {
        await q.lockCart(tx, userId);
        const found = await q.lineOf(tx, userId, key);
        if (!found) throw new NotFoundError(NOT_IN_CART);
        const { quantity, selected } = line;
        if (quantity !== undefined || selected !== undefined) await q.updateLine(tx, userId, key, { quantity, selected });
        if (moving) await q.moveLine(tx, userId, { ...found, quantity: quantity ?? found.quantity, selected: selected ?? found.selected }, target, most);
      });
    },

    /** The selected lines with their products: what a checkout from the cart buys. */
    selected: async (userId: string): Promise<Cart> => withProducts(await asShopper(db, userId, (tx) => q.selectedLines(tx, userId))),

    /** Inside the payment's settlement (the server's transaction): the bought pieces leave the cart. */
    removeBoughtIn: (tx: ShopperTx, userId: string, lines: q.LineKey[]) => q.deleteLines(tx, userId, lines),

    /** Safe to repeat: a line already gone is no error. */
    remove: (userId: string, key: q.LineKey) => change(userId, (tx) => q.deleteLine(tx, userId, key)),
  };
}

export type CartService = ReturnType<typeof createCartService>;
