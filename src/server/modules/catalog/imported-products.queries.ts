/**
 * The imports' writes to the catalog (issue 16: the catalog's module owns every product write). The
 * CSV import's batch: one INSERT ... ON CONFLICT (import_key) DO UPDATE for a whole batch, then its
 * links, so 200 rows cost a handful of statements (the catalog's triggers run per statement, so
 * they run once per batch too).
 */
import { inArray, sql } from 'drizzle-orm';
import { productCategories, productCollections, products } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import type { productColumns } from './products-admin.service.ts';

type Tx = ShopperTx;
export type ImportedColumns = ReturnType<typeof productColumns> & { importKey: string };

const WRITTEN = [
  'name',
  'price',
  'offerPrice',
  'description',
  'keyHighlights',
  'fullDescription',
  'manufactureAndCare',
  'returnPolicy',
  'deliveryInfo',
  'featured',
  'images',
  'thumbnail',
  'sizeListId',
  'details',
  'hsnCode',
  'taxRule',
  'taxRateBp',
  'fabric',
  'colour',
  'colourName',
  'occasions',
  'weave',
  'origin',
] as const;

/** Writes a batch (no import key twice): new keys become products, known keys update theirs. */
export async function upsertImported(tx: Tx, rows: ImportedColumns[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const set = Object.fromEntries(WRITTEN.map((k) => [k, sql.raw(`excluded.${products[k].name}`)]));
  const saved = await tx
    .insert(products)
    .values(rows)
    .onConflictDoUpdate({ target: products.importKey, set: { ...set, updatedAt: sql`now()` } })
    .returning({ id: products.id, key: products.importKey });
  return new Map(saved.map((r) => [r.key!, r.id]));
}

/** Sets the links of a batch's products: `replaced` lose the links they had first (new products have none). */
export async function setBatchLinks(tx: Tx, replaced: number[], cats: { productId: number; categoryId: number }[], cols: { productId: number; collectionId: number }[]) {
  if (replaced.length) {
    await tx.delete(productCategories).where(inArray(productCategories.productId, replaced));
    await tx.delete(productCollections).where(inArray(productCollections.productId, replaced));
  }
  if (cats.length) await tx.insert(productCategories).values(cats).onConflictDoNothing();
  if (cols.length) await tx.insert(productCollections).values(cols).onConflictDoNothing();
}
