/**
 * The catalog's search SQL: matching over product_search (see docs/decisions/0002-search.md) and the
 * catalog version that search answers are cached against.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogVersion, productSearch } from '../../db/schema/index.ts';

/** `%`, `_` and the escape character are searched for literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

/** A term lower-cased by the database, as the stored search text was (beyond ASCII its locale decides). */
export async function lowered(db: Db, term: string): Promise<string> {
  const { rows } = (await db.execute(sql`select lower(${term}) as t`)) as unknown as { rows: { t: string }[] };
  return rows[0]!.t;
}

export function searchIds(db: Db, term: string, limit: number): Promise<{ ids: number[]; total: number }> {
  return rankedMatches(db, lowerPattern(term), limit);
}

export async function suggestionIds(db: Db, term: string, limit: number): Promise<number[]> {
  return (await rankedMatches(db, lowerPattern(term), limit, false)).ids;
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

