/**
 * Likes, the cart and Buy Now, walked as a shopper does (spec §2 Favorites, Cart,
 * Checkout; §4 Like, Cart item, Login success; §8 toasts), with the header's badges following.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { firstCard, buyablePiece } from './cards.ts';
import { test, expect } from './fixtures.ts';
import { accountFor, logIn, signedIn } from './shoppers.ts';

/** Sign-in is scrypt on a busy two-core machine, then the spec's 1 s wait. */
const AFTER_LOGIN = { timeout: 10_000 };

const badges = (page: Page) => page.getByRole('navigation', { name: 'Your account' });

test('like a piece, find it in My Favorites, unlike it there', async ({ page }) => {
  await signedIn(page, 'lata');
  await page.goto('/products');
  // Not the first cards: the visitor's journeys (shopper-actions.spec.ts) count on those having no likes.
  const { card, name } = await firstCard(page, 4);
  await card.getByRole('button', { name: new RegExp(`^Like ${name}`) }).click();
  await expect(page.getByText('Added to favorites!')).toBeVisible();
  const like = card.getByRole('button', { name: new RegExp(`^Like ${name} \\(\\d+ likes?\\)$`) });
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText(/^\d+$/);

  await badges(page).getByRole('link', { name: 'Wishlist, 1 item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
  await expect(page.getByText('Your liked products and wishlist items')).toBeVisible();
  const favorite = page.getByRole('main').getByRole('listitem').filter({ hasText: name });
  await expect(favorite).toHaveCount(1);
  await expectNoSeriousViolations(page);

  await favorite.getByRole('button', { name: new RegExp(`^Like ${name}`) }).click();
  await expect(page.getByText('Removed from favorites')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'No favorites yet' })).toBeVisible();
  await expect(page.getByText('Start liking products to see them here!')).toBeVisible();
  await expect(badges(page).getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('Add to Cart from a card, the badge, the cart: quantity, selection, Proceed; Buy Now leaves the cart alone', async ({ page }) => {
  await signedIn(page, 'nila');
  const piece = await buyablePiece(page.request, 5);
  await page.goto('/products');
  const { card, name } = await firstCard(page);
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await badges(page).getByRole('link', { name: 'Cart, 1 item' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart' })).toBeVisible();
  const line = page.getByRole('list', { name: 'Pieces in your cart' }).getByRole('listitem').filter({ hasText: name });
  await line.getByRole('button', { name: `One more ${name}` }).click();
  await expect(line.getByRole('status', { name: 'Quantity: 2' })).toBeVisible();
  await expect(badges(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(line.getByRole('button', { name: `One fewer ${name}` })).toBeEnabled();

  const proceed = page.getByRole('button', { name: 'Proceed to Checkout' });
  const select = line.getByRole('checkbox', { name: `Select ${name}` });
  await expect(proceed).toBeEnabled();
  await select.uncheck();
  await expect(proceed).toBeDisabled();
  await expect(page.getByText('Select a piece to check out.')).toBeVisible();
  await select.check();
  await expect(proceed).toBeEnabled();
  await expectNoSeriousViolations(page);
  await proceed.click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Buy Now carries one piece to checkout and leaves the cart as it was.
  await page.goto(`/product/${piece.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('list', { name: 'Pieces in this order' });
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  await expect(summary).toContainText(piece.name);
  await expect(summary).toContainText('Qty 1');
  await expect(badges(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('removing the last piece leaves a friendly empty cart', async ({ page }) => {
  await signedIn(page, 'uma');
  const piece = await buyablePiece(page.request, 2);
  expect((await page.request.post('/api/cart/items', { data: { productId: piece.id } })).status()).toBe(200);
  await page.goto('/cart');
  await page.getByRole('button', { name: `Remove ${piece.name} from cart` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await expect(badges(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('a visitor: the cart and favorites ask to log in, and Buy Now goes through log in to checkout', async ({ page, request }) => {
  const email = await accountFor(request, 'ritu');
  await page.goto('/cart');
  await expect(page.getByText('Please log in to view your cart.')).toBeVisible();
  await page.goto('/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to view your favorite products' })).toBeVisible();
  await expect(page.getByText('Please log in to access your favorites.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/products');
  const { card, name } = await firstCard(page, 1);
  await card.getByRole('button', { name: `Buy Now: ${name}` }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/checkout$/, AFTER_LOGIN);
  const summary = page.getByRole('list', { name: 'Pieces in this order' });
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  await expect(summary).toContainText(name);
  await expect(badges(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
});
