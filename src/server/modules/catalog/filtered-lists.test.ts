/**
 * Issue 20: the lists filtered, sorted and counted through the real API on PGlite and PostgreSQL,
 * on the demo catalog: every answer held against the same question asked of the database in SQL;
 * an owner's edit shows at once; a sale that empties a piece leaves "in stock only"; bad addresses
 * give the unfiltered list, never an error.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilteredPage } from '../../../shared/catalog.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await createTestApp({ watch: true });
  await t.watch!.ready;
  owner = await signedUp(t, 'Meera');
  await t.shop.owners.setOwner(owner.email, true);
});
afterAll(() => t.close());

const list = async (path: string): Promise<FilteredPage> => {
  const res = await t.get(path);
  expect(res.status, path).toBe(200);
  return res.json();
};

/** Ids of pieces on sale matching a SQL condition, newest first unless told. */
async function idsWhere(condition: ReturnType<typeof sql>, order = sql`p.id desc`): Promise<number[]> {
  const { rows } = (await t.database.db.execute(sql`select id from products p where p.hidden_at is null and ${condition} order by ${order}`)) as unknown as { rows: { id: number }[] };
  return rows.map((r) => Number(r.id));
}

const paid = sql`coalesce(p.offer_price, p.price)`;

describe('a filtered list', () => {
  it('counts every choice of the whole shop as the database does', async () => {
    const all = await list('/api/products?counts=1');
    const onSale = await idsWhere(sql`true`);
    expect(all.total).toBe(onSale.length);
    expect(all.items.map((p) => p.id)).toEqual(onSale.slice(0, 12));
    expect(all.hasMore).toBe(true);
    for (const fabric of ['silk', 'cotton', 'linen']) expect(all.counts.fabric?.[fabric] ?? 0, fabric).toBe((await idsWhere(sql`p.fabric = ${fabric}`)).length);
    expect(all.counts.occasion?.wedding).toBe((await idsWhere(sql`'wedding' = any(p.occasions)`)).length);
    expect(all.counts.price?.['1000-2500']).toBe((await idsWhere(sql`${paid} >= 100000 and ${paid} < 250000`)).length);
  });

  it('narrows by choices (or within a facet, and across), and counts each facet without its own choices', async () => {
    const page = await list('/api/products?fabric=silk,silk-cotton&occasion=wedding&limit=48');
    const expected = await idsWhere(sql`p.fabric in ('silk', 'silk-cotton') and 'wedding' = any(p.occasions)`);
    expect(page.total).toBe(expected.length);
    expect(page.items.map((p) => p.id)).toEqual(expected.slice(0, 48));
    // Cotton is still there to choose, with how many cotton wedding pieces there are.
    expect(page.counts.fabric?.cotton ?? 0).toBe((await idsWhere(sql`p.fabric = 'cotton' and 'wedding' = any(p.occasions)`)).length);
    // And beside Festive, how many silk or silk-cotton pieces are for weddings and festivals.
    expect(page.counts.occasion?.festive ?? 0).toBe((await idsWhere(sql`p.fabric in ('silk', 'silk-cotton') and 'festive' = any(p.occasions)`)).length);
  });

  it('sorts by price both ways and by discount, ties newest first, and pages with Load More', async () => {
    const cheap = await idsWhere(sql`true`, sql`${paid} asc, p.id desc`);
    const first = await list('/api/products?sort=price-asc');
    const second = await list('/api/products?sort=price-asc&offset=12');
    expect([...first.items, ...second.items].map((p) => p.id)).toEqual(cheap.slice(0, 24));
    const dear = await list('/api/products?sort=price-desc&fabric=silk');
    const prices = dear.items.map((p) => p.offerPrice ?? p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const discount = (await list('/api/products?sort=discount&limit=48')).items.map((p) => (p.offerPrice === null ? 0 : Math.round(((p.price - p.offerPrice) / p.price) * 100)));
    expect(discount).toEqual([...discount].sort((a, b) => b - a));
  });

  it('filters a category, a collection and a search within their own pieces; an unknown group is still a 404', async () => {
    const silkSarees = await list('/api/categories/silk-sarees?occasion=wedding');
    const expected = await idsWhere(sql`'wedding' = any(p.occasions) and p.id in (select pc.product_id from product_categories pc join categories c on c.id = pc.category_id where c.slug = 'silk-sarees')`);
    expect(silkSarees.items.map((p) => p.id)).toEqual(expected.slice(0, 12));
    expect((silkSarees as unknown as { category: { slug: string } }).category.slug).toBe('silk-sarees');
    const festive = await list('/api/collections/festive?fabric=cotton&counts=1');
    expect(festive.total).toBe((await idsWhere(sql`p.fabric = 'cotton' and p.id in (select pc.product_id from product_collections pc join collections c on c.id = pc.collection_id where c.slug = 'festive')`)).length);
    expect((await t.get('/api/categories/no-such-group?fabric=silk')).status).toBe(404);

    const plain = (await (await t.get('/api/products/search?q=saree')).json()) as { items: { id: number }[]; total: number };
    const silk = await list('/api/products/search?q=saree&fabric=silk');
    expect(silk.items.length).toBeGreaterThan(0);
    const silkIds = new Set(await idsWhere(sql`p.fabric = 'silk'`));
    expect(silk.items.every((p) => silkIds.has(p.id))).toBe(true);
    // In the search's own order: the best matches first, as unfiltered.
    const order = plain.items.map((p) => p.id).filter((id) => silkIds.has(id));
    expect(silk.items.map((p) => p.id).slice(0, order.length)).toEqual(order.slice(0, silk.items.length));
    expect(silk.total).toBeLessThanOrEqual(plain.total);
    // Asked only for its counts, a search answers as the plain one does (spec §2's 'N product(s) found').
    const counted = await list('/api/products/search?q=saree&counts=1');
    expect(counted.total).toBe(plain.total);
    expect(counted.items.map((p) => p.id)).toEqual(plain.items.map((p) => p.id));
    expect(counted.counts.fabric?.silk).toBe(silk.total);
  });

  it.each(['saree', 'Silk Saree', 'KANJEEVARAM', 'ree wi', '%', '_', 'a\\b', 'Dupatta', 'zzz', 'İ', 'é'])(
    'matches the search %j from memory as the database does: the same pieces, in the same order, counted alike',
    async (term) => {
      const q = encodeURIComponent(term);
      const plain = (await (await t.get(`/api/products/search?q=${q}`)).json()) as { items: { id: number }[]; total: number };
      const counted = await list(`/api/products/search?q=${q}&counts=1`);
      expect(counted.items.map((p) => p.id)).toEqual(plain.items.map((p) => p.id));
      expect(counted.total).toBe(plain.total);
    },
  );

  it('shows a like in its cards at once, though its pages are kept whole', async () => {
    const path = '/api/products?fabric=silk&counts=1';
    const before = (await list(path)).items[0]!;
    expect((await list(path)).items[0]).toEqual(before);
    const shopper = await signedUp(t, 'Asha');
    expect((await send(t, 'PUT', `/api/wishlist/${before.id}`, undefined, shopper.cookie)).status).toBeLessThan(300);
    expect((await list(path)).items[0]).toMatchObject({ id: before.id, likeCount: before.likeCount + 1 });
    await send(t, 'DELETE', `/api/wishlist/${before.id}`, undefined, shopper.cookie);
    expect((await list(path)).items[0]!.likeCount).toBe(before.likeCount);
  });

  it('shows an owner’s edit at once, and leaves a piece out of "in stock only" once it sells out', async () => {
    const before = await list('/api/products?fabric=velvet&counts=1');
    const made = await (await send(t, 'POST', '/api/admin/products', { name: 'Velvet Lehenga in Emerald', price: 24_999_00, stock: 1, attributes: { fabric: 'velvet', colour: 'green', occasions: ['wedding'] } }, owner.cookie)).json();
    const after = await list('/api/products?fabric=velvet&counts=1');
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]!.id).toBe(made.id);
    expect(after.counts.fabric?.velvet).toBe((before.counts.fabric?.velvet ?? 0) + 1);
    // A search's matching is the index's too (search-index.ts): the new piece is found at once.
    expect((await list('/api/products/search?q=lehenga%20in%20EMERALD&counts=1')).items.map((p) => p.id)).toEqual([made.id]);

    const inStock = async () => (await list('/api/products?fabric=velvet&instock=1')).items.map((p) => p.id);
    expect(await inStock()).toContain(made.id);
    const res = await send(t, 'POST', `/api/admin/products/${made.id}/stock`, { size: 'One size', stock: 0, reason: 'corrected' }, owner.cookie);
    expect(res.status).toBe(200);
    // Stock moves all day: the index follows a moment later, in the background.
    await expect.poll(inStock, { timeout: 5000 }).not.toContain(made.id);
  });

  it.each([
    ['unknown facets and values', '?material=silk&fabric=polyester,Silk&colour=__proto__&sort=cheapest&discount=35&size=%3Cscript%3E&instock=yes'],
    // As many as fit in an address the shop takes (a longer one is a 414, below).
    ['hundreds of parameters', `?${Array.from({ length: 180 }, (_, i) => `size=${i}`).join('&')}&fabric=${Array(60).fill('silk').join(',')}`],
  ])('takes %s as the list they leave, never an error', async (_, query) => {
    const res = await t.get(`/api/products${query}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as FilteredPage;
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('keeps to its limits: a range out of bounds is the same 400 as unfiltered, an address too long a 414', async () => {
    expect((await t.get('/api/products?fabric=silk&limit=1000')).status).toBe(400);
    const long = await t.get(`/api/products?${Array.from({ length: 3000 }, (_, i) => `size=S${i}`).join('&')}`);
    expect(long.status).toBe(414);
    expect((await long.json()).message).toBe('This address is too long.');
  });
});
