/**
 * The wishlist API (spec §3 product_likes, §4 Like, §7 product_likes, §8 Likes) on PGlite and
 * PostgreSQL: a shopper likes and unlikes only for themselves, a repeated or racing like is one
 * row, the counts everyone sees are the rows, and a product that goes takes its likes with it.
 */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LikeState } from '../../../shared/cart.ts';
import type { ProductDetail, ProductPage, ProductSummary } from '../../../shared/catalog.ts';
import { productLikes, products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
let meera: Shopper;
let arjun: Shopper;
/** Product ids of the demo catalog, lowest first, but for `plainId`. */
let ids: number[];
/** The plain (not featured) piece with the lowest id: last among best sellers while nobody likes it. */
let plainId: number;
/** How many pieces the owner features: best sellers list them first. */
let featuredCount: number;
/** An id no product has. */
let unknownId: number;

beforeAll(async () => {
  t = await createTestApp();
  meera = await signedUp(t, 'Meera');
  arjun = await signedUp(t, 'Arjun', { gender: 'male' });
  const all = await t.database.db.select({ id: products.id, featured: products.featured }).from(products).orderBy(asc(products.id));
  plainId = all.find((p) => !p.featured)!.id;
  featuredCount = all.filter((p) => p.featured).length;
  ids = all.map((p) => p.id).filter((id) => id !== plainId);
  unknownId = all.at(-1)!.id + 1000;
});
afterAll(() => t.close());

const like = (id: number | string, cookie?: string) => send(t, 'PUT', `/api/wishlist/${id}`, undefined, cookie);
const unlike = (id: number | string, cookie?: string) => send(t, 'DELETE', `/api/wishlist/${id}`, undefined, cookie);
const wishlist = async (cookie: string): Promise<number[]> => {
  const res = await send(t, 'GET', '/api/wishlist', undefined, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: ProductSummary[] }).items.map((p) => p.id);
};
const shelf = async (cookie: string) => (await (await send(t, 'GET', '/api/accounts/session', undefined, cookie)).json()).shelf;
const likeRows = async (productId: number) =>
  (await t.database.db.select({ n: count() }).from(productLikes).where(eq(productLikes.productId, productId)))[0]!.n;
const shopperId = async (s: Shopper): Promise<string> =>
  (await (await send(t, 'GET', '/api/accounts/session', undefined, s.cookie)).json()).shopper.id;
const json = async <T>(url: string): Promise<T> => {
  const res = await t.get(url);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

describe('liking a product', () => {
  it('starts with an empty wishlist', async () => {
    expect(await wishlist(meera.cookie)).toEqual([]);
  });

  it('likes, answers the shopper’s state and the count, and a second like is no change', async () => {
    const id = ids[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await like(id, meera.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(await res.json()).toEqual({ productId: id, liked: true, likeCount: 1 } satisfies LikeState);
    }
    expect(await likeRows(id)).toBe(1);
  });

  it('lists the liked products as cards with their counts, the latest like first', async () => {
    await like(ids[1]!, meera.cookie);
    await like(ids[2]!, meera.cookie);
    const res = await send(t, 'GET', '/api/wishlist', undefined, meera.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { items } = (await res.json()) as { items: ProductSummary[] };
    expect(items.map((p) => p.id)).toEqual([ids[2], ids[1], ids[0]]);
    const card = await json<ProductDetail>(`/api/products/${ids[2]}`);
    expect(items[0]).toEqual({
      id: card.id,
      name: card.name,
      thumbnail: card.thumbnail,
      images: card.images,
      price: card.price,
      offerPrice: card.offerPrice,
      availability: card.availability,
      sized: card.sized,
      likeCount: 1,
      reviewCount: 0,
      rating: null,
    });
  });

  it('takes a like back, and taking it back again is no error (spec §8)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await unlike(ids[1]!, meera.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ productId: ids[1], liked: false, likeCount: 0 });
    }
    expect(await wishlist(meera.cookie)).toEqual([ids[2], ids[0]]);
    // Never liked at all: the same answer.
    const res = await unlike(ids[5]!, meera.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ productId: ids[5], liked: false, likeCount: 0 });
  });

  it('puts the likes in the session’s shelf, the latest first', async () => {
    expect(await shelf(meera.cookie)).toEqual({ likedProductIds: [ids[2], ids[0]], cartPieces: 0 });
    expect(await shelf(arjun.cookie)).toEqual({ likedProductIds: [], cartPieces: 0 });
    const res = await t.get('/api/accounts/session');
    expect(await res.json()).toEqual({ shopper: null, shelf: null, isAdmin: false });
  });
});

