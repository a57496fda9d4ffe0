/**
 * The shop's own description in a page's head follows the owner's free-shipping threshold (it was
 * written by hand as ₹999): changed through the admin API, the next page says the new amount, on
 * every app server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../shared/pricing.ts';
import { send, signedUp } from '../test/accounts-kit.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
beforeAll(async () => {
  t = await createTestApp({ web: true });
  owner = await signedUp(t, 'Kamala');
  await t.shop.owners.setOwner(owner.email, true);
});
afterAll(() => t.close());

const description = async (app: Pick<TestApp, 'app'>['app'], path: string) =>
  /<meta name="description" content="([^"]*)"/.exec(await (await app.request(path)).text())?.[1];

describe("the shop's description", () => {
  it('names the threshold the owner set, on home, a screen without its own words and the not-found page', async () => {
    expect(await description(t.app, '/')).toContain('Free shipping over ₹999,');
    const res = await send(t, 'PUT', '/api/admin/settings', { ...DEFAULT_PRICING, freeShippingThreshold: 1_499_00 }, owner.cookie);
    expect(res.status).toBe(200);
    const other = t.another(t.database.db);
    for (const path of ['/', '/products', '/no-such-page']) {
      expect(await description(other, path), path).toContain('Free shipping over ₹1,499,');
      expect(await description(t.app, path), path).not.toContain('₹999');
    }
    // Screens with their own words keep them.
    expect(await description(t.app, '/best-seller')).not.toContain('Free shipping');
  });
});
