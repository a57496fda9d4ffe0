/**
 * What an import writes to the catalog (issue 16: product writes are the catalog's): a folder's
 * product saved by its import key, and a CSV batch in one transaction. Each product's sizes go
 * through the stock module, with the import's key in the ledger.
 */
import type { ProductInput } from '../../../shared/admin-product.contract.ts';
import type { Db } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import type { StockService } from '../stock/stock.service.ts';
import * as q from './imported-products.queries.ts';
import { insertProduct, productByImportKey, updateProduct } from './products-admin.queries.ts';
import { linkGroups, productColumns } from './products-admin.service.ts';

type Sizes = { size: string; stock: number }[];

/** One row of a CSV batch: the product, its sizes, and whether its group links are to be (re)written. */
export interface BatchRow {
  key: string;
  input: ProductInput;
  sizes: Sizes;
  outcome: 'created' | 'updated';
  linksChanged: boolean;
  /** Set once written. */
  productId?: number;
}

export function createImportedProducts(db: Db, stock: StockService) {
  return {
    /**
     * A folder's product: its own product if an import made one, else a new one. Answers the sizes
     * it had on offer before, for the report. The same folder imported twice at once: the second
     * finds the first's product and updates it.
     */
    async save(key: string, input: ProductInput, sizes: Sizes) {
      const once = () =>
        db.transaction(async (tx) => {
          const id = await productByImportKey(tx, key);
          if (id !== undefined) await updateProduct(tx, id, productColumns(input));
          const productId = id ?? (await insertProduct(tx, { ...productColumns(input), importKey: key }));
          await linkGroups(tx, productId, input);
          const before = id === undefined ? [] : await stock.levelsIn(tx, [id]);
          await stock.setSizes(tx, productId, sizes, { reason: 'imported', note: key });
          return { productId, outcome: id === undefined ? ('created' as const) : ('updated' as const), before };
        });
      try {
        return await once();
      } catch (err) {
        if (pgErrorCode(err) === UNIQUE_VIOLATION) return once();
        throw err;
      }
    },

    /** A CSV batch in one transaction: the products, their sizes, and the links of those whose groups changed. */
    async writeBatch(rows: BatchRow[], groups: { categories: Map<string, number>; collections: Map<string, number> }) {
      await db.transaction(async (tx) => {
        const ids = await q.upsertImported(tx, rows.map((r) => ({ ...productColumns(r.input), importKey: r.key })));
        for (const r of rows) r.productId = ids.get(r.key);
        for (const r of rows) await stock.setSizes(tx, r.productId!, r.sizes, { reason: 'imported', note: r.key });
        const linked = rows.filter((r) => r.outcome === 'created' || r.linksChanged);
        await q.setBatchLinks(
          tx,
          linked.filter((r) => r.outcome === 'updated').map((r) => r.productId!),
          linked.flatMap((r) => r.input.categories.map((s) => ({ productId: r.productId!, categoryId: groups.categories.get(s)! }))),
          linked.flatMap((r) => r.input.collections.map((s) => ({ productId: r.productId!, collectionId: groups.collections.get(s)! }))),
        );
      });
    },
  };
}

export type ImportedProducts = ReturnType<typeof createImportedProducts>;
