/**
 * The imports' SQL: what earlier imports made (by import key), the groups a row may name, and the
 * CSV import's batch write: one INSERT ... ON CONFLICT (import_key) DO UPDATE for a whole batch,
 * then its links, so 200 rows cost a handful of statements (the catalog's triggers run per
 * statement, so they run once per batch too).
 */
import { asc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { categories, collections, productCategories, productCollections, products, sizeLists } from '../../db/schema/index.ts';
import { sizeListKey, type GroupMaps } from './import-fields.ts';
import type { productColumns } from './products.service.ts';

type Tx = ShopperTx;
export type ImportedColumns = ReturnType<typeof productColumns> & { importKey: string };

export async function groupMaps(db: Db): Promise<GroupMaps> {
  const [cats, cols, lists] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
    db.select({ id: collections.id, slug: collections.slug }).from(collections),
    db.select({ id: sizeLists.id, name: sizeLists.name, sizes: sizeLists.sizes }).from(sizeLists).orderBy(asc(sizeLists.id)),
  ]);
  return {
    categories: new Map(cats.map((r) => [r.slug, r.id])),
    collections: new Map(cols.map((r) => [r.slug, r.id])),
    sizeLists: new Map(lists.map((l) => [sizeListKey(l.name), l])),
  };
}

/** The products made by these import keys. */
export async function productIdsByKeys(db: Db, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select({ id: products.id, key: products.importKey }).from(products).where(inArray(products.importKey, keys));
  return new Map(rows.map((r) => [r.key!, r.id]));
}

/**
 * The products made by these import keys, every field the import writes, to tell an update from no
 * change. (`products.id` is written out: drizzle leaves a column of a one-table select unqualified,
 * which inside the subqueries would mean the group's id.)
 */
export async function importedByKeys(db: Db, keys: string[]) {
  if (keys.length === 0) return new Map<string, never>();
  const rows = await db
    .select({
      ...getTableColumns(products),
      sizes: sql<{ size: string; stock: number }[]>`coalesce((select json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.position, s.id) from product_sizes s where s.product_id = products.id and s.retired_at is null), '[]')`,
      categories: sql<string[]>`coalesce((select array_agg(c.slug order by c.slug) from ${productCategories} pc join ${categories} c on c.id = pc.category_id where pc.product_id = products.id), '{}')`,
      collections: sql<string[]>`coalesce((select array_agg(k.slug order by k.slug) from ${productCollections} pk join ${collections} k on k.id = pk.collection_id where pk.product_id = products.id), '{}')`,
    })
    .from(products)
    .where(inArray(products.importKey, keys));
  return new Map(rows.map((r) => [r.importKey!, r]));
}
export type ImportedRow = Awaited<ReturnType<typeof importedByKeys>> extends Map<string, infer R> ? R : never;

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
