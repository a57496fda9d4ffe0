/**
 * The owner's products: the table, create, edit, delete (hidden instead when orders name the
 * product, so they stay whole), and show again. Each write is one transaction with its links; the
 * catalog's triggers bump its version, so every app server's cached answers turn over at once.
 */
import { ADMIN_PAGE_SIZE, PHOTO_NOT_STORED, type AdminProduct, type AdminProductPage, type AdminProductsQuery, type DeleteOutcome, type ProductInput, type SizeChartInput, type SizeListChoice, type StockAdjust } from '../../../shared/admin-product.contract.ts';
import { SIZE_NOT_OFFERED } from '../../../shared/sizes.ts';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { StockService } from '../stock/stock.service.ts';
import { taxColumns } from './product-tax.ts';
import { attributesOf } from './product-attributes.ts';
import type { Photos } from '../admin/photos.ts';
import * as q from './products-admin.queries.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const DELETED = 'The product is deleted.';
export const HIDDEN = 'Orders name this product, so it is hidden from the shop instead of deleted: those orders stay whole.';

/** The row's columns for an input: highlights as the stored object, the thumbnail the first photograph unless chosen. */
export function productColumns(input: ProductInput) {
  const { categories: _c, collections: _k, stock: _s, sizes: _z, keyHighlights, tax, attributes, ...rest } = input;
  return {
    ...rest,
    ...attributes,
    ...taxColumns(tax),
    keyHighlights: Object.fromEntries(keyHighlights.map((h) => [h.label, h.text])),
    thumbnail: input.thumbnail ?? input.images[0] ?? null,
  };
}

/** Links the product to its groups; a slug that names no group is refused with the field's message. */
export async function linkGroups(tx: ShopperTx, id: number, input: Pick<ProductInput, 'categories' | 'collections'>) {
  const cats = await q.groupIds(tx, 'category', input.categories);
  const cols = await q.groupIds(tx, 'collection', input.collections);
  if (cats.unknown.length) throw new AppError(422, 'invalid', `No category ${cats.unknown.join(', ')}.`, { categories: `No category ${cats.unknown.join(', ')}.` });
  if (cols.unknown.length) throw new AppError(422, 'invalid', `No collection ${cols.unknown.join(', ')}.`, { collections: `No collection ${cols.unknown.join(', ')}.` });
  await q.setLinks(tx, id, cats.ids, cols.ids);
}

/**
 * The sizes a product is to have, each with its stock, in its list's order: one size with the
 * input's stock, or sizes from the named list (a size not in it is refused). Checked before the
 * product is written (its row names the list).
 */
export async function sizesFor(tx: ShopperTx, input: Pick<ProductInput, 'sizeListId' | 'sizes' | 'stock'>): Promise<{ size: string; stock: number }[]> {
  const list = input.sizeListId === null ? null : await q.sizeListOf(tx, input.sizeListId);
  const sizes = sizesInList(input, list);
  if (typeof sizes === 'string') throw new AppError(422, 'invalid', sizes, { [list ? 'sizes' : 'sizeListId']: sizes });
  return sizes;
}

/** The same, with the list in hand (an import has every list): the sizes, or what is wrong. */
export function sizesInList(input: Pick<ProductInput, 'sizeListId' | 'sizes' | 'stock'>, list: { name: string; sizes: string[] } | null | undefined): { size: string; stock: number }[] | string {
  if (input.sizeListId === null) return [{ size: ONE_SIZE, stock: input.stock ?? 0 }];
  if (!list) return 'Choose a size list.';
  const stray = input.sizes.find((s) => !list.sizes.includes(s.size));
  if (stray) return `Size ${stray.size} is not in the list ${list.name}.`;
  return list.sizes.flatMap((size) => input.sizes.filter((s) => s.size === size));
}

export const SIZE_LIST_NOT_FOUND = 'There is no such size list.';

/** Each uploaded photograph a product names is in the storage (modules/admin/photos.ts). */
export type PhotoCheck = Pick<Photos, 'holdIn'>;

