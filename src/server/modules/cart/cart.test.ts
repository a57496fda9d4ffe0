/**
 * The cart API (spec §3 cart item, §4 Cart item, §5 Cart, §7 cart, §8 cart toasts) on PGlite and
 * PostgreSQL: each shopper's lines are their own, an add is safe to repeat or race, quantities keep
 * to 1..10, sold-out pieces and a 51st line are refused, and every change answers the whole cart.
 */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CART_FULL,
  MAX_CART_LINES,
  QUANTITY_NOT_WHOLE,
  QUANTITY_TOO_HIGH,
  QUANTITY_TOO_LOW,
  SOLD_OUT,
  type Cart,
  type CartItem,
} from '../../../shared/cart.ts';
import type { ProductDetail } from '../../../shared/catalog.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { cartItems, products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { plentyOfStock, setStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
let meera: Shopper;
let arjun: Shopper;
/** Ids of pieces that can be bought, lowest first. */
let ids: number[];
let soldOutId: number;
let unknownId: number;

beforeAll(async () => {
  t = await createTestApp();
  meera = await signedUp(t, 'Meera');
  arjun = await signedUp(t, 'Arjun');
  const all = await t.database.db
    .select({ id: products.id, availability: products.availability })
    .from(products)
    .orderBy(asc(products.id));
  ids = all.filter((p) => p.availability !== 'Out of Stock').map((p) => p.id);
  soldOutId = all.find((p) => p.availability === 'Out of Stock')!.id;
  unknownId = all.at(-1)!.id + 1000;
  expect(ids.length).toBeGreaterThan(MAX_CART_LINES + 10);
  // The rules here are the cart's own; the cap at what is left has tests of its own (cart-sizes.test.ts).
  await plentyOfStock(t);
});
afterAll(() => t.close());

const add = (body: unknown, cookie: string) => send(t, 'POST', '/api/cart/items', body, cookie);
const patch = (id: number | string, body: unknown, cookie: string) => send(t, 'PATCH', `/api/cart/items/${id}`, body, cookie);
const remove = (id: number | string, cookie: string) => send(t, 'DELETE', `/api/cart/items/${id}`, undefined, cookie);

/** The lines as `[productId, quantity, selected]`, in the cart's order. */
const linesOf = (cart: Cart) => cart.items.map((i) => [i.productId, i.quantity, i.selected] as const);

async function cartOf(s: Shopper) {
  const res = await send(t, 'GET', '/api/cart', undefined, s.cookie);
  expect(res.status).toBe(200);
  return linesOf((await res.json()) as Cart);
}

/** A whole-cart answer: its status must be 200. */
async function answered(res: Response | Promise<Response>) {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(200);
  return linesOf(body as Cart);
}

async function emptyCart(s: Shopper) {
  await t.database.db.delete(cartItems).where(eq(cartItems.userId, s.id));
}

/** Lines written straight into the database (as the tables' owner), to reach the limit quickly. */
async function fillCart(s: Shopper, productIds: number[]) {
  await t.database.db.insert(cartItems).values(productIds.map((productId) => ({ userId: s.id, productId })));
}

const lineCount = async (s: Shopper) =>
  (await t.database.db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, s.id)))[0]!.n;

const session = async (s: Shopper) => (await (await send(t, 'GET', '/api/accounts/session', undefined, s.cookie)).json()).shelf;

function invalid(message: string, fields: Record<string, string>) {
  return { code: 'invalid', message, fields };
}

