import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Category,
  Collection,
  ProductDetail,
  ProductPage,
  SearchResults,
  Suggestion,
} from '../../../shared/catalog.ts';
import { categories, collections, productCollections, productLikes, products } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bareShoppers } from '../../test/accounts-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = async <T>(url: string, status = 200): Promise<T> => {
  const res = await t.get(url);
  expect(res.status, url).toBe(status);
  return (await res.json()) as T;
};

describe('product ranges (spec §4 paging)', () => {
  it('serves 12 products a page, newest first, and says whether more exist', async () => {
    const first = await json<ProductPage>('/api/products?offset=0&limit=12');
    expect(first.items).toHaveLength(12);
    expect(first.hasMore).toBe(true);
    const ids = first.items.map((p) => p.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await json<ProductPage>('/api/products?offset=12&limit=12');
    expect(second.items.map((p) => p.id).some((id) => ids.includes(id))).toBe(false);
  });

  it('returns a card-sized shape with money in paise', async () => {
    const { items } = await json<ProductPage>('/api/products?limit=1');
    const p = items[0]!;
    expect(Object.keys(p).sort()).toEqual(['availability', 'id', 'images', 'likeCount', 'name', 'offerPrice', 'price', 'rating', 'reviewCount', 'sized', 'thumbnail']);
    expect(p).toMatchObject({ reviewCount: 0, rating: null });
    expect(Number.isInteger(p.price)).toBe(true);
    expect(p.images.length).toBeGreaterThanOrEqual(2);
    expect(p.likeCount).toBe(0);
  });

  it('reports no more after a short last page', async () => {
    const total = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    expect(total).toBeGreaterThanOrEqual(60);
    const last = await json<ProductPage>(`/api/products?offset=${total - 5}&limit=12`);
    expect(last.items).toHaveLength(5);
    expect(last.hasMore).toBe(false);
    const beyond = await json<ProductPage>(`/api/products?offset=${total + 100}&limit=12`);
    expect(beyond).toEqual({ items: [], hasMore: false });
  });

  it('serves the home grid 8 at a time, featured picks first, then the most liked', async () => {
    const featured = await t.database.db.select({ id: products.id }).from(products).where(sql`${products.featured}`);
    const home = await json<ProductPage>('/api/products/best-sellers?limit=8');
    expect(home.items).toHaveLength(8);
    expect(home.items.every((p) => featured.some((f) => f.id === p.id))).toBe(true);

    const [plain] = await t.database.db.select({ id: products.id }).from(products).where(sql`not ${products.featured}`).limit(1);
    const [a, b] = await bareShoppers(t, 2);
    await t.database.db.insert(productLikes).values([
      { userId: a!, productId: plain!.id },
      { userId: b!, productId: plain!.id },
    ]);
    const next = await json<ProductPage>(`/api/products/best-sellers?offset=${featured.length}&limit=8`);
    expect(next.items[0]).toMatchObject({ id: plain!.id, likeCount: 2 });
    expect(await json(`/api/products/${plain!.id}/likes`)).toEqual({ count: 2 });
  });

  it.each([
    ['offset=-1', 'offset must not be negative.'],
    ['limit=0', 'limit must be at least 1.'],
    ['limit=1000', 'limit must be at most 48.'],
    ['offset=abc', 'offset must be a whole number.'],
    ['limit=1.5', 'limit must be a whole number.'],
    ['offset=99999999999', 'offset must be at most 1000000.'],
    // Only plain digits are numbers here: Number() would read each of these.
    ['offset=0x10', 'offset must be a whole number.'],
    ['offset=0b1', 'offset must be a whole number.'],
    ['offset=1e3', 'offset must be a whole number.'],
    ['offset=%2B5', 'offset must be a whole number.'],
    ['offset=%205', 'offset must be a whole number.'],
    ['offset=', 'offset must be a whole number.'],
    ['limit=012', 'limit must be a whole number.'],
  ])('refuses a bad range (%s) with a 400 and a clear message', async (query, message) => {
    expect(await json(`/api/products?${query}`, 400)).toEqual({ code: 'bad_request', message });
  });
});

describe('one product', () => {
  it('has every field of spec §3 and its categories and collections', async () => {
    const { items } = await json<ProductPage>('/api/products?limit=1');
    const p = await json<ProductDetail>(`/api/products/${items[0]!.id}`);
    expect(p.name).toBe(items[0]!.name);
    expect(typeof p.description).toBe('string');
    expect(Object.keys(p.keyHighlights).length).toBeGreaterThan(0);
    expect(p.fullDescription!.length).toBeGreaterThan(100);
    expect(p.manufactureAndCare).toBeTruthy();
    expect(p.returnPolicy).toBeTruthy();
    expect(p.deliveryInfo).toEqual({
      standardDelivery: expect.any(Boolean),
      expressDelivery: expect.any(Boolean),
      pincodeDelivery: expect.any(Boolean),
    });
    expect(p.categories.length).toBeGreaterThan(0);
  });

  it.each(['999999', 'abc', '-3', '0', '1.5', '1e3', '99999999999999999999', '%00', '0x10', '0b1', '+5', '01', '%201', '1%20', '１'])(
    "answers 'Product not found' with a 404 for id %s",
    async (id) => {
      expect(await json(`/api/products/${id}`, 404)).toEqual({ code: 'not_found', message: 'Product not found' });
    },
  );
});

describe('search (name, category and collection names; design.md)', () => {
  it.each(['Festive', 'Summer', 'Silk Saree', 'Cotton Saree', 'Bridal', 'Party Wear', 'Daily Wear'])(
    'finds products for the home search %s',
    async (term) => {
      const r = await json<SearchResults>(`/api/products/search?q=${encodeURIComponent(term)}`);
      expect(r.total).toBeGreaterThanOrEqual(5);
      expect(r.items.length).toBe(Math.min(r.total, 48));
    },
  );

  it('is case-insensitive and puts name matches first', async () => {
    const r = await json<SearchResults>('/api/products/search?q=SILK');
    const lower = await json<SearchResults>('/api/products/search?q=silk');
    expect(r).toEqual(lower);
    const firstNonName = r.items.findIndex((p) => !/silk/i.test(p.name));
    if (firstNonName >= 0) expect(r.items.slice(firstNonName).every((p) => !/silk/i.test(p.name))).toBe(true);
  });

  it('counts every match but returns at most 48', async () => {
    const r = await json<SearchResults>('/api/products/search?q=a');
    expect(r.total).toBeGreaterThan(48);
    expect(r.items).toHaveLength(48);
  });

  it('sees catalog changes at once (the cache is keyed on the catalog version)', async () => {
    const before = await json<SearchResults>('/api/products/search?q=Zardozi%20Velvet');
    expect(before.total).toBe(0);
    const [row] = await t.database.db
      .insert(products)
      .values({ name: 'Wine Zardozi Velvet Lehenga', price: 45_000_00 })
      .returning({ id: products.id });
    const after = await json<SearchResults>('/api/products/search?q=zardozi%20velvet');
    expect(after.total).toBe(1);
    expect(after.items[0]!.id).toBe(row!.id);
  });

  it('shows fresh like counts on cached results', async () => {
    const first = await json<SearchResults>('/api/products/search?q=kurta');
    const target = first.items[3]!;
    expect(target.likeCount).toBe(0);
    const [c] = await bareShoppers(t, 1);
    await t.database.db.insert(productLikes).values({ userId: c!, productId: target.id });
    const again = await json<SearchResults>('/api/products/search?q=kurta');
    expect(again.items.find((p) => p.id === target.id)!.likeCount).toBe(1);
  });

  it('matches collection names added later, through the search text triggers', async () => {
    const [row] = await t.database.db.insert(products).values({ name: 'Plain Ivory Stole', price: 900_00 }).returning({ id: products.id });
    expect((await json<SearchResults>('/api/products/search?q=Plain%20Ivory%20Stole')).total).toBe(1);
    expect((await json<SearchResults>('/api/products/search?q=summer')).items.some((p) => p.id === row!.id)).toBe(false);
    const [summer] = await t.database.db.select({ id: collections.id }).from(collections).where(eq(collections.slug, 'summer'));
    await t.database.db.insert(productCollections).values({ productId: row!.id, collectionId: summer!.id });
    const r = await json<SearchResults>('/api/products/search?q=plain%20ivory%20stole%20summer');
    expect(r.total).toBe(1);
    expect((await json<SearchResults>('/api/products/search?q=summer')).items.some((p) => p.id === row!.id)).toBe(true);
  });

  it.each([
    ['%', 0],
    ['_', 0],
    ['\\', 0],
    ["' or 1=1 --", 0],
    ['"quoted"', 0],
    ['%00', 0],
    ['a%00b', 0],
    ['   ', 0],
  ])('treats %s literally and never fails', async (q, total) => {
    const r = await json<SearchResults>(`/api/products/search?q=${encodeURIComponent(q)}`);
    expect(r.total).toBe(total);
  });

  it('cuts a long search to 100 characters, and refuses an address too long to be a link with 414', async () => {
    // 1,500 characters: within the address limit, far past the search's.
    const r = await json<SearchResults>(`/api/products/search?q=${'saree'.repeat(300)}`);
    expect(r).toEqual({ items: [], total: 0 });
    const long = await json(`/api/products/search?q=${'saree'.repeat(2048)}`, 414);
    expect(long).toEqual({ code: 'uri_too_long', message: 'This address is too long.' });
  });

  it('answers a malformed query string without failing', async () => {
    const res = await t.get('/api/products/search?q=%E0%A4%A');
    expect(res.status).toBeLessThan(500);
  });
});

describe('suggestions', () => {
  it('gives at most 10, with a picture and prices', async () => {
    const s = await json<Suggestion[]>('/api/products/suggestions?q=saree');
    expect(s).toHaveLength(10);
    expect(s[0]).toEqual({ id: expect.any(Number), name: expect.any(String), thumbnail: expect.stringMatching(/^\/images\//), price: expect.any(Number), offerPrice: expect.toSatisfy((v) => v === null || typeof v === 'number') });
  });
  it('ignores blank text', async () => {
    expect(await json('/api/products/suggestions?q=%20%20')).toEqual([]);
    expect(await json('/api/products/suggestions')).toEqual([]);
  });
});

describe('categories and collections', () => {
  it('lists categories with parents and counts, and a category with its products', async () => {
    const cats = await json<Category[]>('/api/categories');
    const silk = cats.find((c) => c.slug === 'silk-sarees')!;
    expect(silk).toMatchObject({ parentSlug: 'sarees' });
    expect(silk.productCount).toBeGreaterThan(0);
    const sarees = cats.find((c) => c.slug === 'sarees')!;
    expect(sarees.productCount).toBeGreaterThanOrEqual(silk.productCount);
    const page = await json<{ category: Category; items: unknown[]; hasMore: boolean }>('/api/categories/silk-sarees?limit=48');
    expect(page.category.name).toBe(silk.name);
    expect(page.items).toHaveLength(Math.min(silk.productCount, 48));
  });

  it('lists collections with posters and a collection with its products', async () => {
    const cols = await json<Collection[]>('/api/collections');
    expect(cols.map((c) => c.slug)).toEqual(expect.arrayContaining(['festive', 'summer', 'bridal', 'party-wear', 'daily-wear']));
    expect(cols.every((c) => c.poster?.startsWith('/images/collections/'))).toBe(true);
    const festive = await json<{ collection: Collection; items: unknown[] }>('/api/collections/festive');
    expect(festive.items.length).toBeGreaterThan(0);
  });

  it('answers unknown or malformed slugs with a 404', async () => {
    expect(await json('/api/categories/no-such-thing', 404)).toEqual({ code: 'not_found', message: 'Category not found' });
    expect(await json('/api/collections/..%2F..%2Fetc', 404)).toMatchObject({ code: 'not_found' });
  });

  it('keeps the category in the search text when it is renamed', async () => {
    await t.database.db.update(categories).set({ name: 'Handwoven Dupattas' }).where(sql`${categories.slug} = 'dupattas'`);
    const r = await json<SearchResults>('/api/products/search?q=handwoven%20dupattas');
    expect(r.total).toBeGreaterThan(0);
  });
});

describe('the API edge', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    expect(await json('/api/nope', 404)).toEqual({ code: 'not_found', message: 'Not found' });
  });
  it('serves the static health JSON (the benchmark ceiling)', async () => {
    expect(await json('/api/health')).toEqual({ status: 'ok' });
  });
  it('compresses JSON of 1 KB or more for clients that accept it, and leaves tiny answers alone', async () => {
    const res = await t.app.request('/api/products?limit=12', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    const body = Buffer.from(await res.arrayBuffer());
    expect(JSON.parse(zlib.gunzipSync(body).toString('utf8'))).toMatchObject({ hasMore: true });
    const tiny = await t.app.request('/api/health', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(tiny.headers.get('Content-Encoding')).toBeNull();
    expect(await tiny.json()).toEqual({ status: 'ok' });
    const plain = await t.app.request('/api/products?limit=12');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
  });
});
