import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults, Suggestion } from '../../../shared/catalog.ts';
import { productSearch } from '../../db/schema/index.ts';
import { seedSyntheticProducts } from '../../db/seed/synthetic.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Enough products that a broad term takes the indexed path (more than 2,000 matches).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSyntheticProducts(t.database.db, 3500, { batch: 500 });
});
afterAll(() => t.close());

const search = async (q: string) => (await (await t.get(`/api/products/search?q=${encodeURIComponent(q)}`)).json()) as SearchResults;

/** Every match with what the ranking needs, straight from SQL. */
async function allMatches(term: string) {
  const pattern = `%${term.toLowerCase()}%`;
  return t.database.db
    .select({ id: productSearch.productId, named: sql<boolean>`${productSearch.name} like ${pattern}`, featured: productSearch.featured })
    .from(productSearch)
    .where(sql`${productSearch.text} like ${pattern}`);
}

const expectedTop = (rows: { id: number; named: boolean; featured: boolean }[], n: number) =>
  [...rows]
    .sort((a, b) => Number(b.named) - Number(a.named) || Number(b.featured) - Number(a.featured) || b.id - a.id)
    .slice(0, n)
    .map((r) => r.id);

describe('search at catalog scale', () => {
  it.each(['saree', 'Collection', 'silk', 'Kanjeevaram'])('ranks and counts %s the same on either path', async (term) => {
    const rows = await allMatches(term);
    const r = await search(term);
    expect(r.total).toBe(rows.length);
    expect(r.items.map((p) => p.id)).toEqual(expectedTop(rows, 48));
  });

  it('gives 10 suggestions for a broad prefix, best first', async () => {
    const rows = await allMatches('sar');
    expect(rows.length).toBeGreaterThan(2000);
    const s = (await (await t.get('/api/products/suggestions?q=sar')).json()) as Suggestion[];
    expect(s.map((x) => x.id)).toEqual(expectedTop(rows, 10));
  });
});
