/**
 * Returns' tests (issue 49): a shop with a courier, kurtas of the owner's in sizes, orders delivered
 * by the courier's scans (paid online or Cash on Delivery), and the shopper's and owner's calls.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { orderItems, orders, productSizes, returnRefunds, returnRequests } from '../db/schema/index.ts';
import { send } from './accounts-kit.ts';
import { lapsedAndBalanced } from './orders-kit.ts';
import { startParcelShop, type ParcelShop } from './parcels-kit.ts';

/** `shop` and `kurtas` are read when called: the kit is made before the shop has started. */
export function returnsKit(shop: () => ParcelShop, kurtas: () => { id: number }) {
  const p = new Proxy({} as ParcelShop, { get: (_, key) => shop()[key as keyof ParcelShop] });
  const db = () => p.t.database.db;
  const shopperCookie = () => p.shopper.s.cookie;
  let made = 0;

  /** Cash on Delivery of a Buy Now (one piece), in `size`: placed, its id. */
  async function codBuyNow(buyNow: { productId: number; size?: string }, cookie: string) {
    const query = `buyNow=${buyNow.productId}${buyNow.size ? `&size=${buyNow.size}` : ''}&address=${p.shopper.address.id}`;
    const quote = await (await send(p.t, 'GET', `/api/checkout/quote?${query}`, undefined, cookie)).json();
    const res = await send(p.t, 'POST', '/api/checkout/cod', { addressId: p.shopper.address.id, buyNow, expectedTotal: quote.delivery.cod.total, placementKey: crypto.randomUUID() }, cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()).orderId as string;
  }

  /** A paid order, its id: Buy Now for one piece, the cart for more (Buy Now is always one). */
  async function paidOrder(piece: { productId: number; size?: string }, quantity: number, cookie: string) {
    const viaCart = quantity > 1;
    if (viaCart) expect((await send(p.t, 'POST', '/api/cart/items', { ...piece, quantity }, cookie)).status).toBe(200);
    const query = viaCart ? '' : `buyNow=${piece.productId}${piece.size ? `&size=${piece.size}` : ''}`;
    const quote = await (await send(p.t, 'GET', `/api/checkout/quote?${query}`, undefined, cookie)).json();
    const started = await send(p.t, 'POST', '/api/checkout/orders', { addressId: p.shopper.address.id, ...(!viaCart && { buyNow: piece }), expectedTotal: quote.amounts.total }, cookie);
    expect(started.status, await started.clone().text()).toBe(201);
    const { orderId } = (await started.json()) as { orderId: string };
    const success = await (await send(p.t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, cookie)).json();
    expect((await send(p.t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, cookie)).status).toBe(200);
    return orderId;
  }

  return {
    /** The shop, once started. */
    p,
    db,
    shopperCookie,
    /** A kurta of the owner's in these sizes and counts. */
    async kurta(sizes: Record<string, number>, extra: Record<string, unknown> = {}): Promise<number> {
      const res = await send(p.t, 'POST', '/api/admin/products', { name: `Chanderi Kurta ${++made}`, price: 1499_00, sizeListId: kurtas().id, sizes: Object.entries(sizes).map(([size, stock]) => ({ size, stock })), ...extra }, p.owner.cookie);
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()).id;
    },

    /** An order of `quantity` pieces (in `size`; Cash on Delivery: one), paid online or by COD, booked, picked up and delivered by the courier's scans. */
    async deliveredOrder(productId: number, size?: string, quantity = 1, pay: 'online' | 'cod' = 'online'): Promise<{ id: string; lineId: number }> {
      const cookie = shopperCookie();
      await db().execute(sql`update orders set checkout_fingerprint = checkout_fingerprint || '-done' where payment_status = 'pending' and payment_method = 'online'`);
      const piece = { productId, ...(size && { size }) };
      const orderId = pay === 'cod' ? await codBuyNow(piece, cookie) : await paidOrder(piece, quantity, cookie);
      expect((await p.book(orderId)).status).toBe(200);
      const awb = await p.awbOf(orderId);
      await p.scan(awb, '42');
      await p.scan(awb, '7');
      const [order] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe('delivered');
      const [line] = await db().select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
      return { id: orderId, lineId: Number(line!.id) };
    },

    ask: (orderId: string, body: unknown, cookie = shopperCookie()) => send(p.t, 'POST', `/api/orders/${orderId}/returns`, body, cookie),
    requestsOf: async (orderId: string) => db().select().from(returnRequests).where(eq(returnRequests.orderId, orderId)),
    stockOf: async (productId: number, size: string) => (await db().select({ stock: productSizes.stock }).from(productSizes).where(sql`${productSizes.productId} = ${productId} and ${productSizes.size} = ${size}`))[0]!.stock,
    /** An owner's step on a request: approve, refuse, send-yourself, received, check. */
    step: (id: string, step: string, body: unknown = {}, cookie = p.owner.cookie) => send(p.t, 'POST', `/api/admin/returns/${id}/${step}`, body, cookie),

    async lineName(lineId: number): Promise<string> {
      const [row] = await db().select({ name: orderItems.name }).from(orderItems).where(eq(orderItems.id, lineId));
      return row!.name;
    },
    upload: (bytes: Buffer, cookie = shopperCookie()) => Promise.resolve(p.t.app.request('/api/uploads/return-photos', { method: 'POST', headers: { 'content-type': 'application/octet-stream', cookie }, body: new Uint8Array(bytes) })),
  };
}

