/**
 * The catalog's SQL. Only the catalog service calls these; other modules go through the service.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  catalogVersion,
  categories,
  collections,
  productCategories,
  productCollections,
  productLikes,
  products,
  productSearch,
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
};
export type ProductCard = Omit<ProductSummary, 'likeCount'>;

const summaryColumns = { ...cardColumns, likeCount };

/** `%`, `_` and the escape character are searched for literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function listProducts(db: Db, offset: number, limit: number): Promise<ProductSummary[]> {
  return db.select(summaryColumns).from(products).orderBy(desc(products.id)).offset(offset).limit(limit);
}

/** Cards (without like counts) for the given ids, in the order of the ids. */
export async function cardsByIds(db: Db, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(cardColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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

/** The pattern lower-cased by PostgreSQL, as the stored search text was. */
const lowerPattern = (term: string) => sql`lower(${containsPattern(term)})`;

/** Up to this many matches are ranked in memory from one scan; a broader term takes the indexed path. */
const NARROW_MATCHES = 2000;

type Match = { id: number; named: boolean; featured: boolean };

/** design.md's order: name matches first, then the owner's featured picks, then the newest. */
const byRank = (a: Match, b: Match) =>
  Number(b.named) - Number(a.named) || Number(b.featured) - Number(a.featured) || b.id - a.id;

/**
 * Ids of the best `limit` matches and the count of all. A narrow term (most searches) costs one
 * trigram-index scan whose few matches are ranked here. A broad one ("saree": 70% of the catalog)
 * stops that scan early and instead takes two ordered, limited index scans for the best matches
 * and one count, rather than sorting most of the catalog.
 */
async function rankedMatches(db: Db, pattern: SQL, limit: number, count = true): Promise<{ ids: number[]; total: number }> {
  const matches = sql`${productSearch.text} like ${pattern}`;
  const nameMatches = sql`${productSearch.name} like ${pattern}`;
  const first = await db
    .select({ id: productSearch.productId, named: sql<boolean>`${nameMatches}`, featured: productSearch.featured })
    .from(productSearch)
    .where(matches)
    .limit(NARROW_MATCHES + 1);
  if (first.length <= NARROW_MATCHES) {
    return { ids: first.sort(byRank).slice(0, limit).map((m) => m.id), total: first.length };
  }
  const ranked = (where: SQL, n: number) =>
    db
      .select({ id: productSearch.productId })
      .from(productSearch)
      .where(where)
      .orderBy(desc(productSearch.featured), desc(productSearch.productId))
      .limit(n);
  const [named, counted] = await Promise.all([
    ranked(sql`${matches} and ${nameMatches}`, limit),
    count ? db.select({ n: sql<number>`count(*)::int` }).from(productSearch).where(matches) : [],
  ]);
  const rest = named.length < limit ? await ranked(sql`${matches} and not (${nameMatches})`, limit - named.length) : [];
  return { ids: [...named, ...rest].map((r) => r.id), total: counted[0]?.n ?? first.length };
}

export function searchIds(db: Db, term: string, limit: number): Promise<{ ids: number[]; total: number }> {
  return rankedMatches(db, lowerPattern(term), limit);
}

export async function suggestionIds(db: Db, term: string, limit: number): Promise<number[]> {
  return (await rankedMatches(db, lowerPattern(term), limit, false)).ids;
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

/**
 * The catalog version and the like counts of the given products, read in one statement (one round
 * trip, one snapshot): what a cached search needs to be served.
 */
export async function versionWithLikeCounts(db: Db, ids: number[]): Promise<{ version: number; likes: Map<number, number> }> {
  const idList = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const { rows } = (await db.execute(sql`
    select v.version, l.product_id, l.n
    from (select version from catalog_version where id = 1) v
    left join lateral (
      select product_id, count(*)::int as n from product_likes where product_id = any(${idList}::int[]) group by product_id
    ) l on true`)) as unknown as { rows: { version: number; product_id: number | null; n: number | null }[] };
  const likes = new Map<number, number>();
  for (const r of rows) if (r.product_id !== null) likes.set(r.product_id, r.n ?? 0);
  return { version: rows[0]?.version ?? 0, likes };
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
