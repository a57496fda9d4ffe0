import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random.ts';
import { SearchIndex, type SearchText } from './search-index.ts';


const WORDS = ['red', 'silk', 'saree', 'with', 'zari', 'border', 'kanjeevaram', 'cotton', 'kurta', 'festive', 'bridal', '100%', 'a_b', 'é', 'ı'];

/** Rows as the database gives them: featured first, then the newest. */
function texts(n: number, seed = 11): SearchText[] {
  const r = seededRandom(seed);
  const pick = () => WORDS[Math.floor(r() * WORDS.length)]!;
  const rows = Array.from({ length: n }, (_, i) => {
    const name = Array.from({ length: 1 + Math.floor(r() * 4) }, pick).join(' ');
    const groups = Array.from({ length: Math.floor(r() * 3) }, pick).join(' ');
    return { id: 10 + i * 7, name, text: `${name} ${groups}`.trim(), featured: r() < 0.2 };
  });
  return rows.sort((a, b) => Number(b.featured) - Number(a.featured) || b.id - a.id);
}

/** The obvious answer: every text holding the term, name matches first, then in the rows' order. */
function expected(rows: SearchText[], term: string, limit: number) {
  const hits = rows.filter((r) => r.text.includes(term));
  const ranked = [...hits.filter((r) => r.name.includes(term)), ...hits.filter((r) => !r.name.includes(term))];
  return { ids: ranked.slice(0, limit).map((r) => r.id), total: hits.length };
}

describe('the search index', () => {
  const rows = texts(2000);
  let index: SearchIndex;
  beforeAll(async () => {
    index = await SearchIndex.build(rows);
  });

  it('answers every term as the obvious filter and ranking would, at any limit', () => {
    const r = seededRandom(3);
    const terms = [...WORDS, 'silk saree', 'ree wi', 'e', 'zz', '%', '_', 'a_b', 'd s', ' ', ' silk', 'silk ', 'i\u0307', '1'];
    // And pieces of real texts, starts and ends included.
    for (let i = 0; i < 200; i++) {
      const text = rows[Math.floor(r() * rows.length)]!.text;
      const from = Math.floor(r() * text.length);
      terms.push(text.slice(from, from + 1 + Math.floor(r() * 12)));
    }
    for (const term of terms) {
      for (const limit of [1, 48, 5000]) {
        const { ids, total } = index.match(term, limit);
        expect({ ids, total }, `${term} (${limit})`).toEqual(expected(rows, term, limit));
      }
    }
  });

  it('counts a piece once however often its text holds the term, and never matches across two pieces', async () => {
    const small = await SearchIndex.build([
      { id: 3, name: 'red red', text: 'red red silk', featured: false },
      { id: 2, name: 'silk', text: 'silk red', featured: false },
      { id: 1, name: 'cotton', text: 'cotton', featured: false },
    ]);
    expect(small.match('red', 10)).toMatchObject({ ids: [3, 2], total: 2 });
    // "silk red" then "cotton": the term spans the end of one text and the start of the next.
    expect(small.match('redcotton', 10)).toMatchObject({ ids: [], total: 0 });
    expect(small.match('', 10)).toMatchObject({ ids: [], total: 0 });
    // A name match outranks a newer piece whose groups alone match.
    expect(small.match('silk', 10)).toMatchObject({ ids: [2, 3], total: 2 });
  });

  it('holds an empty catalog', async () => {
    const empty = await SearchIndex.build([]);
    expect(empty.match('silk', 10)).toMatchObject({ ids: [], total: 0 });
  });

  it('hands back each match’s place in the filter index built beside it, -1 where it holds none', async () => {
    const placed = await SearchIndex.build(rows.slice(0, 50), (id) => (id % 2 === 0 ? id * 10 : undefined));
    const { ids, positions } = placed.match('s', 50);
    expect(ids.length).toBeGreaterThan(0);
    expect([...positions]).toEqual(ids.map((id) => (id % 2 === 0 ? id * 10 : -1)));
  });
});
