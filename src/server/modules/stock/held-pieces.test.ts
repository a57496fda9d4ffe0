/**
 * Pieces only held (issue 53), on PGlite and PostgreSQL: while an unpaid order holds the last
 * pieces of a size, every other shopper is told it is in someone's cart and until when (the
 * owner's payment window from the order's making), and may ask to be mailed; once paid it is sold
 * out; once given back or lapsed (the minute's lapse pass) it is on offer again and the waiting
 * shopper is mailed.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog.ts';
import type { CheckoutStart } from '../../../shared/orders.ts';
import { DEFAULT_PRICING } from '../../../shared/pricing.ts';
import { heldSentence, minutesUntil } from '../../../shared/sizes.ts';
import { mailOutbox, orders, products } from '../../db/schema/index.ts';
import { LIMIT_WORDS, LIMITS } from '../limits/limits.rules.ts';
import { linkInMail, send, signedUp } from '../../test/accounts-kit.ts';
import { setStock, shopperWithAddress, stockShopForFile } from '../../test/orders-kit.ts';

const shop = stockShopForFile();
type Who = Awaited<ReturnType<typeof shopperWithAddress>>;
const shopper = (name: string) => shopperWithAddress(shop.t, name);

async function holdLast(who: Who, productId: number): Promise<string> {
  const quote = await (await send(shop.t, 'GET', `/api/checkout/quote?buyNow=${productId}`, undefined, who.s.cookie)).json();
  const res = await send(shop.t, 'POST', '/api/checkout/orders', { addressId: who.address.id, buyNow: { productId }, expectedTotal: quote.amounts.total }, who.s.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as CheckoutStart).orderId;
}

const sizeShown = async (productId: number) => ((await (await shop.t.get(`/api/products/${productId}`)).json()) as ProductDetail).sizes[0]!;
const madeAt = async (orderId: string) => (await shop.t.database.db.select({ at: orders.createdAt }).from(orders).where(eq(orders.id, orderId)))[0]!.at;
const aged = (orderId: string, minutes: number) => shop.t.database.db.update(orders).set({ createdAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(orders.id, orderId));
const backInStockMails = (who: Who) => shop.t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, who.s.email), eq(mailOutbox.kind, 'back_in_stock')));

describe('a piece only held by an unpaid order', () => {
  it('is in someone’s cart until the payment window closes, and back on offer (the waiting shopper mailed) when given back', async () => {
    const p = shop.freshPiece();
    await setStock(shop.t, p, 1);
    const [asha, bina] = [await shopper('Asha'), await shopper('Bina')];
    const orderId = await holdLast(asha, p);

    const shown = await sizeShown(p);
    const until = new Date((await madeAt(orderId)).getTime() + DEFAULT_PRICING.reservationMinutes * 60_000);
    expect(shown).toMatchObject({ soldOut: true, left: null, held: { until: until.toISOString(), minutes: DEFAULT_PRICING.reservationMinutes } });
    expect(heldSentence(shown.size, shown.held!.minutes)).toBe("This piece is in someone's cart, back in 15 minutes.");
    // Bina may ask to be told, as for a piece sold out.
    expect((await send(shop.t, 'PUT', `/api/back-in-stock/${p}`, undefined, bina.s.cookie)).status).toBe(200);

    expect((await send(shop.t, 'POST', `/api/checkout/orders/${orderId}/abandon`, undefined, asha.s.cookie)).status).toBe(200);
    expect(await sizeShown(p)).toMatchObject({ soldOut: false, held: null });
    expect(await backInStockMails(bina)).toHaveLength(1);
  });

  it('says the owner’s window, counted from when the order was made', async () => {
    await shop.settings({ reservationMinutes: 30 });
    const p = shop.freshPiece();
    await setStock(shop.t, p, 1);
    const orderId = await holdLast(await shopper('Chitra'), p);
    await aged(orderId, 12);
    const { held } = await sizeShown(p);
    expect(held!.minutes).toBe(18);
    expect(minutesUntil(held!.until, Date.now())).toBe(18);
  });

  it('is sold out, not in a cart, once paid; and a piece sold out with nothing held says nothing of carts', async () => {
    const p = shop.freshPiece();
    await setStock(shop.t, p, 1);
    const devi = await shopper('Devi');
    const orderId = await holdLast(devi, p);
    const success = await (await send(shop.t, 'POST', `/api/checkout/orders/${orderId}/test-payment`, undefined, devi.s.cookie)).json();
    expect((await send(shop.t, 'POST', `/api/checkout/orders/${orderId}/confirm`, success, devi.s.cookie)).status).toBe(200);
    expect(await sizeShown(p)).toMatchObject({ soldOut: true, held: null });

    const q = shop.freshPiece();
    await setStock(shop.t, q, 0);
    expect(await sizeShown(q)).toMatchObject({ soldOut: true, held: null });
  });

  it('is not in a cart while pieces are left: a hold of some of them changes nothing shown but the count', async () => {
    const p = shop.freshPiece();
    await setStock(shop.t, p, 2);
    const orderId = await holdLast(await shopper('Esha'), p);
    expect(await sizeShown(p)).toMatchObject({ soldOut: false, left: 1, held: null });
    await aged(orderId, 16);
    await shop.t.shop.payments.expireLapsed();
  });

  it('comes back at the lapse pass once its window has closed (run every minute), with nothing paid', async () => {
    const p = shop.freshPiece();
    await setStock(shop.t, p, 1);
    const orderId = await holdLast(await shopper('Farah'), p);
    await aged(orderId, 14);
    expect(await shop.t.shop.payments.expireLapsed()).toEqual({ settled: 0, expired: 0 });
    expect((await sizeShown(p)).held!.minutes).toBe(1);
    await aged(orderId, 16);
    // Past the window the page still says 1 minute (never "0" or a time gone) until the pass runs.
    expect((await sizeShown(p)).held!.minutes).toBe(1);
    expect(await shop.t.shop.payments.expireLapsed()).toEqual({ settled: 0, expired: 1 });
    expect(await sizeShown(p)).toMatchObject({ soldOut: false, held: null });
  });

  it('does not count a lapse whose payment was never offered (the provider was away): that was the shop’s doing', async () => {
    const mala = await shopper('Mala');
    for (let i = 0; i < LIMITS.abandonedPaymentsHour.max; i++) {
      const p = shop.freshPiece();
      await setStock(shop.t, p, 3);
      const orderId = await holdLast(mala, p);
      await shop.t.database.db.update(orders).set({ providerOrderId: null }).where(eq(orders.id, orderId));
      await aged(orderId, 16);
    }
    expect(await shop.t.shop.payments.expireLapsed()).toMatchObject({ expired: LIMITS.abandonedPaymentsHour.max });
    await holdLast(mala, shop.freshPiece());
  });

  it('counts a window left to lapse against its shopper, as a payment closed unpaid: the sixth in an hour is paused', async () => {
    const gita = await shopper('Gita');
    for (let i = 0; i < LIMITS.abandonedPaymentsHour.max; i++) {
      const p = shop.freshPiece();
      await setStock(shop.t, p, 3);
      await aged(await holdLast(gita, p), 16);
    }
    expect(await shop.t.shop.payments.expireLapsed()).toMatchObject({ expired: LIMITS.abandonedPaymentsHour.max });
    const p = shop.freshPiece();
    await setStock(shop.t, p, 3);
    const quote = await (await send(shop.t, 'GET', `/api/checkout/quote?buyNow=${p}`, undefined, gita.s.cookie)).json();
    const refused = await send(shop.t, 'POST', '/api/checkout/orders', { addressId: gita.address.id, buyNow: { productId: p }, expectedTotal: quote.amounts.total }, gita.s.cookie);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toContain(LIMIT_WORDS.abandonedPayments);
  });
});

describe('a shopper’s own hold (issue 53: a paying shopper is never stopped by it)', () => {
  const heldPieces = async (orderId: string) => (await shop.t.database.db.select({ stockState: orders.stockState, status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0];

  it('is theirs to take again from the cart: the quote offers it, the new order takes it over, the old one lapses', async () => {
    const p = shop.freshPiece();
    await setStock(shop.t, p, 1);
    const [hema, isha] = [await shopper('Hema'), await shopper('Isha')];
    // In her cart, then bought now; the payment left open in that tab.
    expect((await send(shop.t, 'POST', '/api/cart/items', { productId: p }, hema.s.cookie)).status).toBe(200);
    const first = await holdLast(hema, p);
    // Another shopper is told it is gone; Hema, back at her cart, is not.
    expect((await send(shop.t, 'GET', `/api/checkout/quote?buyNow=${p}`, undefined, isha.s.cookie)).status).toBe(409);
    const quote = await send(shop.t, 'GET', '/api/checkout/quote', undefined, hema.s.cookie);
    expect(quote.status).toBe(200);
    const second = await send(shop.t, 'POST', '/api/checkout/orders', { addressId: hema.address.id, expectedTotal: (await quote.json()).amounts.total }, hema.s.cookie);
    expect(second.status, await second.clone().text()).toBe(201);
    expect(await heldPieces(first)).toEqual({ status: 'expired', stockState: 'released' });
    const secondId = ((await second.json()) as CheckoutStart).orderId;
    expect(await heldPieces(secondId)).toEqual({ status: 'pending', stockState: 'held' });
    expect((await sizeShown(p)).held).not.toBeNull();
  });

  it('hands the piece over without telling those waiting that it is back; they hear once it truly is', async () => {
    const p = shop.freshPiece();
    await setStock(shop.t, p, 1);
    const [kavya, lila] = [await shopper('Kavya'), await shopper('Lila')];
    expect((await send(shop.t, 'POST', '/api/cart/items', { productId: p }, kavya.s.cookie)).status).toBe(200);
    await holdLast(kavya, p);
    expect((await send(shop.t, 'PUT', `/api/back-in-stock/${p}`, undefined, lila.s.cookie)).status).toBe(200);
    const quote = await (await send(shop.t, 'GET', '/api/checkout/quote', undefined, kavya.s.cookie)).json();
    const second = await send(shop.t, 'POST', '/api/checkout/orders', { addressId: kavya.address.id, expectedTotal: quote.amounts.total }, kavya.s.cookie);
    expect(second.status).toBe(201);
    // The piece went from one of Kavya's orders to the other: never back on the shelf for Lila.
    expect(await backInStockMails(lila)).toHaveLength(0);
    const { orderId } = (await second.json()) as CheckoutStart;
    expect((await send(shop.t, 'POST', `/api/checkout/orders/${orderId}/abandon`, undefined, kavya.s.cookie)).status).toBe(200);
    expect(await backInStockMails(lila)).toHaveLength(1);
  });

  it('is theirs to take on delivery: a Cash on Delivery order supersedes their open payment, and nothing is held twice', async () => {
    const p = shop.freshPiece();
    await setStock(shop.t, p, 1);
    await shop.t.database.db.update(products).set({ price: 800_00, offerPrice: null }).where(eq(products.id, p));
    const s = await signedUp(shop.t, 'Jaya');
    expect((await send(shop.t, 'GET', await linkInMail(shop.t, s.email, 'verify_email'), undefined, s.cookie)).status).toBe(303);
    const address = (await (await send(shop.t, 'POST', '/api/addresses', { name: 'Jaya Iyer', phone: '9876543210', house: 'Flat 4B', street: '12 Cathedral Road', city: 'Chennai', state: 'Tamil Nadu', pincode: '600086' }, s.cookie)).json()) as { id: string };
    const jaya = { s, address } as Who;
    const online = await holdLast(jaya, p);
    const quote = await (await send(shop.t, 'GET', `/api/checkout/quote?buyNow=${p}&address=${address.id}`, undefined, s.cookie)).json();
    const cod = await send(shop.t, 'POST', '/api/checkout/cod', { placementKey: crypto.randomUUID(), addressId: address.id, buyNow: { productId: p }, expectedTotal: quote.delivery.cod.total }, s.cookie);
    expect(cod.status, await cod.clone().text()).toBe(201);
    expect(await heldPieces(online)).toEqual({ status: 'expired', stockState: 'released' });
    expect(await sizeShown(p)).toMatchObject({ soldOut: true, held: null });
  });
});

