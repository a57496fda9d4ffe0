/**
 * Stock that is never oversold (issue 16, docs/decisions/0018), through the real checkout on PGlite
 * and PostgreSQL: an order takes its pieces when it is made for payment, all or none; they come back
 * when its window closes or the owner cancels it; a paid order keeps them, and a paid order cancelled
 * puts them back. After every scenario the count equals the ledger's sum.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '../../../shared/addresses.ts';
import type { CheckoutStart } from '../../../shared/orders.ts';
import { ONE_SIZE, tooFewLeft } from '../../../shared/stock.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { catalogVersion, orders, products, productSizes, requestLimits, stockMovements } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { lapsedAndBalanced, lapseUnpaid, setStock, stockTestShop } from '../../test/orders-kit.ts';
import type { TestApp } from '../../test/test-app.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;
type Target = Parameters<typeof send>[0];

let t: TestApp;
let owner: Shopper;
let freshPiece: () => number;

beforeAll(async () => {
  ({ t, owner, freshPiece } = await stockTestShop());
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await lapsedAndBalanced(t)).toEqual([]);
});

async function shopper(name: string, on: Target = t): Promise<{ s: Shopper; address: Address }> {
  const s = await signedUp(on, name);
  const res = await send(on, 'POST', '/api/addresses', { name: `${name} Rao`, phone: '9876543210', house: '7', street: 'Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' }, s.cookie);
  return { s, address: (await res.json()) as Address };
}

const stockOf = async (productId: number) =>
  (await t.database.db.select({ stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, productId), eq(productSizes.size, ONE_SIZE))))[0]!.stock;
const labelOf = async (productId: number) => (await t.database.db.select({ a: products.availability }).from(products).where(eq(products.id, productId)))[0]!.a;
const ledgerOf = (productId: number) =>
  t.database.db
    .select({ change: stockMovements.change, reason: stockMovements.reason, orderId: stockMovements.orderId })
    .from(stockMovements)
    .innerJoin(productSizes, eq(productSizes.id, stockMovements.productSizeId))
    .where(eq(productSizes.productId, productId))
    .orderBy(asc(stockMovements.id));
const stateOf = async (orderId: string) => (await t.database.db.select({ s: orders.stockState }).from(orders).where(eq(orders.id, orderId)))[0]!.s;

/** Buy Now of `productId` (quantity 1) or the shopper's cart, as the checkout screen starts it. */
async function start(who: { s: Shopper; address: Address }, productId?: number, on: Target = t) {
  const q = await send(on, 'GET', `/api/checkout/quote${productId ? `?buyNow=${productId}` : ''}`, undefined, who.s.cookie);
  const quote = await q.json();
  if (q.status !== 200) return { status: q.status, body: quote };
  const res = await send(on, 'POST', '/api/checkout/orders', { addressId: who.address.id, ...(productId ? { buyNow: { productId } } : {}), expectedTotal: quote.amounts.total }, who.s.cookie);
  return { status: res.status, body: await res.json() };
}

async function pay(who: { s: Shopper }, orderId: string) {
  const success = await (await send(t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, who.s.cookie)).json();
  expect((await send(t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, who.s.cookie)).status).toBe(200);
}

const cancel = (orderId: string, from: string) => send(t, 'POST', `/api/admin/orders/${orderId}/status`, { from, to: 'cancelled' }, owner.cookie);

