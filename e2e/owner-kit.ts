/**
 * What the owner's journeys share: a verified buyer with an address, a paid order of a piece of its
 * own, the owner's orders list narrowed to one order, and a download's name and bytes. On the shop
 * with email verification on, which the other journeys do not use (e2e/admin-shop.spec.ts).
 */
import fs from 'node:fs';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { VERIFYING_PORT } from '../playwright.config.ts';
import { expect } from './fixtures.ts';
import { linkFromMail } from './mailbox.ts';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A new shopper in a browser of their own, verified by the mailed link as this shop asks, and signed in. */
export async function verifiedBuyer(browser: Browser, firstName: string) {
  const context = await browser.newContext({ baseURL: `http://localhost:${VERIFYING_PORT}` });
  const page = await context.newPage();
  const email = `${firstName.toLowerCase()}.${unique()}@example.com`;
  expect((await page.request.post('/api/accounts/signup', { data: { firstName, email, phone: '9876543210', gender: 'female', password: 'Saree@2026' } })).status()).toBe(200);
  await page.goto(await linkFromMail(VERIFYING_PORT, email, /^Verify your email/));
  expect((await page.request.post('/api/accounts/login', { data: { email, password: 'Saree@2026' } })).status()).toBe(200);
  const address = { name: `${firstName} Menon`, phone: '9876543210', house: '21', street: 'Marine Drive', city: 'Kochi', state: 'Kerala', pincode: '682031' };
  const saved = await page.request.post('/api/addresses', { data: address });
  expect(saved.status()).toBe(201);
  return { context, page, email, addressId: (await saved.json()).id as string };
}

/**
 * A piece of its own, made by the owner and bought and paid for by `buyer`: an order naming another
 * journey's product would change what that journey sees.
 */
export async function paidOrder(owner: APIRequestContext, buyer: APIRequestContext, addressId: string) {
  const name = `Kota Doria Saree ${unique()}`;
  const made = await owner.post('/api/admin/products', { data: { name, price: 1_499_00, stock: 5 } });
  expect(made.status()).toBe(201);
  const { id: productId } = await made.json();
  const quote = await (await buyer.get(`/api/checkout/quote?buyNow=${productId}`)).json();
  const started = await (await buyer.post('/api/checkout/orders', { data: { addressId, buyNow: { productId }, expectedTotal: quote.amounts.total } })).json();
  const success = await (await buyer.post(`/api/checkout/orders/${started.orderId}/test-payment`)).json();
  expect((await buyer.post(`/api/checkout/orders/${started.orderId}/confirm`, { data: success })).status()).toBe(200);
  return { productId: productId as number, productName: name, orderNumber: started.orderNumber as string };
}

/** The owner's orders list, narrowed to `orderNumber`, and its one row. */
export async function orderRow(page: Page, orderNumber: string) {
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: /Find an order/ }).fill(orderNumber);
  const row = page.getByRole('button', { name: new RegExp(orderNumber) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: /^VA\d+/ })).toHaveCount(1);
  return row;
}

/** What clicking `link` downloads: its suggested name and its bytes. */
export async function downloaded(page: Page, link: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), content: fs.readFileSync((await file.path())!) };
}
