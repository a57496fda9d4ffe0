/**
 * The imports' reads: what earlier imports made (by import key) and the groups and size lists a row
 * may name. The writes are the catalog's (catalog/imported-products.ts).
 */
import { asc, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, collections, productCategories, productCollections, products, sizeLists } from '../../db/schema/index.ts';
import { sizeListKey, type GroupMaps } from './import-fields.ts';

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
