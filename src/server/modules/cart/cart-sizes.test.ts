/**
 * Sizes (issue 16, docs/decisions/0019) through the real API on PGlite and PostgreSQL: the owner
 * gives a kurta sizes from a list, each with its stock; the product page says which are sold out or
 * running low and carries the list's chart; the cart holds a line per size, refuses a piece in sizes
 * without one and never holds more than is left; the order, /orders, the mail and the owner's order
 * name the size, and the pieces come off that size alone. The count equals the ledger after each.
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, SizeListChoice } from '../../../shared/admin-product.contract.ts';
import type { Address } from '../../../shared/addresses.ts';
import type { Cart } from '../../../shared/cart.ts';
import type { ProductDetail, ProductPage } from '../../../shared/catalog.ts';
import type { CheckoutStart, Order } from '../../../shared/orders.ts';
import { CHOOSE_SIZE, SIZE_NOT_OFFERED } from '../../../shared/sizes.ts';
import { cartItems, mailOutbox, orderItems, products, productSizes, stockMovements } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { lapsedAndBalanced } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
let owner: Shopper;
let kurtas: SizeListChoice;
let blouses: SizeListChoice;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUp(t, 'Kamala');
  await t.shop.owners.setOwner(owner.email, true);
  const { sizeLists } = (await (await send(t, 'GET', '/api/admin/products/groups', undefined, owner.cookie)).json()) as { sizeLists: SizeListChoice[] };
  kurtas = sizeLists.find((l) => l.name === 'Kurtas and suits')!;
  blouses = sizeLists.find((l) => l.name === 'Blouses')!;
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await lapsedAndBalanced(t)).toEqual([]);
});

let made = 0;
/** A kurta of the owner's, in the sizes given with their stock. */
async function kurta(sizes: Record<string, number>): Promise<number> {
  const res = await send(
    t,
    'POST',
    '/api/admin/products',
    { name: `Chanderi Kurta ${++made}`, price: 1499_00, sizeListId: kurtas.id, sizes: Object.entries(sizes).map(([size, stock]) => ({ size, stock })) },
    owner.cookie,
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as AdminProduct).id;
}

async function shopper(name: string): Promise<{ s: Shopper; address: Address }> {
  const s = await signedUp(t, name);
  const res = await send(t, 'POST', '/api/addresses', { name: `${name} Iyer`, phone: '9876543210', house: '12', street: 'TTK Road', city: 'Chennai', state: 'Tamil Nadu', pincode: '600018' }, s.cookie);
  return { s, address: (await res.json()) as Address };
}

const page = async (id: number) => (await (await send(t, 'GET', `/api/products/${id}`)).json()) as ProductDetail;
const add = (who: Shopper, body: unknown) => send(t, 'POST', '/api/cart/items', body, who.cookie);
const line = (who: Shopper, id: number, size: string, method: 'PATCH' | 'DELETE', body?: unknown) =>
  send(t, method, `/api/cart/items/${id}?size=${encodeURIComponent(size)}`, body, who.cookie);
const linesOf = (cart: Cart) => cart.items.map((i) => [i.productId, i.size, i.quantity] as const);
const stockOf = async (id: number) =>
  Object.fromEntries(
    (await t.database.db.select({ size: productSizes.size, stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, id), isNull(productSizes.retiredAt))).orderBy(asc(productSizes.position))).map((r) => [r.size, r.stock]),
  );
const linesInDb = (who: Shopper) => t.database.db.select({ size: cartItems.size, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.userId, who.id)).orderBy(asc(cartItems.size));

async function startOrder(who: { s: Shopper; address: Address }, buyNow?: { productId: number; size?: string }) {
  const query = buyNow ? `?buyNow=${buyNow.productId}${buyNow.size ? `&size=${encodeURIComponent(buyNow.size)}` : ''}` : '';
  const q = await send(t, 'GET', `/api/checkout/quote${query}`, undefined, who.s.cookie);
  const quote = await q.json();
  if (q.status !== 200) return { status: q.status, body: quote };
  const res = await send(t, 'POST', '/api/checkout/orders', { addressId: who.address.id, ...(buyNow && { buyNow }), expectedTotal: quote.amounts.total }, who.s.cookie);
  return { status: res.status, body: await res.json(), quote };
}

async function pay(who: { s: Shopper }, orderId: string) {
  const success = await (await send(t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, who.s.cookie)).json();
  expect((await send(t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, who.s.cookie)).status).toBe(200);
}