describe('the cart', () => {
  it('starts empty', async () => {
    const res = await send(t, 'GET', '/api/cart', undefined, meera.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ items: [] });
  });

  it('adds one piece, selected, with its product, and answers the whole cart', async () => {
    const id = ids[0]!;
    const res = await add({ productId: id }, meera.cookie);
    expect(res.status).toBe(200);
    const cart = (await res.json()) as Cart;
    const p = (await (await t.get(`/api/products/${id}`)).json()) as ProductDetail;
    expect(cart).toEqual({
      items: [
        {
          productId: id,
          size: ONE_SIZE,
          quantity: 1,
          selected: true,
          sizes: p.sizes,
          product: {
            id,
            name: p.name,
            thumbnail: p.thumbnail,
            images: p.images,
            price: p.price,
            offerPrice: p.offerPrice,
            availability: p.availability,
            sized: false,
            reviewCount: 0,
            rating: null,
          },
        } satisfies CartItem,
      ],
    });
  });

  it('keeps the larger quantity when a piece is added again, and selects it again', async () => {
    const id = ids[0]!;
    expect(await answered(add({ productId: id, quantity: 3 }, meera.cookie))).toEqual([[id, 3, true]]);
    expect(await answered(add({ productId: id }, meera.cookie))).toEqual([[id, 3, true]]);
    expect(await answered(add({ productId: id, quantity: 2 }, meera.cookie))).toEqual([[id, 3, true]]);
    expect(await answered(patch(id, { selected: false }, meera.cookie))).toEqual([[id, 3, false]]);
    expect(await answered(add({ productId: id, quantity: 1 }, meera.cookie))).toEqual([[id, 3, true]]);
    expect(await answered(add({ productId: id, quantity: 10 }, meera.cookie))).toEqual([[id, 10, true]]);
  });

  it('lists the newest line first', async () => {
    await add({ productId: ids[1] }, meera.cookie);
    expect(await answered(add({ productId: ids[2], quantity: 2 }, meera.cookie))).toEqual([
      [ids[2], 2, true],
      [ids[1], 1, true],
      [ids[0], 10, true],
    ]);
    expect(await cartOf(meera)).toEqual([
      [ids[2], 2, true],
      [ids[1], 1, true],
      [ids[0], 10, true],
    ]);
  });

  it('changes a line’s quantity, its selection or both (spec §7), up or down', async () => {
    const id = ids[0]!;
    expect(await answered(patch(id, { quantity: 4 }, meera.cookie))).toContainEqual([id, 4, true]);
    expect(await answered(patch(id, { selected: false }, meera.cookie))).toContainEqual([id, 4, false]);
    expect(await answered(patch(id, { quantity: 1, selected: true }, meera.cookie))).toContainEqual([id, 1, true]);
    expect(await answered(patch(id, { quantity: 10 }, meera.cookie))).toContainEqual([id, 10, true]);
    expect(await answered(patch(id, { quantity: 2, selected: false }, meera.cookie))).toEqual([
      [ids[2], 2, true],
      [ids[1], 1, true],
      [id, 2, false],
    ]);
  });

  it('counts every piece in the session’s shelf: the sum of the quantities, selected or not', async () => {
    expect(await session(meera)).toEqual({ likedProductIds: [], cartPieces: 5 });
    expect(await session(arjun)).toEqual({ likedProductIds: [], cartPieces: 0 });
    // The likes ride along in the same shelf; a like is not a piece in the cart.
    expect((await send(t, 'PUT', `/api/wishlist/${ids[30]}`, undefined, meera.cookie)).status).toBe(200);
    expect(await session(meera)).toEqual({ likedProductIds: [ids[30]], cartPieces: 5 });
    expect((await send(t, 'DELETE', `/api/wishlist/${ids[30]}`, undefined, meera.cookie)).status).toBe(200);
  });

  it('removes a line, and removing it again (or one never there) is no error', async () => {
    const after = [
      [ids[2], 2, true],
      [ids[0], 2, false],
    ];
    expect(await answered(remove(ids[1]!, meera.cookie))).toEqual(after);
    expect(await answered(remove(ids[1]!, meera.cookie))).toEqual(after);
    expect(await answered(remove(ids[40]!, meera.cookie))).toEqual(after);
    expect(await answered(remove(unknownId, meera.cookie))).toEqual(after);
    expect(await session(meera)).toMatchObject({ cartPieces: 4 });
  });

  it('says “This piece is no longer in your cart.” when changing a line that is not there', async () => {
    for (const id of [ids[1]!, unknownId]) {
      const res = await patch(id, { quantity: 2 }, meera.cookie);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'not_found', message: 'This piece is no longer in your cart.' });
    }
    expect(await lineCount(meera)).toBe(2);
  });
});