describe('a product nobody can like', () => {
  it('answers 404 “Product not found” for a product that does not exist, and writes nothing', async () => {
    for (const res of [await like(unknownId, meera.cookie), await unlike(unknownId, meera.cookie)]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'not_found', message: 'Product not found' });
    }
    expect(await likeRows(unknownId)).toBe(0);
  });

  it('answers 404 for a product the owner hid, and writes nothing (the like used to be written all the same)', async () => {
    const hidden = ids.at(-3)!;
    await t.database.db.update(products).set({ hiddenAt: new Date() }).where(eq(products.id, hidden));
    try {
      for (let i = 0; i < 3; i++) {
        const res = await like(hidden, meera.cookie);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ code: 'not_found', message: 'Product not found' });
      }
      expect(await likeRows(hidden)).toBe(0);
      expect(await wishlist(meera.cookie)).not.toContain(hidden);
    } finally {
      await t.database.db.update(products).set({ hiddenAt: null }).where(eq(products.id, hidden));
    }
  });

  it.each(['0', '-1', '01', 'abc', '1.5', '1e3', '%201', '0x10', '99999999999', '2147483648'])('answers 404 for the id %s', async (id) => {
    for (const res of [await like(id, meera.cookie), await unlike(id, meera.cookie)]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'not_found', message: 'Product not found' });
    }
  });
});

describe('who may like', () => {
  it('needs a session: 401 for every call, even with a bad id', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['PUT', `/api/wishlist/${ids[0]}`],
      ['DELETE', `/api/wishlist/${ids[0]}`],
      ['PUT', '/api/wishlist/abc'],
      ['DELETE', '/api/wishlist/0'],
    ] as const) {
      for (const cookie of [undefined, 'vastra.session_token=forged.cookie']) {
        const res = await send(t, method, url, undefined, cookie);
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(await res.json()).toEqual({ code: 'sign_in_required', message: 'Please log in to continue.' });
      }
    }
    expect(await likeRows(ids[0]!)).toBe(1);
  });

  it('shows each shopper only their own wishlist', async () => {
    await like(ids[3]!, arjun.cookie);
    expect(await wishlist(arjun.cookie)).toEqual([ids[3]]);
    expect(await wishlist(meera.cookie)).toEqual([ids[2], ids[0]]);
  });

  it('takes back only the shopper’s own like: another’s stays', async () => {
    const res = await unlike(ids[0]!, arjun.cookie);
    expect(res.status).toBe(200);
    // Meera's like of it still counts for everyone.
    expect(await res.json()).toEqual({ productId: ids[0], liked: false, likeCount: 1 });
    expect(await wishlist(meera.cookie)).toEqual([ids[2], ids[0]]);
    expect(await likeRows(ids[0]!)).toBe(1);
  });

  it('refuses a like from another site (403) or sent as a form (415), and writes nothing', async () => {
    const id = ids[6]!;
    const cross = await send(t, 'PUT', `/api/wishlist/${id}`, undefined, meera.cookie, { 'Sec-Fetch-Site': 'cross-site' });
    expect(cross.status).toBe(403);
    expect((await cross.json()).code).toBe('cross_site');
    const foreign = await send(t, 'PUT', `/api/wishlist/${id}`, undefined, meera.cookie, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const form = await t.app.request(`/api/wishlist/${id}`, {
      method: 'PUT',
      headers: { Cookie: meera.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'productId=1',
    });
    expect(form.status).toBe(415);
    expect((await form.json()).code).toBe('unsupported_media_type');
    expect(await likeRows(id)).toBe(0);
  });

  it('takes the product from the path, never from a body; a 1 MB body is refused (413)', async () => {
    const id = ids[7]!;
    const res = await send(t, 'PUT', `/api/wishlist/${id}`, { productId: ids[8], userId: 'someone-else' }, meera.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ productId: id, liked: true, likeCount: 1 });
    expect(await likeRows(ids[8]!)).toBe(0);
    const big = await send(t, 'PUT', `/api/wishlist/${ids[8]}`, { pad: 'x'.repeat(1024 * 1024) }, meera.cookie);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ code: 'too_large', message: 'This request is too large.' });
    expect(await likeRows(ids[8]!)).toBe(0);
    await unlike(id, meera.cookie);
  });

  it('answers 405 for a method the wishlist does not take', async () => {
    const res = await send(t, 'GET', `/api/wishlist/${ids[0]}`, undefined, meera.cookie);
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('DELETE, PUT, OPTIONS');
    expect((await send(t, 'POST', '/api/wishlist', {}, meera.cookie)).status).toBe(405);
  });
});