describe('a piece in sizes on its page', () => {
  it('lists its sizes in the list’s order: sold out struck, the last few counted, never more', async () => {
    const id = await kurta({ L: 9, XS: 0, M: 2, S: 40 });
    const p = await page(id);
    expect(p.sized).toBe(true);
    expect(p.sizes).toEqual([
      { size: 'XS', soldOut: true, left: null, held: null },
      { size: 'S', soldOut: false, left: null, held: null },
      { size: 'M', soldOut: false, left: 2, held: null },
      { size: 'L', soldOut: false, left: null, held: null },
    ]);
    expect(p.availability).toBe('In Stock');
  });

  it('carries its list’s chart in inches, for its own sizes', async () => {
    const p = await page(await kurta({ S: 3, M: 3 }));
    expect(p.sizeChart).toEqual({
      listName: 'Kurtas and suits',
      measures: ['Bust', 'Waist', 'Hip', 'Length'],
      rows: [
        { size: 'S', inches: [34, 29, 37, 44] },
        { size: 'M', inches: [36, 31, 39, 45] },
      ],
    });
  });

  it('shows a one-size piece with one size and no chart, and cards say which pieces need a size', async () => {
    const [saree] = await t.database.db.select({ id: products.id }).from(products).where(isNull(products.sizeListId)).limit(1);
    const p = await page(saree!.id);
    expect(p).toMatchObject({ sized: false, sizeChart: null, sizes: [{ size: 'One size' }] });
    const sized = await kurta({ M: 5 });
    const cards = (await (await send(t, 'GET', '/api/products?limit=48')).json()) as ProductPage;
    expect(cards.items.find((c) => c.id === sized)?.sized).toBe(true);
    expect(cards.items.filter((c) => c.id !== sized).some((c) => !c.sized)).toBe(true);
  });

  it('keeps the demo catalog believable: kurtas and lehengas in sizes, some sold out, some low; silk sarees one of a kind', async () => {
    const rows = await t.database.db
      .select({ id: products.id, listed: products.sizeListId, size: productSizes.size, stock: productSizes.stock })
      .from(products)
      .innerJoin(productSizes, and(eq(productSizes.productId, products.id), isNull(productSizes.retiredAt)));
    const sized = rows.filter((r) => r.listed !== null);
    expect(new Set(sized.map((r) => r.id)).size).toBeGreaterThanOrEqual(15);
    expect(sized.some((r) => r.stock === 0)).toBe(true);
    expect(sized.some((r) => r.stock > 0 && r.stock <= 3)).toBe(true);
    expect(rows.filter((r) => r.listed === null && r.stock === 1).length).toBeGreaterThanOrEqual(3);
  });
});

