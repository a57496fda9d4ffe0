/** What the invoice tests share: a shop registered in Tamil Nadu, its owner, and a buyer with a home in and out of the state. */
import { expect } from 'vitest';
import { gstinCheckChar } from '../../shared/gstin.ts';
import { send, signedUp } from './accounts-kit.ts';
import { plentyOfStock } from './orders-kit.ts';
import { createTestApp } from './test-app.ts';

/** A GSTIN of Tamil Nadu (state code 33) with its right check character. */
export const TN_GSTIN = `33ABCDE1234F1Z${gstinCheckChar('33ABCDE1234F1Z')}`;

export const REGISTERED_SHOP = {
  registered: true,
  legalName: 'Vastra Textiles LLP',
  tradingName: 'Vastra',
  address: '12 Pondy Bazaar\nT. Nagar, Chennai 600017',
  state: 'Tamil Nadu',
  gstin: TN_GSTIN,
  invoicePrefix: 'VST',
};

export async function invoicingShop(now: () => Date) {
  const t = await createTestApp({ now });
  await plentyOfStock(t);
  const owner = await signedUp(t, 'Lakshmi');
  const shopper = await signedUp(t, 'Farhan');
  await t.shop.owners.setOwner(owner.email, true);
  const productId: number = (await (await t.get('/api/products?limit=1')).json()).items[0].id;
  const address = async (a: Record<string, string>) =>
    ((await (await send(t, 'POST', '/api/addresses', { name: 'Farhan Khan', phone: '9876543210', house: '4', street: 'Park Street', ...a }, shopper.cookie)).json()) as { id: string }).id;
  const home = {
    chennai: await address({ city: 'Chennai', state: 'Tamil Nadu', pincode: '600004' }),
    kolkata: await address({ city: 'Kolkata', state: 'West Bengal', pincode: '700016' }),
  };
  expect((await send(t, 'PUT', '/api/admin/tax-settings', REGISTERED_SHOP, owner.cookie)).status).toBe(200);
  return { t, owner, shopper, productId, home };
}
