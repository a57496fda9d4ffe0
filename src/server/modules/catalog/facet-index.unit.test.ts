import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/seeded-random.ts';
import { FacetIndex, SIZE, type FacetQuery, type IndexedProduct } from './facet-index.ts';

const FACETS = ['fabric', 'colour', 'occasion'];
const ORDERS = { newest: { key: 'id', direction: 'desc' }, cheap: { key: 'price', direction: 'asc' } } as const;


function catalog(n: number, seed = 7): IndexedProduct[] {
  const r = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const sizes = ['S', 'M', 'L'].filter(() => r() < 0.5);
    return {
      id: 1000 + i * 3,
      values: {
        fabric: r() < 0.1 ? [] : [pick(['silk', 'cotton', 'linen'])],
        colour: [pick(['red', 'blue', 'green', 'gold'])],
        occasion: ['festive', 'wedding', 'daily'].filter(() => r() < 0.4),
      },
      sizes,
      sizesInStock: sizes.filter(() => r() < 0.6),
      keys: { id: 1000 + i * 3, price: Math.floor(r() * 20) * 100 },
    };
  });
}

/** The same question answered the slow, obvious way. */
function naive(products: IndexedProduct[], q: FacetQuery, scope: Set<number> | null) {
  const has = (p: IndexedProduct, f: string, v: string) => (f === SIZE ? (q.inStockOnly ? p.sizesInStock : p.sizes) : (p.values[f] ?? [])).includes(v);
  const passes = (p: IndexedProduct, except?: string) =>
    (!scope || scope.has(p.id)) &&
    (!q.inStockOnly || p.sizesInStock.length > 0) &&
    Object.entries(q.chosen).every(([f, values]) => f === except || values.length === 0 || values.some((v) => has(p, f, v)));
  const matching = products.filter((p) => passes(p));
  const counts: Record<string, Record<string, number>> = {};
  for (const f of [...FACETS, SIZE]) {
    counts[f] = {};
    const values = new Set(products.flatMap((p) => (f === SIZE ? (q.inStockOnly ? p.sizesInStock : p.sizes) : (p.values[f] ?? []))));
    for (const v of values) counts[f][v] = products.filter((p) => passes(p, f) && has(p, f, v)).length;
  }
  return { matching, counts };
}

