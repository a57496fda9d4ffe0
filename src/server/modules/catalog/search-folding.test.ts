/**
 * The search caches are keyed by the very term the SQL searches for, so a term's answer never
 * depends on which other term was searched first. `İ` (U+0130) and `i̇` (i + U+0307) are the pair
 * that broke it: JavaScript lower-cases both to `i̇`, PostgreSQL folds them its own way.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults, Suggestion } from '../../../shared/catalog.ts';
import { createApp } from '../../app.ts';
import { composeShop } from '../../compose.ts';
import { products } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, TEST_AUTH_SECRET } from '../../test/test-app.ts';
import { searchKey } from './search-cache.ts';

const DOTTED_CAPITAL = 'İkat'; // U+0130
const DOTTED_SMALL = 'i\u0307kat'; // i + combining dot above

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(2);
  const [a, b] = rows.map((r) => r.id);
  await t.database.db.update(products).set({ name: `${DOTTED_CAPITAL} Silk Saree` }).where(eq(products.id, a!));
  await t.database.db.update(products).set({ name: `${DOTTED_SMALL} Cotton Dupatta` }).where(inArray(products.id, [b!]));
});
afterAll(() => t.close());

/** A new app over the same database: its caches start empty. */
const freshApp = () => createApp(composeShop({ db: t.database.db, config: { imagesDir: t.imagesDir, authSecret: TEST_AUTH_SECRET } }));

async function answers(order: string[]) {
  const app = freshApp();
  const found: Record<string, { search: number[]; suggestions: number[]; counted: number[] }> = {};
  for (const term of order) {
    const q = encodeURIComponent(term);
    const search = (await (await app.request(`/api/products/search?q=${q}`)).json()) as SearchResults;
    const suggestions = (await (await app.request(`/api/products/suggestions?q=${q}`)).json()) as Suggestion[];
    // As a listing screen asks it: matched in memory (search-index.ts), the term folded by the database.
    const counted = (await (await app.request(`/api/products/search?q=${q}&counts=1`)).json()) as SearchResults;
    found[term] = { search: search.items.map((p) => p.id), suggestions: suggestions.map((p) => p.id), counted: counted.items.map((p) => p.id) };
  }
  return found;
}

describe('search cache keys', () => {
  it('give each of a Unicode case pair the same answer whichever is searched first', async () => {
    const capitalFirst = await answers([DOTTED_CAPITAL, DOTTED_SMALL]);
    const smallFirst = await answers([DOTTED_SMALL, DOTTED_CAPITAL]);
    expect(capitalFirst).toEqual(smallFirst);
    for (const term of [DOTTED_CAPITAL, DOTTED_SMALL]) expect(capitalFirst[term]!.counted, term).toEqual(capitalFirst[term]!.search);
    expect(capitalFirst[DOTTED_SMALL]!.search.length).toBeGreaterThan(0);
    // And each is what the term alone gets from an empty cache.
    expect((await answers([DOTTED_CAPITAL]))[DOTTED_CAPITAL]).toEqual(capitalFirst[DOTTED_CAPITAL]);
    expect((await answers([DOTTED_SMALL]))[DOTTED_SMALL]).toEqual(smallFirst[DOTTED_SMALL]);
  });

  it('still share one entry for ASCII case, and one for composed and decomposed letters', () => {
    expect(searchKey('Silk SAREE')).toBe('silk saree');
    expect(searchKey('Cafe\u0301')).toBe(searchKey('Café'));
    expect(searchKey(DOTTED_CAPITAL)).not.toBe(searchKey(DOTTED_SMALL));
  });

  it('find a name whatever the ASCII case of the term', async () => {
    const found = await answers(['SILK', 'silk', 'Silk']);
    expect(found.SILK).toEqual(found.silk);
    expect(found.Silk).toEqual(found.silk);
    expect(found.silk!.search.length).toBeGreaterThan(0);
  });
});