describe('likes as everyone sees them', () => {
  it('counts both shoppers’ likes on the product, its count and the best sellers', async () => {
    const id = plainId;
    const bestSellers = async () => [
      ...(await json<ProductPage>('/api/products/best-sellers?limit=48')).items,
      ...(await json<ProductPage>('/api/products/best-sellers?offset=48&limit=48')).items,
    ];
    expect((await bestSellers()).findIndex((p) => p.id === id)).toBe(ids.length);

    expect(await (await like(id, meera.cookie)).json()).toMatchObject({ likeCount: 1 });
    expect(await (await like(id, arjun.cookie)).json()).toEqual({ productId: id, liked: true, likeCount: 2 });

    expect((await json<ProductDetail>(`/api/products/${id}`)).likeCount).toBe(2);
    expect(await json(`/api/products/${id}/likes`)).toEqual({ count: 2 });
    const ranked = await bestSellers();
    // Featured picks first, then the most liked: the twice-liked piece leads the rest.
    expect(ranked.findIndex((p) => p.id === id)).toBe(featuredCount);
    expect(ranked.find((p) => p.id === id)!.likeCount).toBe(2);
    // Each shopper's wishlist card carries the count for everyone too.
    const res = await send(t, 'GET', '/api/wishlist', undefined, arjun.cookie);
    expect(((await res.json()) as { items: ProductSummary[] }).items[0]).toMatchObject({ id, likeCount: 2 });
  });
});

describe('likes on every app server', () => {
  it('shows a like made through one app server on another’s cached search at once', async () => {
    // A second app over the same database, as a second app server is; its search cache is its own.
    const other = t.another(t.database.db);
    const search = async () =>
      ((await (await other.request('/api/products/search?q=saree')).json()) as { items: ProductSummary[] }).items;
    const [target] = await search();
    const before = target!.likeCount;
    expect((await search()).find((p) => p.id === target!.id)!.likeCount).toBe(before); // cached now
    await like(target!.id, meera.cookie);
    expect((await search()).find((p) => p.id === target!.id)!.likeCount).toBe(before + 1);
    const page = (await (await other.request(`/api/products/${target!.id}`)).json()) as ProductDetail;
    expect(page.likeCount).toBe(before + 1);
    await unlike(target!.id, meera.cookie);
    expect((await search()).find((p) => p.id === target!.id)!.likeCount).toBe(before);
  });
});

describe('racing likes', () => {
  it('makes one row of five likes sent at once', async () => {
    const id = ids[10]!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => like(id, meera.cookie)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const res of answers) expect(await res.json()).toEqual({ productId: id, liked: true, likeCount: 1 });
    expect(await likeRows(id)).toBe(1);
  });

  it('counts two shoppers liking at once as two, and unlikes racing likes leave one row at most', async () => {
    const id = ids[11]!;
    const both = await Promise.all([like(id, meera.cookie), like(id, arjun.cookie)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await json(`/api/products/${id}/likes`)).toEqual({ count: 2 });
    const mixed = await Promise.all([unlike(id, meera.cookie), like(id, meera.cookie), unlike(id, meera.cookie), like(id, meera.cookie)]);
    expect(mixed.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const meeraId = await shopperId(meera);
    const rows = await t.database.db
      .select({ n: count() })
      .from(productLikes)
      .where(and(eq(productLikes.productId, id), eq(productLikes.userId, meeraId)));
    expect(rows[0]!.n).toBeLessThanOrEqual(1);
    expect(await json(`/api/products/${id}/likes`)).toEqual({ count: 1 + rows[0]!.n });
  });
});

describe('a product removed from the catalog', () => {
  it('leaves every wishlist and the shelf without an error, and can no longer be liked', async () => {
    const id = ids[20]!;
    await like(id, meera.cookie);
    await like(id, arjun.cookie);
    expect((await wishlist(meera.cookie))[0]).toBe(id);

    await t.database.db.delete(products).where(eq(products.id, id));

    expect(await likeRows(id)).toBe(0);
    expect(await wishlist(meera.cookie)).not.toContain(id);
    expect(await wishlist(arjun.cookie)).not.toContain(id);
    expect((await shelf(meera.cookie)).likedProductIds).not.toContain(id);
    for (const res of [await like(id, meera.cookie), await unlike(id, meera.cookie)]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'not_found', message: 'Product not found' });
    }
    expect(await likeRows(id)).toBe(0);
    // What is left is still in order, newest first.
    const rows = await t.database.db
      .select({ id: productLikes.productId })
      .from(productLikes)
      .where(eq(productLikes.userId, await shopperId(meera)))
      .orderBy(desc(productLikes.createdAt), desc(productLikes.id));
    expect(await wishlist(meera.cookie)).toEqual(rows.map((r) => r.id));
  });
});