describe('what an add may carry', () => {
  const before = () => cartOf(meera);

  it.each([
    [0, QUANTITY_TOO_LOW],
    [-1, QUANTITY_TOO_LOW],
    [-1000, QUANTITY_TOO_LOW],
    [11, QUANTITY_TOO_HIGH],
    [1e9, QUANTITY_TOO_HIGH],
    [2 ** 31, QUANTITY_TOO_HIGH],
    [Number.MAX_SAFE_INTEGER, QUANTITY_TOO_HIGH],
    [1.5, QUANTITY_NOT_WHOLE],
    [0.5, QUANTITY_NOT_WHOLE],
    [-1.5, QUANTITY_NOT_WHOLE],
    ['2', QUANTITY_NOT_WHOLE],
    ['', QUANTITY_NOT_WHOLE],
    [null, QUANTITY_NOT_WHOLE],
    [true, QUANTITY_NOT_WHOLE],
    [[1], QUANTITY_NOT_WHOLE],
    [{ n: 1 }, QUANTITY_NOT_WHOLE],
  ])('refuses the quantity %j with “%s”, and writes nothing', async (quantity, message) => {
    const was = await before();
    const res = await add({ productId: ids[3], quantity }, meera.cookie);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(invalid(message.replace(/\.$/, ''), { quantity: message }));
    expect(await before()).toEqual(was);
  });

  it('refuses a quantity JSON can only spell as a number too large to hold', async () => {
    const res = await t.app.request('/api/cart/items', {
      method: 'POST',
      headers: { Cookie: meera.cookie, 'Content-Type': 'application/json' },
      body: `{"productId":${ids[3]},"quantity":1e400}`,
    });
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toEqual({ quantity: QUANTITY_NOT_WHOLE });
  });

  it.each([
    ['missing', undefined],
    ['a string', 'x'],
    ['a string of digits', '5'],
    ['zero', 0],
    ['negative', -3],
    ['fractional', 2.5],
    ['past the largest id', 2 ** 31],
    ['null', null],
    ['an object', { id: 5 }],
  ])('refuses a productId that is %s (422 “Product not found”)', async (_, productId) => {
    const was = await before();
    const res = await add({ productId, quantity: 1 }, meera.cookie);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(invalid('Product not found', { productId: 'Product not found' }));
    expect(await before()).toEqual(was);
  });

  it('names every problem, joined by commas without trailing periods', async () => {
    const res = await add({ productId: 'x', quantity: 0 }, meera.cookie);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      invalid('Product not found, Quantity must be at least 1', { productId: 'Product not found', quantity: QUANTITY_TOO_LOW }),
    );
  });

  it('answers 404 “Product not found” for a product that does not exist', async () => {
    const res = await add({ productId: unknownId }, meera.cookie);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'not_found', message: 'Product not found' });
    expect(await lineCount(meera)).toBe(2);
  });

  it('refuses a sold-out piece with 409 sold_out', async () => {
    const was = await before();
    for (const quantity of [1, 3]) {
      const res = await add({ productId: soldOutId, quantity }, meera.cookie);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ code: 'sold_out', message: SOLD_OUT });
    }
    expect(await before()).toEqual(was);
  });

  it('refuses a piece that sold out after it was put in the cart, and leaves the line as it was', async () => {
    const id = ids[4]!;
    await answered(add({ productId: id, quantity: 2 }, meera.cookie));
    await setStock(t, id, 0);
    try {
      const res = await add({ productId: id, quantity: 5 }, meera.cookie);
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe('sold_out');
      // Nor may its line grow; it may still be deselected, waiting for the piece to come back.
      const grown = await send(t, 'PATCH', `/api/cart/items/${id}`, { quantity: 3 }, meera.cookie);
      expect(grown.status).toBe(409);
      expect((await grown.json()).code).toBe('sold_out');
      expect((await send(t, 'PATCH', `/api/cart/items/${id}`, { selected: false }, meera.cookie)).status).toBe(200);
      const lines = (await (await send(t, 'GET', '/api/cart', undefined, meera.cookie)).json()) as Cart;
      expect(lines.items.find((i) => i.productId === id)).toMatchObject({ quantity: 2, selected: false, product: { availability: 'Out of Stock' } });
    } finally {
      await setStock(t, id, 1000);
      await remove(id, meera.cookie);
    }
  });

  it('ignores fields it does not know: never another shopper’s id, a price or a selection', async () => {
    const id = ids[5]!;
    const lines = await answered(
      add({ productId: id, quantity: 2, selected: false, userId: arjun.id, user_id: arjun.id, price: 1, id: 'x' }, meera.cookie),
    );
    expect(lines[0]).toEqual([id, 2, true]);
    expect(await cartOf(arjun)).toEqual([]);
    await remove(id, meera.cookie);
  });

  it('refuses what is not a JSON object: 400 for broken JSON, 415 for a form or text, 413 for 1 MB', async () => {
    const was = await before();
    const raw = (type: string, body: string) =>
      t.app.request('/api/cart/items', { method: 'POST', headers: { Cookie: meera.cookie, 'Content-Type': type }, body });
    const broken = await raw('application/json', '{"productId": 5,');
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe('bad_request');
    for (const body of ['[]', 'null', '5', '"x"']) {
      const res = await raw('application/json', body);
      expect(res.status, body).toBe(422);
      expect((await res.json()).code).toBe('invalid');
    }
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', `productId=${ids[6]}`],
      ['text/plain', JSON.stringify({ productId: ids[6] })],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="productId"\r\n\r\n${ids[6]}\r\n--x--`],
    ]) {
      const res = await raw(type!, body!);
      expect(res.status, type).toBe(415);
      expect((await res.json()).code).toBe('unsupported_media_type');
    }
    const big = await add({ productId: ids[6], quantity: 1, pad: 'x'.repeat(1024 * 1024) }, meera.cookie);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ code: 'too_large', message: 'This request is too large.' });
    const crossSite = await send(t, 'POST', '/api/cart/items', { productId: ids[6] }, meera.cookie, { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await before()).toEqual(was);
  });
});

describe('what a change may carry', () => {
  const id = () => ids[0]!;

  it.each([
    [{}, { _form: 'Nothing to change.' }],
    [{ price: 1 }, { _form: 'Nothing to change.' }],
    [{ quantity: 0 }, { quantity: QUANTITY_TOO_LOW }],
    [{ quantity: -2 }, { quantity: QUANTITY_TOO_LOW }],
    [{ quantity: 11 }, { quantity: QUANTITY_TOO_HIGH }],
    [{ quantity: 1e12 }, { quantity: QUANTITY_TOO_HIGH }],
    [{ quantity: 2.5 }, { quantity: QUANTITY_NOT_WHOLE }],
    [{ quantity: '3' }, { quantity: QUANTITY_NOT_WHOLE }],
    [{ quantity: null }, { quantity: QUANTITY_NOT_WHOLE }],
    [{ selected: 'yes' }, { selected: 'Selected must be true or false.' }],
    [{ selected: 1 }, { selected: 'Selected must be true or false.' }],
    [{ selected: null }, { selected: 'Selected must be true or false.' }],
    [{ quantity: 0, selected: 'no' }, { quantity: QUANTITY_TOO_LOW, selected: 'Selected must be true or false.' }],
  ])('refuses %j with %j, and changes nothing', async (body, fields) => {
    const was = await cartOf(meera);
    const res = await patch(id(), body, meera.cookie);
    expect(res.status).toBe(422);
    const message = Object.values(fields)
      .map((m) => m.replace(/\.$/, ''))
      .join(', ');
    expect(await res.json()).toEqual(invalid(message, fields));
    expect(await cartOf(meera)).toEqual(was);
  });

  it('takes a request without a body as an empty one: 422 for a change and for an add', async () => {
    const change = await send(t, 'PATCH', `/api/cart/items/${id()}`, undefined, meera.cookie);
    expect(change.status).toBe(422);
    expect(await change.json()).toEqual(invalid('Nothing to change', { _form: 'Nothing to change.' }));
    const addition = await send(t, 'POST', '/api/cart/items', undefined, meera.cookie);
    expect(addition.status).toBe(422);
    expect(await addition.json()).toEqual(invalid('Product not found', { productId: 'Product not found' }));
  });

  it('ignores fields it does not know: the line keeps its product and its owner', async () => {
    const res = await patch(id(), { quantity: 3, productId: ids[9], userId: arjun.id }, meera.cookie);
    expect(await answered(res)).toContainEqual([id(), 3, false]);
    expect(await cartOf(arjun)).toEqual([]);
  });

  it.each(['0', '-1', '01', 'abc', '1.5', '99999999999', '2147483648'])('answers 404 “Product not found” for the id %s', async (bad) => {
    for (const res of [await patch(bad, { quantity: 2 }, meera.cookie), await remove(bad, meera.cookie)]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 'not_found', message: 'Product not found' });
    }
  });
});

describe('whose cart', () => {
  it('needs a session: 401 for every call, even with a bad id or body', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/cart', undefined],
      ['POST', '/api/cart/items', { productId: ids[0] }],
      ['POST', '/api/cart/items', { productId: 'x' }],
      ['PATCH', `/api/cart/items/${ids[0]}`, { quantity: 2 }],
      ['PATCH', '/api/cart/items/abc', {}],
      ['DELETE', `/api/cart/items/${ids[0]}`, undefined],
      ['DELETE', '/api/cart/items/0', undefined],
    ] as const) {
      for (const cookie of [undefined, 'vastra.session_token=forged.cookie']) {
        const res = await send(t, method, url, body, cookie);
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(await res.json()).toEqual({ code: 'sign_in_required', message: 'Please log in to continue.' });
      }
    }
  });

  it('shows each shopper only their own lines', async () => {
    const meeras = await cartOf(meera);
    expect(meeras.length).toBeGreaterThan(0);
    expect(await cartOf(arjun)).toEqual([]);
    await answered(add({ productId: ids[7], quantity: 2 }, arjun.cookie));
    expect(await cartOf(arjun)).toEqual([[ids[7], 2, true]]);
    expect(await cartOf(meera)).toEqual(meeras);
    expect(await session(arjun)).toMatchObject({ cartPieces: 2 });
  });

  it('changes and removes by product id only the asker’s own line', async () => {
    const [[id, quantity, selected]] = (await cartOf(meera)) as [[number, number, boolean]];
    const meeras = await cartOf(meera);
    const res = await patch(id, { quantity: 9, selected: !selected }, arjun.cookie);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'not_found', message: 'This piece is no longer in your cart.' });
    expect(await answered(remove(id, arjun.cookie))).toEqual([[ids[7], 2, true]]);
    expect(await cartOf(meera)).toEqual(meeras);
    expect(meeras[0]).toEqual([id, quantity, selected]);
  });

  it('adds the same piece to two carts as two lines, each with its own quantity', async () => {
    const id = ids[7]!;
    await answered(add({ productId: id, quantity: 1 }, meera.cookie));
    await answered(add({ productId: id, quantity: 6 }, arjun.cookie));
    expect((await cartOf(meera)).find(([p]) => p === id)).toEqual([id, 1, true]);
    expect(await cartOf(arjun)).toEqual([[id, 6, true]]);
    await answered(remove(id, arjun.cookie));
    expect((await cartOf(meera)).find(([p]) => p === id)).toEqual([id, 1, true]);
  });
});

describe('racing adds', () => {
  it('makes one line of one piece from five adds sent at once', async () => {
    await emptyCart(arjun);
    const id = ids[8]!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => add({ productId: id }, arjun.cookie)));
    for (const res of answers) expect(await answered(res)).toEqual([[id, 1, true]]);
    expect(await cartOf(arjun)).toEqual([[id, 1, true]]);
    expect(await lineCount(arjun)).toBe(1);
  });

  it('keeps the largest of racing quantities', async () => {
    const id = ids[8]!;
    const answers = await Promise.all([3, 1, 7, 2, 5].map((quantity) => add({ productId: id, quantity }, arjun.cookie)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await cartOf(arjun)).toEqual([[id, 7, true]]);
  });
});

describe('a full cart', () => {
  it(`holds ${MAX_CART_LINES} different pieces: a new one is refused with 409 cart_full, more of one already in is not`, async () => {
    await emptyCart(arjun);
    await fillCart(arjun, ids.slice(0, MAX_CART_LINES));
    const res = await add({ productId: ids[MAX_CART_LINES] }, arjun.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 'cart_full', message: CART_FULL });
    expect(CART_FULL).toBe('Your cart can hold up to 50 different pieces. Please remove one first.');
    expect(await lineCount(arjun)).toBe(MAX_CART_LINES);

    const more = await answered(add({ productId: ids[0], quantity: 4 }, arjun.cookie));
    expect(more).toHaveLength(MAX_CART_LINES);
    expect(more.find(([p]) => p === ids[0])).toEqual([ids[0], 4, true]);

    const fewer = await answered(remove(ids[1]!, arjun.cookie));
    expect(fewer).toHaveLength(MAX_CART_LINES - 1);
    expect(await answered(add({ productId: ids[MAX_CART_LINES] }, arjun.cookie))).toHaveLength(MAX_CART_LINES);
    expect(await session(arjun)).toMatchObject({ cartPieces: MAX_CART_LINES + 3 });
  });

  it('never holds more than the limit when new pieces race for the last places', async () => {
    await emptyCart(arjun);
    await fillCart(arjun, ids.slice(0, MAX_CART_LINES - 3));
    const racing = ids.slice(MAX_CART_LINES - 3, MAX_CART_LINES + 7);
    const answers = await Promise.all(racing.map((productId) => add({ productId }, arjun.cookie)));
    const statuses = answers.map((r) => r.status).sort((a, b) => a - b);
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409)) expect((await res.json()).code).toBe('cart_full');
    expect(await lineCount(arjun)).toBe(MAX_CART_LINES);
    expect(await cartOf(arjun)).toHaveLength(MAX_CART_LINES);
  });
});

describe('a product removed from the catalog', () => {
  it('leaves every cart and the shelf without an error', async () => {
    const id = ids[12]!;
    await emptyCart(arjun);
    await answered(add({ productId: id, quantity: 2 }, meera.cookie));
    await answered(add({ productId: id, quantity: 3 }, arjun.cookie));
    const meeraPieces = (await session(meera)).cartPieces;

    await t.database.db.delete(products).where(eq(products.id, id));

    const left = await t.database.db.select({ n: count() }).from(cartItems).where(eq(cartItems.productId, id));
    expect(left[0]!.n).toBe(0);
    expect((await cartOf(meera)).map(([p]) => p)).not.toContain(id);
    expect(await cartOf(arjun)).toEqual([]);
    expect(await session(meera)).toMatchObject({ cartPieces: meeraPieces - 2 });
    expect(await session(arjun)).toMatchObject({ cartPieces: 0 });

    const again = await add({ productId: id }, meera.cookie);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ code: 'not_found', message: 'Product not found' });
    const change = await patch(id, { quantity: 1 }, meera.cookie);
    expect(change.status).toBe(404);
    expect(await change.json()).toEqual({ code: 'not_found', message: 'This piece is no longer in your cart.' });
    expect((await remove(id, meera.cookie)).status).toBe(200);
    // Nobody else's lines were touched.
    const others = await t.database.db.select({ n: count() }).from(cartItems).where(and(eq(cartItems.userId, meera.id), ne(cartItems.productId, id)));
    expect(others[0]!.n).toBe((await cartOf(meera)).length);
  });
});