describe('the facet index', () => {
  const products = catalog(1000);
  let index: FacetIndex;
  beforeAll(async () => {
    index = await FacetIndex.build(products, FACETS, ORDERS);
  });

  it.each<[string, Partial<FacetQuery>]>([
    ['nothing chosen', {}],
    ['one value', { chosen: { fabric: ['silk'] } }],
    ['two values of a facet (or)', { chosen: { fabric: ['silk', 'linen'] } }],
    ['across facets (and)', { chosen: { fabric: ['silk'], colour: ['red', 'gold'], occasion: ['wedding'] } }],
    ['a size, in stock only', { chosen: { size: ['M'] }, inStockOnly: true }],
    ['a size, any stock', { chosen: { size: ['M', 'L'], occasion: ['daily'] } }],
    ['an unknown value matches nothing', { chosen: { fabric: ['velvet'] } }],
  ])('counts and lists as the obvious way does: %s', (_, asked) => {
    const q: FacetQuery = { scope: null, chosen: {}, inStockOnly: false, order: 'newest', offset: 0, limit: 12, ...asked };
    const answer = index.query(q);
    const expected = naive(products, q, null);
    expect(answer.total).toBe(expected.matching.length);
    expect(answer.ids).toEqual(expected.matching.map((p) => p.id).sort((a, b) => b - a).slice(0, 12));
    expect(answer.inStock).toBe(expected.matching.filter((p) => p.sizesInStock.length > 0).length);
    for (const f of [...FACETS, SIZE]) for (const [v, n] of Object.entries(expected.counts[f]!)) expect(answer.counts[f]?.[v] ?? 0, `${f}=${v}`).toBe(n);
  });

  it('keeps to the list’s own products and pages through them in the order asked, ties newest first', () => {
    const scope = new Set(products.filter((_, i) => i % 3 === 0).map((p) => p.id));
    const q: FacetQuery = { scope: index.bitsOf(scope), chosen: { colour: ['blue'] }, inStockOnly: false, order: 'cheap', offset: 0, limit: 1000 };
    const expected = naive(products, q, scope).matching.sort((a, b) => a.keys.price! - b.keys.price! || b.id - a.id).map((p) => p.id);
    expect(index.query(q).ids).toEqual(expected);
    const pages = [0, 12, 24].map((offset) => index.query({ ...q, offset, limit: 12 }).ids);
    expect(pages.flat()).toEqual(expected.slice(0, 36));
  });

  it('pages a named order alike whether it walks the order (many matches) or sorts the few matches by rank', () => {
    const cheapest = (scope: Set<number>) =>
      naive(products, { scope: null, chosen: {}, inStockOnly: false, order: 'cheap', offset: 0, limit: 0 }, scope)
        .matching.sort((a, b) => a.keys.price! - b.keys.price! || b.id - a.id)
        .map((p) => p.id);
    const r = seededRandom(3);
    // From a handful of pieces (sorted by rank) to most of the shop (walked), every page and past the end.
    for (const share of [0.004, 0.02, 0.1, 0.5, 0.95]) {
      const scope = new Set(products.filter(() => r() < share).map((p) => p.id));
      const expected = cheapest(scope);
      for (const [offset, limit] of [[0, 12], [0, 48], [3, 5], [12, 12], [expected.length - 1, 12], [expected.length, 12], [expected.length + 5, 12]] as const) {
        const answer = index.query({ scope: index.bitsOf(scope), chosen: {}, inStockOnly: false, order: 'cheap', offset, limit });
        expect(answer.ids, `${scope.size} pieces from ${offset}`).toEqual(expected.slice(offset, offset + limit));
      }
    }
  });

  it('follows an order of ids the caller ranked (a search), skipping ids it does not hold', () => {
    const ranked = [products[5]!.id, 999_999, products[2]!.id, products[9]!.id];
    const answer = index.query({ scope: index.bitsOf(ranked), chosen: {}, inStockOnly: false, order: ranked, offset: 1, limit: 5 });
    expect(answer.ids).toEqual([products[2]!.id, products[9]!.id]);
    expect(answer.total).toBe(3);
    // The same order as the index's own positions, as the search hands it over: the same answer.
    const positions = ranked.map((id) => index.positionOf(id) ?? -1);
    expect(positions[1]).toBe(-1);
    expect(index.query({ scope: index.bitsAt(positions), chosen: {}, inStockOnly: false, order: { positions }, offset: 1, limit: 5 })).toEqual(answer);
  });

  it('builds a catalog larger than one slice of work the same as a small one', async () => {
    const many = catalog(9000, 11);
    const big = await FacetIndex.build(many, FACETS, ORDERS);
    const q: FacetQuery = { scope: null, chosen: { fabric: ['silk', 'linen'], occasion: ['festive'], size: ['M'] }, inStockOnly: true, order: 'cheap', offset: 24, limit: 12 };
    const expected = naive(many, q, null);
    const answer = big.query(q);
    expect(answer.total).toBe(expected.matching.length);
    expect(answer.ids).toEqual(expected.matching.sort((a, b) => a.keys.price! - b.keys.price! || b.id - a.id).map((p) => p.id).slice(24, 36));
    for (const f of [...FACETS, SIZE]) for (const [v, n] of Object.entries(expected.counts[f]!)) expect(answer.counts[f]?.[v] ?? 0, `${f}=${v}`).toBe(n);
  });

  it('answers an empty shop', async () => {
    const empty = await FacetIndex.build([], FACETS, ORDERS);
    expect(empty.query({ scope: null, chosen: { fabric: ['silk'] }, inStockOnly: true, order: 'newest', offset: 0, limit: 12 })).toEqual({
      ids: [],
      total: 0,
      counts: { fabric: {}, colour: {}, occasion: {}, size: {} },
      inStock: 0,
    });
  });
});

