/**
 * Back in stock (issue 16) through the real API on PGlite and PostgreSQL: a signed-in shopper asks
 * to be told when a sold-out size is back; when the owner restocks it (or a shopper's held piece
 * goes back) each waiting shopper gets one mail, with the piece's link and an unsubscribe link, and
 * the request closes. Nobody reads or withdraws another's requests; bad input is refused and writes
 * nothing. The count equals the ledger after each test.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, SizeListChoice } from '../../../shared/admin-product.contract.ts';
import { ALERT_IN_STOCK, ALERT_LINK_UNKNOWN, type StockAlert } from '../../../shared/back-in-stock.ts';
import { PRODUCT_NOT_FOUND } from '../../../shared/cart.contract.ts';
import { CHOOSE_SIZE, SIZE_NOT_OFFERED } from '../../../shared/sizes.ts';
import { mailOutbox, products, stockAlerts } from '../../db/schema/index.ts';
import { asShopper } from '../../db/shopper.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { lapsedAndBalanced, setStock, stockTestShop } from '../../test/orders-kit.ts';
import type { TestApp } from '../../test/test-app.ts';

type Shopper = Awaited<ReturnType<typeof signedUp>>;

let t: TestApp;
let owner: Shopper;
let freshPiece: () => number;
let kurtas: SizeListChoice;
let meera: Shopper;
let arjun: Shopper;

beforeAll(async () => {
  ({ t, owner, freshPiece } = await stockTestShop());
  const { sizeLists } = (await (await send(t, 'GET', '/api/admin/products/groups', undefined, owner.cookie)).json()) as { sizeLists: SizeListChoice[] };
  kurtas = sizeLists.find((l) => l.name === 'Kurtas and suits')!;
  meera = await signedUp(t, 'Meera');
  arjun = await signedUp(t, 'Arjun', { gender: 'male' });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await lapsedAndBalanced(t)).toEqual([]);
});

let made = 0;
async function kurta(sizes: Record<string, number>): Promise<number> {
  const body = { name: `Mulmul Kurta ${++made}`, price: 1299_00, sizeListId: kurtas.id, sizes: Object.entries(sizes).map(([size, stock]) => ({ size, stock })) };
  const res = await send(t, 'POST', '/api/admin/products', body, owner.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as AdminProduct).id;
}

/** A one-size piece, sold out. */
async function soldOutPiece(): Promise<number> {
  const id = freshPiece();
  await setStock(t, id, 0);
  return id;
}

const ask = (who: Shopper | undefined, id: number | string, size?: string) =>
  send(t, 'PUT', `/api/back-in-stock/${id}${size === undefined ? '' : `?size=${encodeURIComponent(size)}`}`, undefined, who?.cookie);
const withdraw = (who: Shopper, id: number, size?: string) => send(t, 'DELETE', `/api/back-in-stock/${id}${size === undefined ? '' : `?size=${size}`}`, undefined, who.cookie);
const listOf = async (who: Shopper) => ((await (await send(t, 'GET', '/api/back-in-stock', undefined, who.cookie)).json()) as { items: StockAlert[] }).items;
const restock = (id: number, size: string, stock: number) =>
  send(t, 'POST', `/api/admin/products/${id}/stock`, { size, stock, reason: 'restocked', note: 'new pieces' }, owner.cookie);
const mailsTo = (who: Shopper) =>
  t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, who.email), eq(mailOutbox.kind, 'back_in_stock'))).orderBy(mailOutbox.id);
/** As the owner's Delete does to a piece that has orders. */
const hidden = (id: number, yes: boolean) => t.database.db.update(products).set({ hiddenAt: yes ? sql`now()` : null }).where(eq(products.id, id));
const alertRows = () => t.database.db.select().from(stockAlerts);

