/**
 * A shop whose courier is the local courier (src/server/modules/shipping/local-courier.ts), on a
 * real socket for its webhooks, with an owner who has chosen it and a shopper with an address.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CourierName } from '../../shared/parcels.ts';
import { products } from '../db/schema/index.ts';
import { startLocalChat, type LocalChat } from '../modules/notify/local-chat.ts';
import { startLocalPayouts, type LocalPayouts } from '../modules/payouts/local-payouts.ts';
import { startLocalCourier, type LocalCourier } from '../modules/shipping/local-courier.ts';
import { WEBHOOK_PATHS } from '../modules/shipping/shipping.service.ts';
import { linkInMail, send, signedUp } from './accounts-kit.ts';
import { paidBuyNow, plentyOfStock, shopperWithAddress } from './orders-kit.ts';
import { onSocket } from './raw-http.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export const WEBHOOK_TOKEN = 'local-courier-webhook-token-for-tests';

export interface ParcelShop {
  t: TestApp;
  courier: LocalCourier;
  /** WhatsApp, played by the local chat stand-in: every message sent. */
  chat: LocalChat;
  /** RazorpayX's payouts, played by the local payouts stand-in. */
  payouts: LocalPayouts;
  hookUrl: string;
  owner: Awaited<ReturnType<typeof signedUp>>;
  shopper: Awaited<ReturnType<typeof shopperWithAddress>>;
  productId: number;
  /** A paid Buy Now order of the shopper's: its id. */
  paidOrder(): Promise<string>;
  /** A Cash on Delivery order of the shopper's: its id. */
  codOrder(): Promise<string>;
  /** The courier's next scan of the parcel (or the one named), sent to the webhook, and applied by the shop. */
  scan(awb: string, code?: string, options?: { at?: Date }): Promise<number>;
  /** Books the order through the owner's API; its answer. */
  book(orderId: string, weightGrams?: number): Promise<Response>;
  /** The order's AWB, once booked. */
  awbOf(orderId: string): Promise<string>;
  close(): Promise<void>;
}

/** `options`: more of the test app's (the web app, its server drawing, the catalog watch). */
export async function startParcelShop(options: TestAppOptions = {}): Promise<ParcelShop> {
  let target: ((courier: CourierName) => string) | null = null;
  const courier = await startLocalCourier({ webhookToken: WEBHOOK_TOKEN, target: (c) => target?.(c) ?? null });
  const chat = await startLocalChat();
  const payouts = await startLocalPayouts();
  const t = await createTestApp({ ...options, publicUrl: 'https://shop.example.in', trustProxyHops: 1, shiprocket: { email: courier.email, password: courier.password, webhookToken: WEBHOOK_TOKEN, apiBase: courier.apiBase, timeoutMs: 1500 },
    delhivery: { token: courier.delhiveryToken, webhookToken: WEBHOOK_TOKEN, apiBase: courier.delhiveryBase, timeoutMs: 1500 },
    whatsapp: { token: chat.token, phoneNumberId: '1000000001', apiBase: chat.whatsappBase },
    razorpayx: { keyId: payouts.keyId, keySecret: payouts.keySecret, accountNumber: payouts.accountNumber, apiBase: payouts.apiBase, timeoutMs: 1500 },
  });
  const socket = await onSocket(t.app.fetch);
  const hookUrl = `http://127.0.0.1:${socket.port}${WEBHOOK_PATHS.shiprocket}`;
  target = (c) => `http://127.0.0.1:${socket.port}${WEBHOOK_PATHS[c]}`;
  await plentyOfStock(t);
  const owner = await signedUp(t, 'Meenakshi');
  await t.shop.owners.setOwner(owner.email, true);
  const shopper = await shopperWithAddress(t, 'Kavya');
  // Cash on Delivery asks for a verified e-mail address.
  expect((await send(t, 'GET', await linkInMail(t, shopper.s.email, 'verify_email'), undefined, shopper.s.cookie)).status).toBe(303);
  const productId = (await (await t.get('/api/products?limit=1')).json()).items[0].id as number;
  // Within Cash on Delivery's limit, so the same piece is bought both ways.
  await t.database.db.update(products).set({ price: 1450_00, offerPrice: null }).where(eq(products.id, productId));
  const saved = await send(t, 'PUT', '/api/admin/courier-settings', { courier: 'shiprocket', pickupLocation: 'Jayanagar Studio', parcelGrams: 500 }, owner.cookie);
  expect(saved.status, await saved.clone().text()).toBe(200);
  const shop: ParcelShop = {
    t,
    courier,
    chat,
    payouts,
    hookUrl,
    owner,
    shopper,
    productId,
    paidOrder: () => paidBuyNow(t, shopper.s.cookie, productId, shopper.address.id),
    async codOrder() {
      const quote = await (await send(t, 'GET', `/api/checkout/quote?buyNow=${productId}&address=${shopper.address.id}`, undefined, shopper.s.cookie)).json();
      const res = await send(t, 'POST', '/api/checkout/cod', { addressId: shopper.address.id, buyNow: { productId }, expectedTotal: quote.delivery.cod.total, placementKey: crypto.randomUUID() }, shopper.s.cookie);
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()).orderId as string;
    },
    async scan(awb, code, o) {
      const status = await courier.scan(awb, code, o);
      await t.shop.shipping.settled();
      return status;
    },
    book: (orderId, weightGrams = 500) => send(t, 'POST', `/api/admin/orders/${orderId}/parcel`, { weightGrams }, owner.cookie),
    async awbOf(orderId) {
      const parcel = await (await send(t, 'GET', `/api/admin/orders/${orderId}/parcel`, undefined, owner.cookie)).json();
      return parcel.parcel.awb as string;
    },
    async close() {
      await socket.close();
      await t.shop.shipping.settled();
      await t.shop.notifier.settled();
      await t.close();
      await courier.close();
      await chat.close();
      await payouts.close();
    },
  };
  return shop;
}
