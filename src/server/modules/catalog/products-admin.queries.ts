/**
 * The owner's product SQL: the table (hidden products included), one product with its groups and
 * the orders that name it, and the writes. Writes take a transaction: a product and its category
 * and collection links change together or not at all.
 */
import type { ProductAttributes } from '../../../shared/attributes.ts';
import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AdminProductRow, AdminSort, ProductInput, StockFilter } from '../../../shared/admin-product.contract.ts';
import type { taxColumns } from './product-tax.ts';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { cartItems, categories, collections, orderItems, productCategories, productCollections, productLikes, products, sizeLists } from '../../db/schema/index.ts';

type Tx = ShopperTx;

const ORDER: Record<AdminSort, SQL[]> = {
  newest: [sql`${products.id} desc`],
  oldest: [sql`${products.id} asc`],
  name: [sql`lower(${products.name}) asc`, sql`${products.id} asc`],
  'price-low': [sql`coalesce(${products.offerPrice}, ${products.price}) asc`, sql`${products.id} asc`],
  'price-high': [sql`coalesce(${products.offerPrice}, ${products.price}) desc`, sql`${products.id} desc`],
  updated: [sql`${products.updatedAt} desc`, sql`${products.id} desc`],
};

/** `%`, `_` and `\` are matched literally. */
const contains = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Products with a size on offer whose count is in the range (the low-stock and sold-out filters). */
const sizeCounted = (low: number, high: number) =>
  sql`exists (select 1 from product_sizes s where s.product_id = "products"."id" and s.retired_at is null and s.stock between ${low} and ${high})`;