describe('asking', () => {
  it('a signed-in shopper asks once for a sold-out piece and sees it in their list', async () => {
    const id = await soldOutPiece();
    const first = await ask(meera, id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ productId: id, size: 'One size', waiting: true });
    // Tapping again, or two taps racing, is one request.
    await Promise.all([ask(meera, id), ask(meera, id)]);
    const mine = await listOf(meera);
    expect(mine.filter((a) => a.productId === id)).toEqual([
      expect.objectContaining({ productId: id, size: 'One size', mailedAt: null, product: expect.objectContaining({ id }) }),
    ]);
    expect((await alertRows()).filter((r) => r.userId === meera.id)).toHaveLength(1);
  });

  it('a size of a kurta: the size is needed, must be made, and must be sold out', async () => {
    const id = await kurta({ S: 2, M: 0, L: 5 });
    expect(await (await ask(meera, id)).json()).toMatchObject({ code: 'size_required', message: CHOOSE_SIZE });
    const unknown = await ask(meera, id, 'XXL');
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).message).toBe(SIZE_NOT_OFFERED);
    const inStock = await ask(meera, id, 'S');
    expect(inStock.status).toBe(409);
    expect((await inStock.json()).message).toBe(ALERT_IN_STOCK('S'));
    expect((await ask(meera, id, 'M')).status).toBe(200);
    expect((await listOf(meera)).find((a) => a.productId === id)).toMatchObject({ size: 'M', mailedAt: null });
  });

  it('refuses guests, unknown or hidden pieces and hostile input, writing nothing', async () => {
    const before = (await alertRows()).length;
    const id = await soldOutPiece();
    expect((await ask(undefined, id)).status).toBe(401);
    expect((await send(t, 'GET', '/api/back-in-stock')).status).toBe(401);
    for (const bad of ['0', '-1', '1.5', '99999999999', 'abc', '%27%20or%201=1']) expect((await ask(meera, bad)).status, bad).toBe(404);
    expect(await (await ask(meera, 2_000_000_000)).json()).toMatchObject({ message: PRODUCT_NOT_FOUND });
    for (const size of ['../M', 'M\u0000', 'M<script>', 'x'.repeat(40), '']) expect((await ask(meera, id, size)).status, JSON.stringify(size)).toBeGreaterThanOrEqual(400);
    await hidden(id, true);
    expect((await ask(meera, id)).status).toBe(404);
    expect((await alertRows()).length).toBe(before);
    await hidden(id, false);
  });
});

describe('the mail when it is back', () => {
  it('restocking a size mails each waiting shopper once, with the piece and a way to stop, and closes the requests', async () => {
    const id = await kurta({ S: 3, M: 0 });
    expect((await ask(meera, id, 'M')).status).toBe(200);
    expect((await ask(arjun, id, 'M')).status).toBe(200);
    expect((await restock(id, 'M', 4)).status).toBe(200);

    const [mail] = await mailsTo(meera);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Mulmul Kurta ${made} (size M) is back in stock at Vastra`);
    expect(mail!.textBody).toContain(`/product/${id}`);
    expect(mail!.textBody).toMatch(/To stop back-in-stock mails: http:\/\/localhost:3000\/back-in-stock\/stop\/[0-9a-f-]{36}/);
    expect(mail!.htmlBody).toContain('Stop back-in-stock mails');
    expect(await mailsTo(arjun)).toHaveLength(1);
    expect((await listOf(meera)).find((a) => a.productId === id)?.mailedAt).not.toBeNull();

    // More pieces, or sold out and back again: the request was answered, so no second mail.
    expect((await restock(id, 'M', 6)).status).toBe(200);
    expect((await restock(id, 'M', 0)).status).toBe(200);
    expect((await restock(id, 'M', 2)).status).toBe(200);
    expect(await mailsTo(meera)).toHaveLength(1);
    // Asking again after the mail is a new request, answered by the next restock.
    expect((await restock(id, 'M', 0)).status).toBe(200);
    expect((await ask(meera, id, 'M')).status).toBe(200);
    expect((await restock(id, 'M', 1)).status).toBe(200);
    expect(await mailsTo(meera)).toHaveLength(2);
  });

  it('a held piece that goes back to the shelf (the payment closed) tells the waiting shopper', async () => {
    const id = freshPiece();
    await setStock(t, id, 1);
    const buyer = await signedUp(t, 'Bina');
    const address = await (
      await send(t, 'POST', '/api/addresses', { name: 'Bina Roy', phone: '9876543210', house: '4', street: 'Lake Road', city: 'Kolkata', state: 'West Bengal', pincode: '700029' }, buyer.cookie)
    ).json();
    const quote = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${id}`, undefined, buyer.cookie)).json();
    const made = await send(t, 'POST', '/api/checkout/orders', { addressId: address.id, buyNow: { productId: id }, expectedTotal: quote.amounts.total }, buyer.cookie);
    expect(made.status).toBe(201);
    expect((await ask(arjun, id)).status).toBe(200);
    expect(await mailsTo(arjun)).toHaveLength(1); // the kurta's, from the test before
    const { orderId } = await made.json();
    expect((await send(t, 'POST', `/api/checkout/orders/${orderId}/abandon`, undefined, buyer.cookie)).status).toBe(200);
    const mails = await mailsTo(arjun);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.textBody).toContain(`/product/${id}`);
  });

  it('a hidden piece mails nobody: the request waits for it to be shown and restocked', async () => {
    const id = await soldOutPiece();
    expect((await ask(meera, id)).status).toBe(200);
    const mailed = (await mailsTo(meera)).length;
    await hidden(id, true);
    await setStock(t, id, 3);
    expect(await mailsTo(meera)).toHaveLength(mailed);
    expect((await listOf(meera)).find((a) => a.productId === id)).toMatchObject({ mailedAt: null, product: null });
    await hidden(id, false);
  });

  it("a piece's name is escaped in the mail, and replacement patterns stay as they are", async () => {
    const id = await soldOutPiece();
    await t.database.db.update(products).set({ name: `<img src=x onerror=alert(1)> $& $' Saree` }).where(eq(products.id, id));
    expect((await ask(meera, id)).status).toBe(200);
    expect((await restock(id, 'One size', 2)).status).toBe(200);
    const mail = (await mailsTo(meera)).at(-1)!;
    expect(mail.htmlBody).not.toContain('<img src=x');
    expect(mail.htmlBody).toContain('&lt;img src=x onerror=alert(1)&gt; $&amp; $&#39; Saree');
    expect(mail.subject).toBe(`<img src=x onerror=alert(1)> $& $' Saree is back in stock at Vastra`);
  });
});