describe('the cart, a line per size', () => {
  it('refuses a piece in sizes without a size, or in a size it is not made in, and writes nothing', async () => {
    const id = await kurta({ M: 5 });
    const { s } = await shopper('Lakshmi');
    for (const [body, status, message] of [
      [{ productId: id }, 422, CHOOSE_SIZE],
      [{ productId: id, size: 'XL' }, 422, SIZE_NOT_OFFERED],
      [{ productId: id, size: 'One size' }, 422, SIZE_NOT_OFFERED],
      [{ productId: id, size: 'm' }, 422, SIZE_NOT_OFFERED],
    ] as const) {
      const res = await add(s, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).message).toBe(message);
    }
    expect(await linesInDb(s)).toEqual([]);
  });

  it.each([
    ['a NUL', 'M\u0000'],
    ['a page of text', 'M'.repeat(300)],
    ['markup', '<script>alert(1)</script>'],
    ['a number', 40],
    ['a list', ['M']],
    ['a replacement pattern', '$&$1'],
  ])('refuses %s as a size with a clear 422', async (_, size) => {
    const id = await kurta({ M: 5 });
    const { s } = await shopper('Rukmini');
    const res = await add(s, { productId: id, size });
    expect(res.status).toBe(422);
    expect((await res.json()).fields.size).toBeTruthy();
    expect(await linesInDb(s)).toEqual([]);
  });

  it('refuses a sold-out size, and more than are left, saying how many', async () => {
    const id = await kurta({ S: 0, M: 2 });
    const { s } = await shopper('Padma');
    const soldOut = await add(s, { productId: id, size: 'S' });
    expect(soldOut.status).toBe(409);
    expect(await soldOut.json()).toEqual({ code: 'sold_out', message: 'Sorry, size S is out of stock.' });
    const tooMany = await add(s, { productId: id, size: 'M', quantity: 3 });
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).message).toBe('Only 2 left in size M.');
    expect((await add(s, { productId: id, size: 'M', quantity: 2 })).status).toBe(200);
    const grow = await line(s, id, 'M', 'PATCH', { quantity: 3 });
    expect(grow.status).toBe(409);
    expect((await grow.json()).message).toBe('Only 2 left in size M.');
    expect(await linesInDb(s)).toEqual([{ size: 'M', quantity: 2 }]);
  });

  it('holds two sizes of one kurta as two lines; a size changed in the cart joins the line of that size', async () => {
    const id = await kurta({ S: 9, M: 9, L: 4 });
    const { s } = await shopper('Savitri');
    await add(s, { productId: id, size: 'M', quantity: 2 });
    const both = (await (await add(s, { productId: id, size: 'L', quantity: 3 })).json()) as Cart;
    expect(linesOf(both)).toEqual([
      [id, 'L', 3],
      [id, 'M', 2],
    ]);
    expect(both.items[0]!.sizes.map((z) => z.size)).toEqual(['S', 'M', 'L']);
    // M moves to S: a line of its own.
    const moved = (await (await line(s, id, 'M', 'PATCH', { size: 'S' })).json()) as Cart;
    expect(linesOf(moved).sort()).toEqual([
      [id, 'L', 3],
      [id, 'S', 2],
    ]);
    // S moves to L, where 3 wait: 5 would be more than the 4 left, so the line holds 4.
    const merged = (await (await line(s, id, 'S', 'PATCH', { size: 'L' })).json()) as Cart;
    expect(linesOf(merged)).toEqual([[id, 'L', 4]]);
    const removed = (await (await line(s, id, 'L', 'DELETE')).json()) as Cart;
    expect(removed.items).toEqual([]);
  });

  it('will not move a line to a sold-out size or one not made, and leaves it as it was', async () => {
    const id = await kurta({ S: 0, M: 3 });
    const { s } = await shopper('Kaveri');
    await add(s, { productId: id, size: 'M' });
    for (const [size, status] of [
      ['S', 409],
      ['XXL', 422],
    ] as const) {
      expect((await line(s, id, 'M', 'PATCH', { size })).status).toBe(status);
    }
    expect(await linesInDb(s)).toEqual([{ size: 'M', quantity: 1 }]);
  });

  it('never lets one shopper change or remove another’s line, whatever size they name', async () => {
    const id = await kurta({ M: 6, L: 6 });
    const { s: meera } = await shopper('Meera');
    const { s: arjun } = await shopper('Arjun');
    await add(meera, { productId: id, size: 'M', quantity: 2 });
    for (const size of ['M', 'L']) {
      expect((await line(arjun, id, size, 'PATCH', { quantity: 1 })).status).toBe(404);
      expect((await line(arjun, id, size, 'PATCH', { size: 'L' })).status).toBe(404);
      await line(arjun, id, size, 'DELETE');
    }
    expect(await linesInDb(meera)).toEqual([{ size: 'M', quantity: 2 }]);
    expect(await linesInDb(arjun)).toEqual([]);
  });

  it('answers 404 for a line named with a hostile size', async () => {
    const id = await kurta({ M: 6 });
    const { s } = await shopper('Nila');
    await add(s, { productId: id, size: 'M' });
    for (const size of ['M%00', 'M'.repeat(100), '%3Cb%3E']) {
      const res = await send(t, 'PATCH', `/api/cart/items/${id}?size=${size}`, { quantity: 2 }, s.cookie);
      expect(res.status).toBe(404);
    }
    expect((await send(t, 'PATCH', `/api/cart/items/${id}?size=M&size=L`, { quantity: 2 }, s.cookie)).status).toBe(404);
    expect(await linesInDb(s)).toEqual([{ size: 'M', quantity: 1 }]);
  });
});

