/**
 * Pieces only held (issue 53), on PGlite and PostgreSQL: while an unpaid order holds the last
 * pieces of a size, every other shopper is told it is in someone's cart and until when (the
 * owner's payment window from the order's making), and may ask to be mailed; once paid it is sold
 * out; once given back or lapsed (the minute's lapse pass) it is on offer again and the waiting
 * shopper is mailed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../shared/catalog.ts';
import type { CheckoutStart } from '../../../shared/orders.ts';
import { DEFAULT_PRICING } from '../../../shared/pricing.ts';
import { heldSentence, minutesUntil } from '../../../shared/sizes.ts';
import { mailOutbox, orders } from '../../db/schema/index.ts';
import { send } from '../../test/accounts-kit.ts';
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
});