describe('one shopper against another', () => {
  it("nobody sees or withdraws another's requests, and the database refuses it too", async () => {
    const id = await soldOutPiece();
    expect((await ask(meera, id)).status).toBe(200);
    expect((await listOf(arjun)).some((a) => a.productId === id)).toBe(false);
    // Arjun's withdrawal of the same piece touches only his own (he has none).
    expect((await withdraw(arjun, id)).status).toBe(200);
    expect((await listOf(meera)).some((a) => a.productId === id && a.mailedAt === null)).toBe(true);

    // Row-level security: as Arjun, Meera's rows are not there, and none can be written in her name.
    const db = t.database.db;
    const seen = await asShopper(db, arjun.id, (tx) => tx.select().from(stockAlerts));
    expect(seen.every((r) => r.userId === arjun.id)).toBe(true);
    const [size] = ((await db.execute(sql`select id from product_sizes where product_id = ${id}`)) as unknown as { rows: { id: number }[] }).rows;
    await expect(asShopper(db, arjun.id, (tx) => tx.insert(stockAlerts).values({ userId: meera.id, productSizeId: Number(size!.id) }))).rejects.toThrow();
    await expect(asShopper(db, arjun.id, (tx) => tx.update(stockAlerts).set({ mailedAt: sql`now()` }))).rejects.toThrow();
    const gone = await asShopper(db, arjun.id, (tx) => tx.delete(stockAlerts).returning());
    expect(gone.every((r) => r.userId === arjun.id)).toBe(true);
    expect((await listOf(meera)).some((a) => a.productId === id && a.mailedAt === null)).toBe(true);

    // Meera withdraws her own: safe to repeat.
    expect((await withdraw(meera, id)).status).toBe(200);
    expect(await (await withdraw(meera, id)).json()).toEqual({ productId: id, size: 'One size', waiting: false });
    expect((await listOf(meera)).some((a) => a.productId === id)).toBe(false);
  });
});

describe("the mail's unsubscribe link", () => {
  it("stops every request still waiting of that shopper, and only theirs; a second press is no change", async () => {
    const lata = await signedUp(t, 'Lata');
    const first = await soldOutPiece();
    const second = await soldOutPiece();
    const third = await soldOutPiece();
    for (const id of [first, second, third]) expect((await ask(lata, id)).status).toBe(200);
    expect((await ask(arjun, third)).status).toBe(200);
    expect((await restock(first, 'One size', 2)).status).toBe(200);
    const token = /back-in-stock\/stop\/([0-9a-f-]{36})/.exec((await mailsTo(lata)).at(-1)!.textBody)![1]!;

    const stop = await send(t, 'POST', '/api/back-in-stock/stop', { token });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ stopped: 2 });
    expect((await listOf(lata)).filter((a) => a.mailedAt === null)).toEqual([]);
    expect((await listOf(arjun)).some((a) => a.productId === third && a.mailedAt === null)).toBe(true);
    expect(await (await send(t, 'POST', '/api/back-in-stock/stop', { token })).json()).toEqual({ stopped: 0 });
  });

  it('refuses a token that names nobody, or is no token at all', async () => {
    const unknown = await send(t, 'POST', '/api/back-in-stock/stop', { token: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe(ALERT_LINK_UNKNOWN);
    for (const token of ["' or 1=1 --", 42, null, 'x'.repeat(5000)]) {
      const res = await send(t, 'POST', '/api/back-in-stock/stop', { token });
      expect(res.status, JSON.stringify(token)).toBe(422);
    }
  });
});
