import type { Locator, Page } from '@playwright/test';
import { firstCard } from './cards.ts';
import { test, expect } from './fixtures.ts';
import type { ProductSummary } from '../src/shared/catalog.ts';
import type { LoginIntent } from '../src/web/lib/login-intent.ts';

const LIKE_TOAST = 'Please log in to like products.';

/** What the router carries to /login (React Router keeps it under `usr` in history.state). */
async function loginIntent(page: Page): Promise<LoginIntent | undefined> {
  return page.evaluate(() => (history.state as { usr?: { intent?: LoginIntent } } | null)?.usr?.intent);
}

async function expectAtLoginWith(page: Page, want: { action: LoginIntent['action']; id: number; name: string; from: string }) {
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByText(`Log in to ${want.action === 'buyNow' ? 'buy' : 'add to your cart'} ${want.name}.`)).toBeVisible();
  const intent = await loginIntent(page);
  expect(intent).toMatchObject({ action: want.action, product: { id: want.id, name: want.name }, quantity: 1, from: want.from });
}

/** A toast appears, then closes by itself (spec §4: after 2 s). */
async function expectPassingToast(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true });
  await expect(toast).toBeVisible();
  // Sonner holds a toast while the pointer is on it; keep the pointer off the toasts at the top.
  await page.mouse.move(1, page.viewportSize()!.height - 1);
  await expect(toast).toBeHidden({ timeout: 4000 });
}

/** Clicks a spot the way a finger or mouse would: at its centre, whatever lies on top. */
async function clickOn(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test.describe('on a product card', () => {
  test('a like asks a visitor to log in, in a toast that closes by itself', async ({ page }) => {
    await page.goto('/products');
    const { card, name } = await firstCard(page);
    const like = card.getByRole('button', { name: `Like ${name}`, exact: true }); // no likes yet, so no count
    await expect(like).toHaveText('');
    await like.click();
    await expectPassingToast(page, LIKE_TOAST);
    await expect(page).toHaveURL(/\/products$/); // the like does not open the product
  });

  test('the cart icon takes a visitor to log in, carrying the product and the way back', async ({ page }) => {
    await page.goto('/products?search=silk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for “silk”');
    const { card, name, id } = await firstCard(page);
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await expectAtLoginWith(page, { action: 'addToCart', id, name, from: '/products?search=silk' });
  });

  test('Buy Now takes a visitor to log in with a buy-now intent', async ({ page }) => {
    await page.goto('/products');
    const { card, name, id } = await firstCard(page);
    const buy = card.getByRole('button', { name: `Buy Now: ${name}` });
    await expect(buy).toHaveText('Buy Now');
    await buy.click();
    await expectAtLoginWith(page, { action: 'buyNow', id, name, from: '/products' });
  });

  test('from the home grid too, with home as the way back', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Our Bestsellers' });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('listitem')).toHaveCount(8);
    const card = section.getByRole('listitem').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    const id = Number((await card.getByRole('link', { name }).getAttribute('href'))!.split('/').pop());
    await card.getByRole('button', { name: `Buy Now: ${name}` }).click();
    await expectAtLoginWith(page, { action: 'buyNow', id, name, from: '/' });
  });

  test('a tap on the picture, or anywhere else on the card, opens the product', async ({ page }) => {
    await page.goto('/products');
    const { card, name, id } = await firstCard(page, 0, { pictured: true });
    await clickOn(page, card.getByRole('img', { name, exact: true }));
    await expect(page).toHaveURL(new RegExp(`/product/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.goBack();
    const again = await firstCard(page);
    await clickOn(page, again.card.getByText(/^₹[\d,]+$/).first()); // the price
    await expect(page).toHaveURL(new RegExp(`/product/${again.id}$`));
  });

  test('a sold-out piece cannot be bought', async ({ page }) => {
    const { items }: { items: ProductSummary[] } = await (await page.request.get('/api/products?offset=0&limit=12')).json();
    const soldOut = items.find((p) => p.availability === 'Out of Stock');
    test.skip(!soldOut, 'no sold-out piece on the first page of the seed');
    await page.goto('/products');
    const card = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('link', { name: soldOut!.name, exact: true }) });
    await expect(card.getByText('Out of Stock')).toBeVisible();
    await expect(card.getByRole('button', { name: `Sold out: ${soldOut!.name}` })).toBeDisabled();
    await expect(card.getByRole('button', { name: `Sold out: ${soldOut!.name}` })).toHaveText('Sold out');
    await expect(card.getByRole('button', { name: `Add ${soldOut!.name} to cart` })).toBeDisabled();
  });
});

test.describe('on the product page', () => {
  async function openProduct(page: Page) {
    const { items }: { items: ProductSummary[] } = await (await page.request.get('/api/products?offset=0&limit=12')).json();
    const product = items.find((p) => p.availability === 'In Stock')!;
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    return product;
  }

  test('the like button asks a visitor to log in', async ({ page }) => {
    const product = await openProduct(page);
    await page.getByRole('button', { name: `Like ${product.name}`, exact: true }).click();
    await expectPassingToast(page, LIKE_TOAST);
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  });

  test('Add to Cart takes a visitor to log in with the product', async ({ page }) => {
    const product = await openProduct(page);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectAtLoginWith(page, { action: 'addToCart', id: product.id, name: product.name, from: `/product/${product.id}` });
  });

  test('Buy Now takes a visitor to log in with the product', async ({ page }) => {
    const product = await openProduct(page);
    await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
    await expectAtLoginWith(page, { action: 'buyNow', id: product.id, name: product.name, from: `/product/${product.id}` });
  });
});
