/**
 * The store owner's API on PGlite and PostgreSQL: every admin route, enumerated from the router so
 * a new one cannot be forgotten, refuses a visitor (401) and a customer (403); the role is read on
 * each request (a revoke takes effect at once); the pricing settings are validated and take effect
 * for the next checkout on every app server, while orders already placed keep their amounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOrder } from '../../../shared/order-price.ts';
import { DEFAULT_PRICING, type PricingSettings } from '../../../shared/pricing.ts';
import { UPLOADS } from '../../http/mutations.ts';
import { send, signedUp } from '../../test/accounts-kit.ts';
import { atShopRate, plentyOfStock } from '../../test/orders-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setAdmin } from './admin.queries.ts';
import { NOT_ALLOWED } from './admin.routes.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let customer: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUp(t, 'Lakshmi');
  customer = await signedUp(t, 'Arjun');
  await plentyOfStock(t);
  await atShopRate(t);
  expect(await setAdmin(t.database.db, owner.email.toUpperCase(), true)).toMatchObject({ email: owner.email });
});
afterAll(async () => {
  await t.database.db.execute(`update pricing_settings set setting_value = case setting_name
    when 'gst_percentage' then '18.00' when 'free_shipping_threshold' then '999.00' when 'standard_shipping_charge' then '99.00'
    when 'express_shipping_charge' then '149.00' when 'express_shipping_threshold' then '499.00' else 'true' end`);
  await t.close();
});

const adminRoutes = () =>
  t.app.routes.filter((r) => r.path.startsWith('/api/admin/') && r.method !== 'ALL').map((r) => ({ method: r.method, path: r.path }));

const putSettings = (body: unknown, cookie = owner.cookie) => send(t, 'PUT', '/api/admin/settings', body, cookie);

describe('who may', () => {
  it('has admin routes to guard', () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(2);
  });

  it('refuses every admin route to a visitor (401) and a customer (403), whatever the body', async () => {
    for (const { method, path } of adminRoutes()) {
      const url = path.replace(/:[a-z]+/gi, '1');
      // Uploads take raw bytes (src/server/http/mutations.ts); the rest JSON.
      const ask = (cookie?: string) =>
        UPLOADS.test(url)
          ? Promise.resolve(t.app.request(url, { method, headers: { 'Content-Type': 'application/octet-stream', ...(cookie && { Cookie: cookie }) }, body: 'x' }))
          : send(t, method, url, method === 'GET' ? undefined : DEFAULT_PRICING, cookie);
      const visitor = await ask();
      expect(visitor.status, `${method} ${path}`).toBe(401);
      const res = await ask(customer.cookie);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ code: 'not_allowed', message: NOT_ALLOWED });
    }
  });

  it('lets the owner in, and a revoke takes effect on the next request', async () => {
    expect((await send(t, 'GET', '/api/admin/settings', undefined, owner.cookie)).status).toBe(200);
    await setAdmin(t.database.db, owner.email, false);
    expect((await send(t, 'GET', '/api/admin/settings', undefined, owner.cookie)).status).toBe(403);
    await setAdmin(t.database.db, owner.email, true);
    expect((await send(t, 'GET', '/api/admin/settings', undefined, owner.cookie)).status).toBe(200);
  });

  it('tells the page whether the signed-in shopper is the owner (for the menu; the API decides)', async () => {
    const isAdmin = async (cookie?: string) => (await (await send(t, 'GET', '/api/accounts/session', undefined, cookie)).json()).isAdmin;
    expect(await isAdmin(owner.cookie)).toBe(true);
    expect(await isAdmin(customer.cookie)).toBe(false);
    expect(await isAdmin()).toBe(false);
  });

  it('grants nobody for an unknown email', async () => {
    expect(await setAdmin(t.database.db, 'nobody@example.com', true)).toBeUndefined();
  });
});

describe('the pricing settings', () => {
  it('shows the defaults of spec §3 and design.md', async () => {
    expect(await (await send(t, 'GET', '/api/admin/settings', undefined, owner.cookie)).json()).toEqual(DEFAULT_PRICING);
  });

  it.each([
    [{ gstRateBp: -1 }, 'gstRateBp', 'GST cannot be negative.'],
    [{ gstRateBp: 2801 }, 'gstRateBp', 'GST must be at most 28%.'],
    [{ gstRateBp: 18.5 }, 'gstRateBp', 'GST must have at most two decimals.'],
    [{ freeShippingThreshold: -100 }, 'freeShippingThreshold', 'The free-shipping threshold cannot be negative.'],
    [{ standardShippingCharge: 10_000_001 }, 'standardShippingCharge', 'The standard shipping charge must be at most ₹1,00,000.'],
    [{ expressShippingCharge: '149' }, 'expressShippingCharge', 'The express shipping charge must be an amount in rupees.'],
    [{ expressShippingThreshold: 1_500_00 }, 'expressShippingThreshold', 'The express threshold must not be above the free-shipping threshold.'],
    [{ pricesIncludeGst: 'yes' }, 'pricesIncludeGst', 'Say whether prices include GST.'],
  ])('refuses %j with its message and changes nothing', async (change, field, message) => {
    const res = await putSettings({ ...DEFAULT_PRICING, ...change });
    expect(res.status).toBe(422);
    expect((await res.json()).fields).toMatchObject({ [field]: message });
    expect(await (await send(t, 'GET', '/api/pricing')).json()).toEqual(DEFAULT_PRICING);
  });

  it('takes effect for the next checkout on another app server; an order already placed keeps its amounts', async () => {
    const address = await (
      await send(t, 'POST', '/api/addresses', { name: 'Arjun Rao', phone: '9876543210', house: '7', street: 'MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' }, customer.cookie)
    ).json();
    const { items } = await (await t.get('/api/products?limit=1')).json();
    const before = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${items[0].id}`, undefined, customer.cookie)).json();
    const placed = await (
      await send(t, 'POST', '/api/checkout/orders', { addressId: address.id, buyNow: { productId: items[0].id }, expectedTotal: before.amounts.total }, customer.cookie)
    ).json();

    const changed: PricingSettings = { ...DEFAULT_PRICING, gstRateBp: 1200, pricesIncludeGst: false, freeShippingThreshold: 100_000_00, standardShippingCharge: 50_00 };
    const res = await putSettings(changed);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(changed);

    const other = t.another(t.database.db);
    const after = await (await other.request(`/api/checkout/quote?buyNow=${items[0].id}`, { headers: { Cookie: customer.cookie } })).json();
    expect(after.amounts).toEqual(priceOrder(before.amounts.subtotal, changed));
    expect(after.amounts.total).not.toBe(before.amounts.total);
    expect(await (await other.request('/api/pricing')).json()).toEqual(changed);
    const [mine] = (await (await send(t, 'GET', '/api/orders', undefined, customer.cookie)).json()).items;
    expect(mine).toMatchObject({ id: placed.orderId, amounts: before.amounts });
  });
});
