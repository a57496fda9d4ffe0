/**
 * The catalog's SQL. Only the catalog service calls these; other modules go through the service.
 */
import { and, asc, desc, eq, getTableName, inArray, isNull, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import {
  categories,
  collections,
  productCategories,
  productCollections,
  productLikes,
  products,
  productSizes,
  sizeLists,
} from '../../db/schema/index.ts';
import type { ProductSummary } from '../../../shared/catalog.ts';

// Correlated subqueries are written with qualified names: drizzle leaves columns unqualified in
// single-table selects, which inside a subquery would bind to the subquery's own table.
const likeCount = sql<number>`(select count(*)::int from product_likes l where l.product_id = "products"."id")`;

/** A card's fields that change only with the catalog (and so may be cached per catalog version). */
const cardColumns = {
  id: products.id,
  name: products.name,
  thumbnail: products.thumbnail,
  images: products.images,
  price: products.price,
  offerPrice: products.offerPrice,
  availability: products.availability,
  /** Bought in a size the shopper chooses: the card's buttons open the product page instead. */
  sized: sql<boolean>`(${products.sizeListId} is not null)`,
  /** Its published reviews' stars (issue 51), kept on the row by the transaction that publishes or withdraws one. */
  reviewCount: products.reviewCount,
  rating: sql<number | null>`(case when ${products.reviewCount} > 0 then round(${products.ratingSum}::numeric / ${products.reviewCount}, 1)::float8 end)`,
};
export type ProductCard = Omit<ProductSummary, 'likeCount'>;

const summaryColumns = { ...cardColumns, likeCount };

/** In the shop: not hidden by the owner (a deleted product that orders still name). */
const onSale = isNull(products.hiddenAt);

export function listProducts(db: Db, offset: number, limit: number): Promise<ProductSummary[]> {
  return db.select(summaryColumns).from(products).where(onSale).orderBy(desc(products.id)).offset(offset).limit(limit);
}

/** Cards (without like counts) for the given ids, in the order of the ids. */
export async function cardsByIds(db: Db, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(cardColumns).from(products).where(and(onSale, inArray(products.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Cards with their like counts for the given ids, in the order of the ids. */
export async function summariesByIds(db: Db, ids: number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(summaryColumns).from(products).where(and(onSale, inArray(products.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What the PIN check needs of a piece on sale: its price and whether it is sent by PIN code. */
export async function deliveryFactsById(db: Db, id: number) {
  const [row] = await db
    .select({ price: products.price, offerPrice: products.offerPrice, deliveryInfo: products.deliveryInfo })
    .from(products)
    .where(and(onSale, eq(products.id, id)));
  return row;
}

/** How the given products are taxed (issue 18): HSN code and rule; products gone are absent. */
export function pieceFactsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: products.id,
      hsnCode: products.hsnCode,
      taxRule: products.taxRule,
      fixedRateBp: products.taxRateBp,
      categoryIds: sql<number[]>`coalesce((select array_agg(pc.category_id order by pc.category_id) from product_categories pc where pc.product_id = ${products.id}), '{}')`,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

/** Like counts of the given products; products nobody likes are absent. */
export async function likeCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productLikes.productId, n: sql<number>`count(*)::int` })
    .from(productLikes)
    .where(inArray(productLikes.productId, ids))
    .groupBy(productLikes.productId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Categories and collections are both named groups of products, linked the same way. */
const groups = {
  category: { table: categories, groupId: productCategories.categoryId, productId: productCategories.productId, link: productCategories },
  collection: { table: collections, groupId: productCollections.collectionId, productId: productCollections.productId, link: productCollections },
} as const;
export type GroupKind = keyof typeof groups;

/** A product's groups of one kind, by name, as a JSON list in the product's own row (productByIdQuery). */
const groupsOf = (kind: GroupKind) => {
  const g = groups[kind];
  const [slug, name, id, groupId, productId, product] = [g.table.slug, g.table.name, g.table.id, g.groupId, g.productId, products.id].map(qualified);
  return sql<{ slug: string; name: string }[]>`(select coalesce(json_agg(json_build_object('slug', ${slug}, 'name', ${name}) order by ${name}), '[]'::json) from ${g.link} join ${g.table} on ${id} = ${groupId} where ${productId} = ${product})`;
};

/**
 * A column named with its table. drizzle writes a one-table select's columns bare, and inside a
 * subquery a bare "id" is the inner table's: the product's groups would be every group's.
 */
function qualified(column: Column) {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** The sizes on offer with their counts, in their list's order (what stock.choicesOf tells a shopper). */
function offeredSizes() {
  const [size, stock, position, id, productId, retiredAt, product] = [productSizes.size, productSizes.stock, productSizes.position, productSizes.id, productSizes.productId, productSizes.retiredAt, products.id].map(qualified);
  return sql<{ size: string; stock: number }[]>`(select coalesce(json_agg(json_build_object('size', ${size}, 'stock', ${stock}) order by ${position}, ${id}), '[]'::json) from ${productSizes} where ${productId} = ${product} and ${retiredAt} is null)`;
}

/** The product's size list with its chart (inches), for its size chart; null when it has none. */
function sizeListOf() {
  const [name, sizes, measures, chart, id, listId] = [sizeLists.name, sizeLists.sizes, sizeLists.measures, sizeLists.chart, sizeLists.id, products.sizeListId].map(qualified);
  return sql<{ name: string; sizes: string[]; measures: string[]; chart: Record<string, (number | null)[]> } | null>`(select json_build_object('name', ${name}, 'sizes', ${sizes}, 'measures', ${measures}, 'chart', ${chart}) from ${sizeLists} where ${id} = ${listId})`;
}

/**
 * A product page's one read: the product, its groups, its sizes with their counts and its size
 * chart. Four reads before, each a wait for a pooled connection; a first render spent most of its
 * time in those waits, and its slowest in the second one.
 */
const productByIdQuery = preparedOn((db) =>
  db
    .select({
      ...summaryColumns,
      description: products.description,
      keyHighlights: products.keyHighlights,
      fullDescription: products.fullDescription,
      manufactureAndCare: products.manufactureAndCare,
      returnPolicy: products.returnPolicy,
      finalSale: products.finalSale,
      deliveryInfo: products.deliveryInfo,
      details: products.details,
      fabric: products.fabric,
      colour: products.colour,
      colourName: products.colourName,
      occasions: products.occasions,
      weave: products.weave,
      origin: products.origin,
      categories: groupsOf('category'),
      collections: groupsOf('collection'),
      sizes: offeredSizes(),
      sizeList: sizeListOf(),
    })
    .from(products)
    .where(and(onSale, eq(products.id, sql.placeholder('id'))))
    .prepare('product_by_id'),
);

export async function productById(db: Db, id: number) {
  const [row] = await productByIdQuery(db).execute({ id });
  return row;
}

/** One group's page heading (a collection's poster too), or undefined when no group has the slug. */
export async function groupBySlug(db: Db, kind: GroupKind, slug: string) {
  const t = groups[kind].table;
  const poster = kind === 'collection' ? collections.poster : sql<string | null>`null`;
  const [row] = await db.select({ name: t.name, description: t.description, poster }).from(t).where(eq(t.slug, slug));
  return row;
}

/** design.md ranking: the owner's featured picks first, then the most liked, then the newest. */
export function bestSellers(db: Db, offset: number, limit: number): Promise<ProductSummary[]> {
  return db
    .select(summaryColumns)
    .from(products)
    .where(onSale)
    .orderBy(desc(products.featured), desc(likeCount), desc(products.id))
    .offset(offset)
    .limit(limit);
}

export async function likeCountOf(db: Db, productId: number): Promise<number | undefined> {
  const [row] = await db.select({ n: likeCount }).from(products).where(and(onSale, eq(products.id, productId)));
  return row?.n;
}

export function allCategories(db: Db) {
  const parent = sql`(select p.slug from categories p where p.id = "categories"."parent_id")`;
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      parentSlug: sql<string | null>`${parent}`,
      productCount: sql<number>`(select count(*)::int from product_categories pc join products p on p.id = pc.product_id where pc.category_id = "categories"."id" and p.hidden_at is null)`,
    })
    .from(categories)
    .orderBy(asc(categories.id));
}

export function allCollections(db: Db) {
  return db
    .select({
      slug: collections.slug,
      name: collections.name,
      description: collections.description,
      poster: collections.poster,
      productCount: sql<number>`(select count(*)::int from product_collections pc join products p on p.id = pc.product_id where pc.collection_id = "collections"."id" and p.hidden_at is null)`,
    })
    .from(collections)
    .orderBy(asc(collections.id));
}

export function productsInGroup(db: Db, kind: GroupKind, slug: string, offset: number, limit: number): Promise<ProductSummary[]> {
  const g = groups[kind];
  return db
    .select(summaryColumns)
    .from(products)
    .innerJoin(g.link, eq(g.productId, products.id))
    .innerJoin(g.table, and(eq(g.table.id, g.groupId), eq(g.table.slug, slug)))
    .where(onSale)
    .orderBy(desc(products.id))
    .offset(offset)
    .limit(limit);
}

/** One sitemap's worth of products, in id order, after the given id (keyset paging). */
export function productIdsAfter(db: Db, afterId: number, limit: number) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(onSale, sql`${products.id} > ${afterId}`))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** The ids that start each run of `per` products, for a sitemap index. */
export async function sitemapStarts(db: Db, per: number): Promise<number[]> {
  const { rows } = (await db.execute(sql`
    select id from (select id, row_number() over (order by id) as n from products where hidden_at is null) t
    where (n - 1) % ${per} = 0 order by id`)) as unknown as { rows: { id: number }[] };
  return rows.map((r) => Number(r.id));
}