describe('what the choices come to (issue 53: one key per narrowing, however the address spells it)', () => {
  // Every M and L also comes in S; some pieces come in S alone.
  const products: IndexedProduct[] = Array.from({ length: 200 }, (_, i) => {
    const sizes = i % 4 === 0 ? ['S'] : i % 4 === 1 ? ['S', 'M'] : i % 4 === 2 ? ['S', 'M', 'L'] : [];
    return { id: i + 1, values: { fabric: [i % 3 === 0 ? 'silk' : 'cotton'], colour: ['red'], occasion: [] }, sizes, sizesInStock: i % 8 < 4 ? sizes : [], keys: { id: i + 1, price: i } };
  });
  let index: FacetIndex;
  beforeAll(async () => {
    index = await FacetIndex.build(products, FACETS, ORDERS);
  });
  const key = (chosen: Record<string, string[]>, inStockOnly = false, scope: number[] | null = null) => index.choiceKey({ scope: scope && index.bitsOf(scope), chosen, inStockOnly });
  const answer = (chosen: Record<string, string[]>, inStockOnly = false, scope: number[] | null = null) =>
    index.query({ scope: scope && index.bitsOf(scope), chosen, inStockOnly, order: 'newest', offset: 0, limit: 500 });

  it('gives sizes that add no piece the key of the shorter address, and the same answer', () => {
    expect(key({ size: ['S', 'M', 'L'] })).toBe(key({ size: ['S'] }));
    expect(key({ size: ['L', 'S'] })).toBe(key({ size: ['S'] }));
    expect(answer({ size: ['S', 'M', 'L'] })).toEqual(answer({ size: ['S'] }));
    expect(key({ size: ['M'] })).not.toBe(key({ size: ['S'] }));
    expect(key({ size: ['M', 'L'] })).toBe(key({ size: ['M'] }));
  });

  it('counts choices that leave every piece of the list as none, and unknown ones as nothing matching', () => {
    expect(key({ fabric: ['silk', 'cotton'] })).toBe('');
    expect(answer({ fabric: ['silk', 'cotton'] })).toEqual(answer({}));
    // Within a list of silk pieces only, choosing silk narrows nothing.
    const silk = products.filter((p) => p.values.fabric![0] === 'silk').map((p) => p.id);
    expect(key({ fabric: ['silk'] }, false, silk)).toBe('');
    expect(key({ fabric: ['made-up'] })).toBe(key({ fabric: ['another-made-up'] }));
    expect(key({ fabric: ['made-up'] })).not.toBe(key({}));
  });

  it('keeps in stock only apart (it changes the sizes counted), and drops a facet that narrows nothing beside others', () => {
    expect(key({}, true)).toBe('instock');
    expect(key({ size: ['S'] }, true)).not.toBe(key({ size: ['S'] }));
    // Every piece is red.
    expect(key({ colour: ['red'], fabric: ['silk'] })).toBe(key({ fabric: ['silk'] }));
  });

  it('never gives two narrowings one key: random addresses with one key have one answer', () => {
    const r = seededRandom(11);
    const some = (values: string[]) => values.filter(() => r() < 0.5);
    const seen = new Map<string, ReturnType<typeof answer>>();
    for (let i = 0; i < 400; i++) {
      const chosen = { size: some(['S', 'M', 'L', 'XL']), fabric: some(['silk', 'cotton', 'linen']), colour: some(['red', 'blue']) };
      const inStockOnly = r() < 0.3;
      const k = key(chosen, inStockOnly);
      const a = answer(chosen, inStockOnly);
      if (seen.has(k)) expect(a, k).toEqual(seen.get(k));
      else seen.set(k, a);
    }
    expect(seen.size).toBeLessThan(400);
  });
});