describe('an order made for payment', () => {
  it('takes its pieces off the stock and the label follows; the window closing gives them back', async () => {
    const p = freshPiece();
    await setStock(t, p, 4);
    const asha = await shopper('Asha');
    const cart = await send(t, 'POST', '/api/cart/items', { productId: p, quantity: 2 }, asha.s.cookie);
    expect(cart.status).toBe(200);
    const { status, body } = await start(asha);
    expect(status).toBe(201);
    const orderId = (body as CheckoutStart).orderId;
    expect(await stockOf(p)).toBe(2);
    expect(await labelOf(p)).toBe('Only a few left');
    expect(await stateOf(orderId)).toBe('held');
    expect((await ledgerOf(p)).at(-1)).toEqual({ change: -2, reason: 'reserved', orderId });

    await lapseUnpaid(t); // the reconcile step, past the payment window
    expect(await stockOf(p)).toBe(4);
    expect(await labelOf(p)).toBe('In Stock');
    expect(await stateOf(orderId)).toBe('released');
    expect((await ledgerOf(p)).at(-1)).toEqual({ change: 2, reason: 'released', orderId });
    await lapseUnpaid(t); // again: nothing more comes back
    expect(await stockOf(p)).toBe(4);
    await send(t, 'DELETE', `/api/cart/items/${p}`, undefined, asha.s.cookie);
  });

  it('moves the catalog’s version (the caches’ key) only when a label changes, not on every order', async () => {
    const p = freshPiece();
    await setStock(t, p, 20);
    const version = async () => (await t.database.db.select({ v: catalogVersion.version }).from(catalogVersion))[0]!.v;
    const before = await version();
    const bina = await shopper('Bina');
    await send(t, 'POST', '/api/cart/items', { productId: p, quantity: 1 }, bina.s.cookie);
    expect((await start(bina)).status).toBe(201);
    expect(await labelOf(p)).toBe('In Stock');
    expect(await version()).toBe(before);
    await lapseUnpaid(t);
    await setStock(t, p, 1);
    const low = await version();
    expect(low).toBeGreaterThan(before); // 'Only a few left': cards and pages say so
    await send(t, 'DELETE', `/api/cart/items/${p}`, undefined, bina.s.cookie);
  });

  it('is refused, naming the piece and what is left, when too few are left: nothing is written or taken', async () => {
    const [p, q] = [freshPiece(), freshPiece()];
    await setStock(t, p, 1);
    await setStock(t, q, 5);
    const bela = await shopper('Bela');
    await send(t, 'POST', '/api/cart/items', { productId: q, quantity: 2 }, bela.s.cookie);
    await send(t, 'POST', '/api/cart/items', { productId: p, quantity: 1 }, bela.s.cookie);
    const quote = await (await send(t, 'GET', '/api/checkout/quote', undefined, bela.s.cookie)).json();
    // Someone else buys the last piece of p between Bela's quote and her Pay.
    const chitra = await shopper('Chitra');
    expect((await start(chitra, p)).status).toBe(201);
    const name = (await t.database.db.select({ name: products.name }).from(products).where(eq(products.id, p)))[0]!.name;
    const res = await send(t, 'POST', '/api/checkout/orders', { addressId: bela.address.id, expectedTotal: quote.amounts.total }, bela.s.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'sold_out', message: tooFewLeft(name, 0) });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, bela.s.id))).toEqual([]);
    expect(await stockOf(q)).toBe(5);
    expect(await stockOf(p)).toBe(0);
    expect(await labelOf(p)).toBe('Out of Stock');
  });

  it('says how many are left when a cart asks for more than there are', async () => {
    const p = freshPiece();
    await setStock(t, p, 3);
    const devi = await shopper('Devi');
    const added = await send(t, 'POST', '/api/cart/items', { productId: p, quantity: 3 }, devi.s.cookie);
    expect(added.status).toBe(200);
    // Another shopper bought one meanwhile: the cart now asks for more than there are.
    await setStock(t, p, 2);
    const name = (await t.database.db.select({ name: products.name }).from(products).where(eq(products.id, p)))[0]!.name;
    const { status, body } = await start(devi);
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'sold_out', message: tooFewLeft(name, 2) });
    expect(await stockOf(p)).toBe(2);
    await send(t, 'DELETE', `/api/cart/items/${p}`, undefined, devi.s.cookie);
  });
});

/** A piece no other test uses, `pieces` of it in stock, and a shopper's Buy Now order for one. */
async function orderOfAFreshPiece(name: string, pieces: number) {
  const p = freshPiece();
  await setStock(t, p, pieces);
  const who = await shopper(name);
  const { status, body } = await start(who, p);
  expect(status).toBe(201);
  return { p, who, orderId: (body as CheckoutStart).orderId };
}

describe('paying and cancelling', () => {
  it('a paid order keeps its pieces; the owner cancelling it puts them back, once', async () => {
    const { p, who: esha, orderId } = await orderOfAFreshPiece('Esha', 3);
    await pay(esha, orderId);
    expect(await stockOf(p)).toBe(2);
    expect(await stateOf(orderId)).toBe('sold');
    await lapseUnpaid(t);
    expect(await stockOf(p)).toBe(2); // paid: nothing lapses

    expect((await cancel(orderId, 'processing')).status).toBe(200);
    expect((await cancel(orderId, 'processing')).status).toBe(200); // a retry changes nothing
    expect(await stockOf(p)).toBe(3);
    expect(await stateOf(orderId)).toBe('returned');
    expect((await ledgerOf(p)).slice(-2)).toEqual([
      { change: -1, reason: 'reserved', orderId },
      { change: 1, reason: 'cancelled', orderId },
    ]);
  });

  it('the owner cancelling an unpaid order releases its pieces at once', async () => {
    const { p, orderId } = await orderOfAFreshPiece('Farah', 1);
    expect(await labelOf(p)).toBe('Out of Stock');
    expect((await cancel(orderId, 'pending')).status).toBe(200);
    expect(await stockOf(p)).toBe(1);
    expect(await labelOf(p)).toBe('Only a few left');
    expect(await stateOf(orderId)).toBe('released');
  });
});