export async function adminProductPage(db: Db, q: { search: string; page: number; sort: AdminSort; stock: StockFilter }, pageSize: number, lowStockThreshold: number) {
  const named = q.search
    ? /^\d{1,9}$/.test(q.search)
      ? sql`(${products.id} = ${Number(q.search)} or lower(${products.name}) like ${contains(q.search)})`
      : sql`lower(${products.name}) like ${contains(q.search)}`
    : undefined;
  const counted = q.stock === 'out' ? sizeCounted(0, 0) : q.stock === 'low' ? sizeCounted(1, lowStockThreshold) : undefined;
  const where = and(named, counted);
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        thumbnail: products.thumbnail,
        price: products.price,
        offerPrice: products.offerPrice,
        availability: products.availability,
        // Spelled out: inside a one-table select Drizzle writes the column unqualified, which the subquery would read as its own.
        stock: sql<number>`(select coalesce(sum(s.stock), 0)::int from product_sizes s where s.product_id = "products"."id" and s.retired_at is null)`,
        sizes: sql<{ size: string; stock: number }[]>`(select coalesce(json_agg(json_build_object('size', s.size, 'stock', s.stock) order by s.position, s.id), '[]') from product_sizes s where s.product_id = "products"."id" and s.retired_at is null)`,
        featured: products.featured,
        hidden: sql<boolean>`${products.hiddenAt} is not null`,
        updatedAt: sql<string>`to_char(${products.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(products)
      .where(where)
      .orderBy(...ORDER[q.sort])
      .offset((q.page - 1) * pageSize)
      .limit(pageSize),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { items: items as AdminProductRow[], total: total?.n ?? 0 };
}

export async function productRow(db: Db | Tx, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
}

export async function groupSlugsOf(db: Db | Tx, id: number) {
  const [cats, cols] = await Promise.all([
    db.select({ slug: categories.slug }).from(productCategories).innerJoin(categories, eq(categories.id, productCategories.categoryId)).where(eq(productCategories.productId, id)).orderBy(asc(categories.name)),
    db.select({ slug: collections.slug }).from(productCollections).innerJoin(collections, eq(collections.id, productCollections.collectionId)).where(eq(productCollections.productId, id)).orderBy(asc(collections.name)),
  ]);
  return { categories: cats.map((r) => r.slug), collections: cols.map((r) => r.slug) };
}

export async function orderCountOf(db: Db | Tx, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, id));
  return row?.n ?? 0;
}

export function groupChoices(db: Db) {
  return Promise.all([
    db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories).orderBy(asc(categories.name)),
    db.select({ id: collections.id, slug: collections.slug, name: collections.name }).from(collections).orderBy(asc(collections.name)),
    db.select({ id: sizeLists.id, name: sizeLists.name, sizes: sizeLists.sizes, measures: sizeLists.measures, chart: sizeLists.chart }).from(sizeLists).orderBy(asc(sizeLists.id)),
  ]);
}

/** A list's chart, as the owner saved it (the catalog's version trigger turns the shop's caches over). */
export async function saveSizeChart(db: Db, id: number, measures: string[], chart: Record<string, (number | null)[]>) {
  const [row] = await db
    .update(sizeLists)
    .set({ measures, chart })
    .where(eq(sizeLists.id, id))
    .returning({ id: sizeLists.id, name: sizeLists.name, sizes: sizeLists.sizes, measures: sizeLists.measures, chart: sizeLists.chart });
  return row;
}

export async function sizeListOf(db: Db | Tx, id: number) {
  const [row] = await db.select({ id: sizeLists.id, name: sizeLists.name, sizes: sizeLists.sizes }).from(sizeLists).where(eq(sizeLists.id, id));
  return row;
}

/** The ids of the given slugs; the slugs that name nothing come back as `unknown`. */
export async function groupIds(tx: Tx, kind: 'category' | 'collection', slugs: string[]) {
  if (slugs.length === 0) return { ids: [], unknown: [] };
  const table = kind === 'category' ? categories : collections;
  const rows = await tx.select({ id: table.id, slug: table.slug }).from(table).where(inArray(table.slug, slugs));
  const found = new Set(rows.map((r) => r.slug));
  return { ids: rows.map((r) => r.id), unknown: slugs.filter((s) => !found.has(s)) };
}

type ProductColumns = Omit<ProductInput, 'categories' | 'collections' | 'keyHighlights' | 'stock' | 'sizes' | 'tax' | 'attributes'> & {
  keyHighlights: Record<string, string>;
} & ReturnType<typeof taxColumns> &
  ProductAttributes;

export async function insertProduct(tx: Tx, values: ProductColumns & { importKey?: string }): Promise<number> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

export async function updateProduct(tx: Tx, id: number, values: ProductColumns): Promise<boolean> {
  const rows = await tx.update(products).set({ ...values, updatedAt: sql`now()` }).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

/** The product made by this import key (folder or CSV row), if any, locked for this import. */
export async function productByImportKey(tx: Tx, key: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.importKey, key)).for('update');
  return row?.id;
}

/** Replaces the product's links with the given groups; links already right are left alone. */
export async function setLinks(tx: Tx, id: number, categoryIds: number[], collectionIds: number[]) {
  const keep = (col: SQL | typeof productCategories.categoryId | typeof productCollections.collectionId, ids: number[]) =>
    ids.length ? sql`not (${col} in ${ids})` : sql`true`;
  await tx.delete(productCategories).where(and(eq(productCategories.productId, id), keep(productCategories.categoryId, categoryIds)));
  await tx.delete(productCollections).where(and(eq(productCollections.productId, id), keep(productCollections.collectionId, collectionIds)));
  if (categoryIds.length) await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId: id, categoryId }))).onConflictDoNothing();
  if (collectionIds.length) await tx.insert(productCollections).values(collectionIds.map((collectionId) => ({ productId: id, collectionId }))).onConflictDoNothing();
}

/**
 * Takes the product out of the shop, keeping it for its orders: out of every cart and wishlist
 * too, as a true delete would (their rows cascade), so no badge counts a piece nobody can open.
 */
export async function hideProduct(tx: Tx, id: number) {
  await tx.update(products).set({ hiddenAt: sql`now()`, updatedAt: sql`now()` }).where(eq(products.id, id));
  await tx.delete(cartItems).where(eq(cartItems.productId, id));
  await tx.delete(productLikes).where(eq(productLikes.productId, id));
}

export async function showProduct(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ hiddenAt: null, updatedAt: sql`now()` })
    .where(and(eq(products.id, id), isNotNull(products.hiddenAt)))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function deleteProduct(tx: Tx, id: number) {
  await tx.delete(products).where(eq(products.id, id));
}

/** Locks the product for a delete, so an order placed meanwhile is counted or waits. */
export async function lockProduct(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  return rows.length > 0;
}