describe('buying a size', () => {
  it('refuses Buy Now without a size, and takes the size bought off that size alone', async () => {
    const id = await kurta({ S: 3, M: 3 });
    const who = await shopper('Girija');
    const bare = await startOrder(who, { productId: id });
    expect(bare.status).toBe(422);
    expect(bare.body.message).toBe(CHOOSE_SIZE);
    const bought = await startOrder(who, { productId: id, size: 'M' });
    expect(bought.status).toBe(201);
    expect(bought.quote.lines).toMatchObject([{ productId: id, size: 'M', quantity: 1 }]);
    expect(await stockOf(id)).toEqual({ S: 3, M: 2 });
    await pay(who, (bought.body as CheckoutStart).orderId);
    expect(await stockOf(id)).toEqual({ S: 3, M: 2 });
  });

  it('buys two sizes from the cart, names them in the order, /orders, the mail and the owner’s order, and leaves other lines in the cart', async () => {
    const id = await kurta({ S: 2, M: 4, L: 1 });
    const who = await shopper('Vasanthi');
    await add(who.s, { productId: id, size: 'S', quantity: 2 });
    await add(who.s, { productId: id, size: 'L' });
    await add(who.s, { productId: id, size: 'M' });
    await line(who.s, id, 'M', 'PATCH', { selected: false });
    const started = await startOrder(who);
    expect(started.status).toBe(201);
    const { orderId, orderNumber } = started.body as CheckoutStart;
    expect(await stockOf(id)).toEqual({ S: 0, M: 4, L: 0 });
    expect((await page(id)).sizes.map((z) => z.soldOut)).toEqual([true, false, true]);
    await pay(who, orderId);

    const sizes = (await t.database.db.select({ size: orderItems.size }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.size))).map((r) => r.size);
    expect(sizes).toEqual(['L', 'S']);
    const mine = ((await (await send(t, 'GET', '/api/orders', undefined, who.s.cookie)).json()) as { items: Order[] }).items[0]!;
    expect(mine.items.map((l) => l.size).sort()).toEqual(['L', 'S']);
    const owners = (await (await send(t, 'GET', `/api/admin/orders/${orderId}`, undefined, owner.cookie)).json()) as Order;
    expect(owners.items.map((l) => l.size).sort()).toEqual(['L', 'S']);
    const [mail] = await t.database.db.select({ text: mailOutbox.textBody }).from(mailOutbox).where(and(eq(mailOutbox.kind, 'order_confirmation'), eq(mailOutbox.toAddress, who.s.email)));
    expect(mail!.text).toContain('2 × Chanderi Kurta');
    expect(mail!.text).toMatch(/2 × Chanderi Kurta \d+ \(size S\)/);
    expect(mail!.text).toMatch(/1 × Chanderi Kurta \d+ \(size L\)/);
    expect(orderNumber).toBeTruthy();
    // The unselected M waits in the cart; the bought sizes left it.
    expect(await linesInDb(who.s)).toEqual([{ size: 'M', quantity: 1 }]);
  });

  it('says which size has too few left when the cart asks for more than remain', async () => {
    const id = await kurta({ M: 3 });
    const who = await shopper('Hema');
    await add(who.s, { productId: id, size: 'M', quantity: 3 });
    const other = await shopper('Uma');
    expect((await startOrder(other, { productId: id, size: 'M' })).status).toBe(201);
    const refused = await startOrder(who);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Only 2 of Chanderi Kurta \d+ \(size M\) left\. Please lower the quantity to continue\.$/);
  });
});