export function createAdminProductsService(db: Db, stock: StockService, photos: PhotoCheck) {
  /** A product names only photographs that were stored, still whole, held against a sweep until the save commits: never one that would show broken. */
  async function photosHeld(tx: ShopperTx, input: ProductInput): Promise<void> {
    if (!(await photos.holdIn(tx, input.images))) throw new AppError(422, 'invalid', PHOTO_NOT_STORED, { images: PHOTO_NOT_STORED });
  }

  async function get(id: number): Promise<AdminProduct> {
    const row = await q.productRow(db, id);
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const [groups, orderCount, levels] = await Promise.all([q.groupSlugsOf(db, id), q.orderCountOf(db, id), stock.levels([id])]);
    const sized = row.sizeListId !== null;
    return {
      id: row.id,
      name: row.name,
      price: row.price,
      offerPrice: row.offerPrice,
      availability: row.availability,
      stock: levels.reduce((sum, s) => sum + s.stock, 0),
      sizeListId: row.sizeListId,
      sizes: sized ? levels.map((s) => ({ size: s.size, stock: s.stock })) : [],
      description: row.description,
      keyHighlights: Object.entries(row.keyHighlights).map(([label, text]) => ({ label, text })),
      fullDescription: row.fullDescription,
      manufactureAndCare: row.manufactureAndCare,
      returnPolicy: row.returnPolicy,
      finalSale: row.finalSale,
      deliveryInfo: row.deliveryInfo,
      featured: row.featured,
      details: row.details,
      tax: { hsnCode: row.hsnCode, taxRule: row.taxRule, fixedRateBp: row.taxRateBp },
      attributes: attributesOf(row),
      images: row.images,
      thumbnail: row.thumbnail,
      ...groups,
      hidden: row.hiddenAt !== null,
      orderCount,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    async page(query: AdminProductsQuery): Promise<AdminProductPage> {
      const { items, total } = await q.adminProductPage(db, query, ADMIN_PAGE_SIZE, await stock.lowMark());
      return { items, total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    },

    get,

    async groups() {
      const [categories, collections, sizeLists] = await q.groupChoices(db);
      return { categories, collections, sizeLists };
    },

    /** A size list's chart: figures only for the list's own sizes, in its order. */
    async saveChart(id: number, input: SizeChartInput): Promise<SizeListChoice> {
      const list = await q.sizeListOf(db, id);
      if (!list) throw new NotFoundError(SIZE_LIST_NOT_FOUND);
      const stray = Object.keys(input.chart).find((size) => !list.sizes.includes(size));
      if (stray) throw new AppError(422, 'invalid', `Size ${stray} is not in the list ${list.name}.`, { chart: `Size ${stray} is not in the list ${list.name}.` });
      const chart = Object.fromEntries(list.sizes.flatMap((size) => (input.chart[size] ? [[size, input.chart[size]]] : [])));
      return (await q.saveSizeChart(db, id, input.measures, chart))!;
    },

    async create(input: ProductInput, by: { id: string }): Promise<AdminProduct> {
      const id = await db.transaction(async (tx) => {
        await photosHeld(tx, input);
        const sizes = await sizesFor(tx, input);
        const id = await q.insertProduct(tx, productColumns(input));
        await linkGroups(tx, id, input);
        await stock.setSizes(tx, id, sizes, { reason: 'restocked', actorId: by.id, note: 'new product' });
        return id;
      });
      return get(id);
    },

    async update(id: number, input: ProductInput, by: { id: string }): Promise<AdminProduct> {
      await db.transaction(async (tx) => {
        await photosHeld(tx, input);
        const sizes = await sizesFor(tx, input);
        if (!(await q.updateProduct(tx, id, productColumns(input)))) throw new NotFoundError(PRODUCT_NOT_FOUND);
        await linkGroups(tx, id, input);
        await stock.setSizes(tx, id, sizes, { reason: 'corrected', actorId: by.id, note: 'product editor' });
      });
      return get(id);
    },

    /** The quick adjust from the list: a size's new count, with the reason and the owner in the ledger. */
    async adjust(id: number, change: StockAdjust, by: { id: string }): Promise<AdminProduct> {
      if (!(await q.productRow(db, id))) throw new NotFoundError(PRODUCT_NOT_FOUND);
      const offered = (await stock.levels([id])).some((s) => s.size === change.size);
      if (!offered) throw new AppError(422, 'invalid', SIZE_NOT_OFFERED, { size: SIZE_NOT_OFFERED });
      await db.transaction((tx) => stock.set(tx, { productId: id, size: change.size }, change.stock, { reason: change.reason, actorId: by.id, note: change.note ?? 'quick adjust' }));
      return get(id);
    },

    async remove(id: number): Promise<DeleteOutcome> {
      return db.transaction(async (tx) => {
        if (!(await q.lockProduct(tx, id))) throw new NotFoundError(PRODUCT_NOT_FOUND);
        if ((await q.orderCountOf(tx, id)) > 0) {
          await q.hideProduct(tx, id);
          return { outcome: 'hidden', message: HIDDEN } as const;
        }
        await q.deleteProduct(tx, id);
        return { outcome: 'deleted', message: DELETED } as const;
      });
    },

    async show(id: number): Promise<AdminProduct> {
      if (!(await q.showProduct(db, id)) && !(await q.productRow(db, id))) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return get(id);
    },
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