describe('the owner', () => {
  it('says how many pieces there are in the editor: the label follows, and each change is a ledger row with who made it', async () => {
    const made = await send(t, 'POST', '/api/admin/products', { name: 'Kota Doria Dupatta in Saffron', price: 899_00, stock: 3 }, owner.cookie);
    expect(made.status).toBe(201);
    const product = await made.json();
    expect(product).toMatchObject({ stock: 3, availability: 'Only a few left' });
    const edited = await send(t, 'PUT', `/api/admin/products/${product.id}`, { name: product.name, price: 899_00, stock: 0 }, owner.cookie);
    expect(await edited.json()).toMatchObject({ stock: 0, availability: 'Out of Stock' });
    const listed = await (await send(t, 'GET', `/api/admin/products?search=${product.id}`, undefined, owner.cookie)).json();
    expect(listed.items.find((r: { id: number }) => r.id === product.id)).toMatchObject({ stock: 0, availability: 'Out of Stock' });
    const seeded = freshPiece();
    await setStock(t, seeded, 7);
    const other = await (await send(t, 'GET', `/api/admin/products?search=${seeded}`, undefined, owner.cookie)).json();
    expect(other.items.find((r: { id: number }) => r.id === seeded)).toMatchObject({ stock: 7, availability: 'In Stock' });
    const ledger = await t.database.db
      .select({ change: stockMovements.change, reason: stockMovements.reason, actorId: stockMovements.actorId })
      .from(stockMovements)
      .innerJoin(productSizes, eq(productSizes.id, stockMovements.productSizeId))
      .where(eq(productSizes.productId, product.id))
      .orderBy(asc(stockMovements.id));
    expect(ledger).toEqual([
      { change: 3, reason: 'restocked', actorId: owner.id },
      { change: -3, reason: 'corrected', actorId: owner.id },
    ]);
  });

  it('cannot be given a count below 0, fractional or absurd: 422 and nothing changes', async () => {
    const p = freshPiece();
    await setStock(t, p, 2);
    const before = await (await send(t, 'GET', `/api/admin/products/${p}`, undefined, owner.cookie)).json();
    const { id: _, hidden: _h, orderCount: _o, updatedAt: _u, availability: _a, ...input } = before;
    for (const stock of [-1, 1.5, 100_000, 1e12, '3', null]) {
      const res = await send(t, 'PUT', `/api/admin/products/${p}`, { ...input, stock }, owner.cookie);
      expect(res.status).toBe(422);
    }
    expect(await stockOf(p)).toBe(2);
  });
});

describe('the last pieces', () => {
  it('of a size go to exactly as many shoppers as there are pieces, however many press Pay at once, over two app servers', async () => {
    // A kurta with the last 3 in M; its other size is not touched.
    const { sizeLists } = (await (await send(t, 'GET', '/api/admin/products/groups', undefined, owner.cookie)).json()) as { sizeLists: { id: number; name: string }[] };
    const kurtas = sizeLists.find((l) => l.name === 'Kurtas and suits')!;
    const made = await send(t, 'POST', '/api/admin/products', { name: 'Last Three Kurta', price: 1299_00, sizeListId: kurtas.id, sizes: [{ size: 'S', stock: 5 }, { size: 'M', stock: 3 }] }, owner.cookie);
    expect(made.status).toBe(201);
    const p = ((await made.json()) as { id: number }).id;
    // On PostgreSQL the second app server has a pool of its own, as another machine would.
    const other: Database | null = t.database.kind === 'postgres' ? await openPostgres(t.databaseUrl!, 8) : null;
    const second = t.another((other ?? t.database).db);
    const servers: Target[] = [t, { app: second }];
    const shoppers = [];
    for (let i = 0; i < 50; i++) {
      await t.database.db.delete(requestLimits); // fifty sign-ups from one address, which the shop would rightly slow down
      shoppers.push(await shopper(`Racer${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'xy'[Math.floor(i / 26)]}`));
    }
    const quote = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${p}&size=M`, undefined, shoppers[0]!.s.cookie)).json();
    const answers = await Promise.all(
      shoppers.map((who, i) =>
        send(servers[i % 2]!, 'POST', '/api/checkout/orders', { addressId: who.address.id, buyNow: { productId: p, size: 'M' }, expectedTotal: quote.amounts.total }, who.s.cookie),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    for (const r of answers.filter((a) => a.status === 409)) expect(await r.json()).toMatchObject({ code: 'sold_out', message: tooFewLeft('Last Three Kurta (size M)', 0) });
    const sizes = await t.database.db.select({ size: productSizes.size, stock: productSizes.stock }).from(productSizes).where(and(eq(productSizes.productId, p), isNull(productSizes.retiredAt))).orderBy(asc(productSizes.position));
    expect(sizes).toEqual([{ size: 'S', stock: 5 }, { size: 'M', stock: 0 }]);
    expect((await ledgerOf(p)).filter((m) => m.reason === 'reserved')).toHaveLength(3);
    await other?.close();
  }, 120_000);
});