describe('the owner’s sizes', () => {
  it('edits sizes and their stock: a size dropped is retired with its stock counted out, its ledger kept', async () => {
    const id = await kurta({ S: 2, M: 5, L: 1 });
    const edited = await send(t, 'PUT', `/api/admin/products/${id}`, { name: 'Chanderi Kurta edited', price: 1499_00, sizeListId: kurtas.id, sizes: [{ size: 'M', stock: 7 }, { size: 'XL', stock: 3 }] }, owner.cookie);
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as AdminProduct).sizes).toEqual([
      { size: 'M', stock: 7 },
      { size: 'XL', stock: 3 },
    ]);
    expect((await page(id)).sizes.map((z) => z.size)).toEqual(['M', 'XL']);
    const ledger = await t.database.db
      .select({ size: productSizes.size, change: stockMovements.change, reason: stockMovements.reason, actor: stockMovements.actorId })
      .from(stockMovements)
      .innerJoin(productSizes, eq(productSizes.id, stockMovements.productSizeId))
      .where(eq(productSizes.productId, id))
      .orderBy(asc(stockMovements.id));
    expect(ledger.filter((m) => m.size === 'S')).toEqual([
      { size: 'S', change: 2, reason: 'restocked', actor: owner.id },
      { size: 'S', change: -2, reason: 'corrected', actor: owner.id },
    ]);
    // Back to one size: the sizes retire, one count stands.
    const single = await send(t, 'PUT', `/api/admin/products/${id}`, { name: 'Chanderi Kurta edited', price: 1499_00, sizeListId: null, stock: 4 }, owner.cookie);
    expect(single.status).toBe(200);
    expect(await page(id)).toMatchObject({ sized: false, sizes: [{ size: 'One size', soldOut: false, left: null, held: null }] });
  });

  it('refuses a size not in the list, an unknown list, a size twice, sizes without stock, and writes nothing', async () => {
    const id = await kurta({ M: 5 });
    for (const [body, field, message] of [
      [{ sizeListId: kurtas.id, sizes: [{ size: '40', stock: 1 }] }, 'sizes', 'Size 40 is not in the list Kurtas and suits.'],
      [{ sizeListId: 999_999, sizes: [{ size: 'M', stock: 1 }] }, 'sizeListId', 'Choose a size list.'],
      [{ sizeListId: kurtas.id, sizes: [] }, 'sizes', 'Choose at least one size, with how many of each are in stock.'],
      [{ sizeListId: kurtas.id, sizes: [{ size: 'M', stock: 1 }, { size: 'M', stock: 2 }] }, 'sizes', 'A size is in the list twice.'],
      [{ sizeListId: kurtas.id, sizes: [{ size: 'M', stock: -1 }] }, 'sizes', 'Stock cannot be below 0.'],
      [{ sizeListId: kurtas.id, sizes: [{ size: 'M', stock: 1.5 }] }, 'sizes', 'Stock is a whole number of pieces.'],
      [{ sizeListId: kurtas.id, sizes: [{ size: 'M', stock: 1e9 }] }, 'sizes', 'Stock can be at most 99,999 pieces.'],
      [{ sizeListId: blouses.id, sizes: [{ size: 'M\u0000', stock: 1 }] }, 'sizes', SIZE_NOT_OFFERED],
    ] as const) {
      const res = await send(t, 'PUT', `/api/admin/products/${id}`, { name: 'Chanderi Kurta', price: 1499_00, ...body }, owner.cookie);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await res.json()).fields[field], JSON.stringify(body)).toBe(message);
    }
    expect(await stockOf(id)).toEqual({ M: 5 });
  });

  it('gives blouses their numeric sizes, in the list’s order whatever order they came in', async () => {
    const res = await send(t, 'POST', '/api/admin/products', { name: 'Kalamkari Blouse', price: 899_00, sizeListId: blouses.id, sizes: [{ size: '40', stock: 2 }, { size: '34', stock: 6 }] }, owner.cookie);
    expect(res.status).toBe(201);
    const p = await page(((await res.json()) as AdminProduct).id);
    expect(p.sizes).toEqual([
      { size: '34', soldOut: false, left: null, held: null },
      { size: '40', soldOut: false, left: 2, held: null },
    ]);
    expect(p.sizeChart?.rows.map((r) => r.size)).toEqual(['34', '40']);
  });

  it("edits a list's chart: every piece sold in it shows the new one; a bad chart is refused and changes nothing", async () => {
    const res = await send(t, 'POST', '/api/admin/products', { name: 'Ikat Blouse', price: 799_00, sizeListId: blouses.id, sizes: [{ size: '34', stock: 2 }, { size: '36', stock: 2 }] }, owner.cookie);
    const id = ((await res.json()) as AdminProduct).id;
    await page(id); // cached before the edit
    const chartOf = (body: unknown, listId: number | string = blouses.id, who = owner) => send(t, 'PUT', `/api/admin/size-lists/${listId}/chart`, body, who.cookie);
    const saved = await chartOf({ measures: [' Bust ', 'Blouse length'], chart: { '36': [36.5, 15], '34': [34, null] } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ id: blouses.id, measures: ['Bust', 'Blouse length'], chart: { '34': [34, null], '36': [36.5, 15] } });
    expect((await page(id)).sizeChart).toEqual({
      listName: 'Blouses',
      measures: ['Bust', 'Blouse length'],
      rows: [
        { size: '34', inches: [34, null] },
        { size: '36', inches: [36.5, 15] },
      ],
    });

    const shopper = await signedUp(t, 'Lalitha');
    expect((await chartOf({ measures: ['Bust'], chart: {} }, blouses.id, shopper)).status).toBe(403);
    for (const listId of ['999999', 'abc', '-1', '1.5']) expect((await chartOf({ measures: ['Bust'], chart: {} }, listId)).status, listId).toBe(404);
    for (const bad of [
      { measures: [], chart: {} },
      { measures: ['Bust', 'bust'], chart: {} },
      { measures: ['Bust'], chart: { '50': [50] } },
      { measures: ['Bust'], chart: { '34': [34, 15] } },
      { measures: ['Bust'], chart: { '34': [0] } },
      { measures: ['Bust'], chart: { '34': [200] } },
      { measures: ['Bust'], chart: { '34': [34.3] } },
      { measures: ['Bust'], chart: { '34': ['34'] } },
      { measures: ['<b>Bust</b>'.repeat(10)], chart: {} },
      { measures: Array.from({ length: 7 }, (_, i) => `M${i}`), chart: {} },
      { measures: ['Bust'], chart: { "34'; drop table size_lists; --": [34] } },
    ]) {
      expect((await chartOf(bad)).status, JSON.stringify(bad)).toBe(422);
    }
    expect((await page(id)).sizeChart?.measures).toEqual(['Bust', 'Blouse length']);
  });

  it('finds pieces running low or sold out in a size, and adjusts a size from the list with a reason, in the ledger', async () => {
    const tag = `Lot${Date.now().toString(36)}`;
    const make = async (sizes: Record<string, number>, name: string) => {
      const res = await send(t, 'POST', '/api/admin/products', { name: `${tag} ${name}`, price: 999_00, sizeListId: kurtas.id, sizes: Object.entries(sizes).map(([size, stock]) => ({ size, stock })) }, owner.cookie);
      return ((await res.json()) as AdminProduct).id;
    };
    const gapped = await make({ S: 0, M: 2, L: 9 }, 'gapped');
    const deep = await make({ M: 9 }, 'deep');
    const listed = async (filter: string) =>
      ((await (await send(t, 'GET', `/api/admin/products?search=${tag}&stock=${filter}`, undefined, owner.cookie)).json()) as { items: { id: number; sizes: unknown }[] }).items.map((r) => r.id);
    expect(await listed('out')).toEqual([gapped]);
    expect(await listed('low')).toEqual([gapped]);
    expect((await listed('all')).sort()).toEqual([gapped, deep].sort());
    expect((await send(t, 'GET', '/api/admin/products?stock=some', undefined, owner.cookie)).status).toBe(400);

    const adjust = (body: unknown, cookie = owner.cookie, id = gapped) => send(t, 'POST', `/api/admin/products/${id}/stock`, body, cookie);
    const done = await adjust({ size: 'S', stock: 5, reason: 'restocked', note: 'Diwali lot' });
    expect(done.status).toBe(200);
    expect(((await done.json()) as AdminProduct).sizes).toEqual([
      { size: 'S', stock: 5 },
      { size: 'M', stock: 2 },
      { size: 'L', stock: 9 },
    ]);
    expect(await listed('out')).toEqual([]);
    const [row] = await t.database.db
      .select({ change: stockMovements.change, reason: stockMovements.reason, actor: stockMovements.actorId, note: stockMovements.note })
      .from(stockMovements)
      .innerJoin(productSizes, eq(productSizes.id, stockMovements.productSizeId))
      .where(and(eq(productSizes.productId, gapped), eq(productSizes.size, 'S')))
      .orderBy(desc(stockMovements.id))
      .limit(1);
    expect(row).toEqual({ change: 5, reason: 'restocked', actor: owner.id, note: 'Diwali lot' });

    const { s: shopperOnly } = await shopper('Tara');
    for (const [body, status] of [
      [{ size: 'XL', stock: 1, reason: 'restocked' }, 422],
      [{ size: 'M', stock: -1, reason: 'corrected' }, 422],
      [{ size: 'M', stock: 1.5, reason: 'corrected' }, 422],
      [{ size: 'M', stock: 1, reason: 'stolen' }, 422],
      [{ size: 'M\u0000', stock: 1, reason: 'corrected' }, 422],
    ] as const) {
      expect((await adjust(body)).status, JSON.stringify(body)).toBe(status);
    }
    expect((await adjust({ size: 'M', stock: 50, reason: 'restocked' }, shopperOnly.cookie)).status).toBe(403);
    expect((await adjust({ size: 'M', stock: 50, reason: 'restocked' }, owner.cookie, 999_999)).status).toBe(404);
    expect(await stockOf(gapped)).toEqual({ S: 5, M: 2, L: 9 });
  });
});
