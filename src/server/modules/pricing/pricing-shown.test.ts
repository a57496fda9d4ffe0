/**
 * The settings as the shop shows them (issue 19), on PGlite and PostgreSQL: kept in memory while
 * the catalog watch listens, so a page drawn on the server reads none. A change anywhere shows once
 * it is heard. A checkout always prices with what the database holds. A server without a live
 * watch reads per request.
 *
 * "From memory" is shown without spying, as in catalog-watch.test.ts: a setting changed with
 * triggers off (replica mode) sends no notification, so only an answer that skipped the database
 * still shows the old value.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { priceOrder } from '../../../shared/order-price.ts';
import { DEFAULT_PRICING, type PricingSettings } from '../../../shared/pricing.ts';
import { pricingSettings, products } from '../../db/schema/index.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { atShopRate, plentyOfStock, setStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let shopper: Awaited<ReturnType<typeof signedUp>>;
let pieceId: number;
beforeAll(async () => {
  t = await createTestApp({ watch: true });
  shopper = await signedUp(t, 'Lakshmi');
  await plentyOfStock(t);
  await atShopRate(t);
  // A one-size piece that pays for shipping at the default threshold (₹999) and not at the
  // checkout test's ₹100, chosen by price: "the first row" differs between PGlite and PostgreSQL.
  const [piece] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.availability, 'In Stock'), isNull(products.sizeListId), sql`coalesce(${products.offerPrice}, ${products.price}) between ${200_00} and ${900_00}`))
    .orderBy(products.id)
    .limit(1);
  pieceId = piece!.id;
  // Ten left: no mark at the default of 3, "Only 10 left" at a mark of 20.
  await setStock(t, pieceId, 10);
});
afterAll(() => t.close());

/** Writes a setting as psql or another app server would: the trigger tells every server. */
const heard = (name: string, value: string) => t.database.db.update(pricingSettings).set({ settingValue: value }).where(eq(pricingSettings.settingName, name));

/** Writes a setting with the triggers off: nothing is told, so only the database has it. */
const unheard = (name: string, value: string) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(pricingSettings).set({ settingValue: value }).where(eq(pricingSettings.settingName, name));
  });

const shown = async (on: Pick<TestApp, 'app'> = t) => (await (await send(on, 'GET', '/api/pricing')).json()) as PricingSettings;
const leftShown = async () => (await (await send(t, 'GET', `/api/products/${pieceId}`)).json()).sizes[0].left as number | null;

afterEach(async () => {
  const before = t.watch!.live()!.shop;
  await heard('free_shipping_threshold', '999.00');
  await heard('gst_percentage', '18.00');
  await heard('low_stock_threshold', '3');
  // Until all three are heard: on PostgreSQL a notification comes a moment after its write, and
  // one heard late, in the next test, would show that test's unheard change (a flake CI met).
  await expect.poll(() => t.watch!.live()!.shop - before, { timeout: 2000 }).toBeGreaterThanOrEqual(3);
  await expect.poll(shown, { timeout: 2000 }).toEqual(DEFAULT_PRICING);
});

describe('the settings a shopper is shown', () => {
  it('are answered from memory while the watch listens, and a change made anywhere shows once heard', async () => {
    expect(await shown()).toEqual(DEFAULT_PRICING);
    await unheard('free_shipping_threshold', '1500.00');
    expect((await shown()).freeShippingThreshold).toBe(DEFAULT_PRICING.freeShippingThreshold);
    await heard('gst_percentage', '12.00');
    // On PostgreSQL the notification comes a moment after the write; the first read may be early.
    await expect.poll(shown, { timeout: 2000 }).toEqual({ ...DEFAULT_PRICING, freeShippingThreshold: 1500_00, gstRateBp: 1200 });
  });

  it('the owner’s change through this server shows on its very next answer', async () => {
    const owner = await signedUp(t, 'Savitri');
    await t.shop.owners.setOwner(owner.email, true);
    expect(await shown()).toEqual(DEFAULT_PRICING);
    const changed = { ...DEFAULT_PRICING, freeShippingThreshold: 2000_00 };
    expect((await send(t, 'PUT', '/api/admin/settings', changed, owner.cookie)).status).toBe(200);
    expect(await shown()).toEqual(changed);
  });

  it('a size’s "only so many left" follows the low-stock mark once heard', async () => {
    expect(await leftShown()).toBeNull();
    await unheard('low_stock_threshold', '20');
    expect(await leftShown()).toBeNull();
    await heard('low_stock_threshold', '20');
    await expect.poll(leftShown, { timeout: 2000 }).toBe(10);
  });

  it('a server whose watch is not live reads them per request', async () => {
    const unwatched = t.another(t.database.db);
    await unheard('free_shipping_threshold', '1500.00');
    expect((await shown({ app: unwatched })).freeShippingThreshold).toBe(1500_00);
  });
});

describe('a checkout', () => {
  it('prices with the settings the database holds, never with the ones kept for showing', async () => {
    const quote = async () => (await (await send(t, 'GET', `/api/checkout/quote?buyNow=${pieceId}`, undefined, shopper.cookie)).json()).amounts;
    const before = await quote();
    expect(await shown()).toEqual(DEFAULT_PRICING);
    // Free shipping from ₹100: this piece's order no longer pays for it.
    const changed: PricingSettings = { ...DEFAULT_PRICING, freeShippingThreshold: 100_00 };
    await unheard('free_shipping_threshold', '100.00');
    // Still shown the old threshold, but the quote (and so the order) uses the new one at once.
    expect((await shown()).freeShippingThreshold).toBe(DEFAULT_PRICING.freeShippingThreshold);
    const after = await quote();
    expect(after).toEqual(priceOrder(before.subtotal, changed));
    expect(after.total).not.toBe(before.total);
  });
});
