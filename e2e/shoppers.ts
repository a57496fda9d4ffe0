/**
 * Shoppers for journeys about what follows sign-up: an account made through the API. With
 * `page.request` (which shares the page's cookies) the page is signed in at once; with the
 * `request` fixture (a client of its own) the browser stays signed out, to log in by the form.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { OWNER } from './owner.ts';

export const PASSWORD = 'Saree@2026';

export const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Makes an account and returns its email address. */
export async function accountFor(request: APIRequestContext, who: string, extra: Record<string, unknown> = {}): Promise<string> {
  const email = uniqueEmail(who);
  const body = { firstName: 'Asha', email, phone: '9876543210', gender: 'female', password: PASSWORD, ...extra };
  const res = await request.post('/api/accounts/signup', { data: body });
  expect(res.status()).toBe(200);
  return email;
}

/** A page whose browser is signed in as a new shopper; returns their email address. */
export const signedIn = (page: Page, who: string, extra?: Record<string, unknown>) => accountFor(page.request, who, extra);

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Signs the page's browser in as the store owner (e2e/owner.ts), through the API. */
export async function signedInAsOwner(page: Page) {
  const res = await page.request.post('/api/accounts/login', { data: { email: OWNER.email, password: OWNER.password } });
  expect(res.status()).toBe(200);
}

/** A Chennai delivery address added from checkout's form, as a shopper types it. */
export async function addAddress(page: Page, name = 'Meera Krishnan') {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('House/Flat').fill('Flat 4B, Lotus Apartments');
  await page.getByLabel('Street/Address').fill('12 Cathedral Road');
  await page.getByLabel('City').fill('Chennai');
  await page.getByLabel('State').selectOption('Tamil Nadu');
  await page.getByLabel('Pincode').fill('600086');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByRole('button', { name: 'Save address' })).toHaveCount(0);
}
