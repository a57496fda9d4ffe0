/**
 * One data layer (docs/decisions/0017): what one screen changes, every other screen shows; a
 * session that lapses while a private screen is open sends the shopper to log in and back, the
 * same on every such screen; a screen that fails to load or draw offers a way on.
 */
import type { Page } from '@playwright/test';
import { firstCard, buyablePiece } from './cards.ts';
import { test, expect } from './fixtures.ts';
import { scrollToTheEnd } from './scroll.ts';
import { logIn, signedIn } from './shoppers.ts';

const account = (page: Page) => page.getByRole('navigation', { name: 'Your account' });
const AFTER_LOGIN = { timeout: 10_000 };

test('a like and a piece added on a card show on the product page, in the badges, the cart and favourites, without asking again', async ({ page }) => {
  await signedIn(page, 'Mira');
  await page.goto('/products');
  const { card, name, id } = await firstCard(page, 6);
  await card.getByRole('button', { name: new RegExp(`^Like ${name}`) }).click();
  await expect(page.getByText('Added to favorites!')).toBeVisible();
  const count = Number(await card.getByRole('button', { name: new RegExp(`^Like ${name}`) }).textContent());
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(account(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The product page, opened from the card, already knows the new count.
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: `Like ${name} (${count} ${count === 1 ? 'like' : 'likes'})` })).toHaveAttribute('aria-pressed', 'true');

  // The cart was written by the add: opening it asks the server nothing more.
  const cartAsks: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/cart') && r.method() === 'GET' && cartAsks.push(r.url()));
  await account(page).getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('list', { name: 'Pieces in your cart' }).getByRole('link', { name })).toBeVisible();
  expect(cartAsks).toEqual([]);

  await account(page).getByRole('link', { name: 'Wishlist, 1 item' }).click();
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  expect(id).toBeGreaterThan(0);
});

test('a session that ends while a private screen is open goes to log in and comes back, on every private screen', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  // The refusals (401) that end each screen's session are the subject here.
  consoleErrors.allow('/api/');
  const email = await signedIn(page, 'Rhea');
  const piece = await buyablePiece(page.request, 8);
  expect((await page.request.post('/api/cart/items', { data: { productId: piece.id } })).status()).toBe(200);

  // Each screen is reached inside the app, as a shopper would, after the session has ended on the
  // server (its cookie gone, as after a log out on another device or an expiry).
  const screens: { path: RegExp; heading: string; open: () => Promise<unknown> }[] = [
    { path: /\/cart$/, heading: 'Your Cart', open: () => account(page).getByRole('link', { name: /^Cart/ }).click() },
    { path: /\/favorites$/, heading: 'No favorites yet', open: () => account(page).getByRole('link', { name: /^Wishlist/ }).click() },
    { path: /\/orders$/, heading: 'No orders found', open: () => menu(page, 'My Orders') },
    { path: /\/profile$/, heading: 'Profile', open: () => menu(page, 'Profile') },
  ];
  for (const screen of screens) {
    await page.goto('/products');
    await expect(account(page).getByRole('button', { name: 'Your account' })).toBeVisible();
    await page.context().clearCookies();
    await screen.open();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(account(page).getByRole('link', { name: 'Log in or sign up' })).toBeVisible();
    await logIn(page, email);
    await expect(page).toHaveURL(screen.path, AFTER_LOGIN);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  }

  // Checkout (and its address book), reached from the cart after the session ended.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/checkout$/, AFTER_LOGIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
});

async function menu(page: Page, item: string) {
  await account(page).getByRole('button', { name: 'Your account' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a screen whose code is gone after a new deploy offers to reload, and reloading brings it back', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Collections' })).toBeVisible();
  // The About screen's chunk answers 404, as an old version's chunk does once a new version is live.
  const chunk = /\/assets\/about-[^/]+\.js$/;
  consoleErrors.allow('/assets/about-');
  await page.route(chunk, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await scrollToTheEnd(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: 'A new version of the shop is ready' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Your account' })).toBeVisible(); // the frame stays
  await expect(alert.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');

  await page.unroute(chunk);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Woven by hand, chosen with care' })).toBeVisible();
});

test('a screen that fails while drawing shows what happened and a way on, never a blank page', async ({ page, consoleErrors }) => {
  consoleErrors.allow('/assets/');
  // The FAQ screen's code is replaced by one that throws as it draws.
  await page.route(/\/assets\/faq-[^/]+\.js$/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'export function Component() { throw new Error("A broken screen"); }' }),
  );
  page.on('pageerror', () => {}); // the thrown error is the subject here
  await page.goto('/faq');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
  await alert.getByRole('link', { name: 'Go to home' }).click();
  await expect(page.getByRole('heading', { name: 'Our Collections' })).toBeVisible();
});
