/**
 * The catalog's SQL. Only the catalog service calls these; other modules go through the service.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  catalogVersion,
  categories,
  collections,
  productCategories,
  productCollections,
  products,
} from '../../db/schema/index.ts';
import type { ProductSummary } from '../../../shared/catalog.ts';

// Correlated subqueries are written with qualified names: drizzle leaves columns unqualified in
// single-table selects, which inside a subquery would bind to the subquery's own table.
const likeCount = sql<number>`(select count(*)::int from product_likes l where l.product_id = "products"."id")`;

const summaryColumns = {
  id: products.id,
  name: products.name,
  thumbnail: products.thumbnail,
  images: products.images,
  price: products.price,
  offerPrice: products.offerPrice,
  availability: products.availability,
  likeCount,
};

/** `%`, `_` and the escape character are searched for literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function listProducts(db: Db, offset: number, limit: number): Promise<ProductSummary[]> {
  return db.select(summaryColumns).from(products).orderBy(desc(products.id)).offset(offset).limit(limit);
}

/** Summaries for the given ids, in the order of the ids. */
export async function productsByIds(db: Db, ids: number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(summaryColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function productById(db: Db, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      description: products.description,
      keyHighlights: products.keyHighlights,
      fullDescription: products.fullDescription,
      manufactureAndCare: products.manufactureAndCare,
      returnPolicy: products.returnPolicy,
      deliveryInfo: products.deliveryInfo,
    })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

/** Categories and collections are both named groups of products, linked the same way. */
const groups = {
  category: { table: categories, groupId: productCategories.categoryId, productId: productCategories.productId, link: productCategories },
  collection: { table: collections, groupId: productCollections.collectionId, productId: productCollections.productId, link: productCollections },
} as const;
export type GroupKind = keyof typeof groups;

export function groupsOfProduct(db: Db, kind: GroupKind, id: number) {
  const g = groups[kind];
  return db
    .select({ slug: g.table.slug, name: g.table.name })
    .from(g.link)
    .innerJoin(g.table, eq(g.table.id, g.groupId))
    .where(eq(g.productId, id))
    .orderBy(asc(g.table.name));
}

/** Name matches first, then the owner's featured picks, then the newest. */
const bestMatchesFirst = (pattern: string) =>
  [sql`${products.name} ilike ${pattern} desc`, desc(products.featured), desc(products.id)] as const;

/** Ids of the best `limit` matches and the count of all of them. */
export async function searchIds(db: Db, term: string, limit: number): Promise<{ ids: number[]; total: number }> {
  const pattern = containsPattern(term);
  const rows = await db
    .select({ id: products.id, total: sql<number>`count(*) over ()::int` })
    .from(products)
    .where(sql`${products.searchText} ilike ${pattern}`)
    .orderBy(...bestMatchesFirst(pattern))
    .limit(limit);
  return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
}

export async function suggestionIds(db: Db, term: string, limit: number): Promise<number[]> {
  const pattern = containsPattern(term);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.searchText} ilike ${pattern}`)
    .orderBy(...bestMatchesFirst(pattern))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** design.md ranking: the owner's featured picks first, then the most liked, then the newest. */
export function bestSellers(db: Db, offset: number, limit: number): Promise<ProductSummary[]> {
  return db
    .select(summaryColumns)
    .from(products)
    .orderBy(desc(products.featured), desc(likeCount), desc(products.id))
    .offset(offset)
    .limit(limit);
}

export async function likeCountOf(db: Db, productId: number): Promise<number | undefined> {
  const [row] = await db.select({ n: likeCount }).from(products).where(eq(products.id, productId));
  return row?.n;
}

export async function currentCatalogVersion(db: Db): Promise<number> {
  const [row] = await db.select({ v: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  return row?.v ?? 0;
}

export function allCategories(db: Db) {
  const parent = sql`(select p.slug from categories p where p.id = "categories"."parent_id")`;
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      parentSlug: sql<string | null>`${parent}`,
      productCount: sql<number>`(select count(*)::int from product_categories pc where pc.category_id = "categories"."id")`,
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
      productCount: sql<number>`(select count(*)::int from product_collections pc where pc.collection_id = "collections"."id")`,
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
    .orderBy(desc(products.id))
    .offset(offset)
    .limit(limit);
}