/** Orders whose returns gave back more than was paid: to the payment more than the provider took, or in all more than the total. Always none. */
async function refundsPastPayments(shop: ParcelShop) {
  const rows = await shop.t.database.db
    .select({
      orderNumber: orders.orderNumber,
      total: orders.total,
      creditUsed: orders.creditUsed,
      toSource: sql<number>`coalesce(sum(${returnRefunds.amount}) filter (where ${returnRefunds.way} = 'source'), 0)::int`,
      all: sql<number>`sum(${returnRefunds.amount})::int`,
    })
    .from(returnRefunds)
    .innerJoin(orders, eq(orders.id, returnRefunds.orderId))
    .groupBy(orders.id);
  return rows.filter((r) => r.toSource > r.total - r.creditUsed || r.all > r.total);
}

/**
 * A test file's shop for returns: started before its tests (the owner's return address saved when
 * one is given), closed after them, and after each test the stock ledger still sums to every count
 * and no order has been refunded more than was paid.
 * `p` reads the shop once it has started.
 */
export function returnsShopForFile(returnAddress?: string) {
  let shop: ParcelShop | undefined;
  let kurtas: { id: number } | undefined;
  beforeAll(async () => {
    shop = await startParcelShop();
    const groups = await (await send(shop.t, 'GET', '/api/admin/products/groups', undefined, shop.owner.cookie)).json();
    kurtas = groups.sizeLists.find((l: { name: string }) => l.name === 'Kurtas and suits');
    if (returnAddress === undefined) return;
    const saved = await send(shop.t, 'PUT', '/api/admin/returns/settings', { windowDays: 7, pickupFeePaise: 0, feeAfterReturns: null, codRefund: 'store_credit', returnAddress }, shop.owner.cookie);
    expect(saved.status, await saved.clone().text()).toBe(200);
  });
  afterAll(() => shop?.close());
  afterEach(async () => {
    expect(await lapsedAndBalanced(shop!.t)).toEqual([]);
    expect(await refundsPastPayments(shop!)).toEqual([]);
  });
  const kit = returnsKit(
    () => shop!,
    () => kurtas!,
  );
  return kit;
}

export async function refusedWith(res: Response, status: number, message: string) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.message).toBe(message);
}

/** A phone's photograph: a JPEG carrying EXIF with a place in it. */
export function jpegWithLocation(green = 40): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: green, b: 60 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', ImageDescription: 'Jayanagar 4th Block, Bengaluru 12.93N 77.58E' } })
    .toBuffer();
}
