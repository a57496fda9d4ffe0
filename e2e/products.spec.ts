import { picturedPiece } from './cards.ts';
import { BOTH_WIDTHS, test, expect } from './fixtures.ts';

test('the product grid loads, pages with Load More, and searches', async ({ page }) => {
  const response = await page.goto('/products');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Featured Collections' })).toBeVisible();

  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(12);
  // Prices in rupees with Indian grouping, offers struck through with 'N% off'.
  await expect(page.getByText(/^\d+% off$/).first()).toBeVisible();
  await expect(page.getByText(/^₹[\d,]+$/).first()).toBeVisible();
  // The first photograph: a piece the owner's journeys just made leads the list with no picture yet
  // (its card says so with a role="img" box).
  const firstImage = page.getByRole('main').locator('img').first();
  await expect(firstImage).toHaveJSProperty('complete', true);
  expect(await firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const loadMore = page.getByRole('button', { name: 'Load More' });
  await loadMore.click();
  await expect(cards).toHaveCount(24);

  const search = page.getByRole('combobox', { name: 'Search sarees and clothing' });
  await search.fill('Silk Saree');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/products\?search=Silk%20Saree/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for “Silk Saree”');
  await expect(page.getByText(/^\d+ product\(s\) found$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  const names = await cards.getByRole('heading').allTextContents();
  expect(names.length).toBeGreaterThan(0);
});

test('a search with no match says so and offers a way back', async ({ page }) => {
  await page.goto('/products?search=zzqqxx');
  await expect(page.getByRole('heading', { name: 'No products found for “zzqqxx”' })).toBeVisible();
  await expect(page.getByText('Try searching with different keywords or browse our collections.')).toBeVisible();
  await expect(page.getByText('0 product(s) found')).toBeVisible();
  await page.getByRole('link', { name: 'Browse all products' }).click();
  await expect(page.getByRole('heading', { name: 'Featured Collections' })).toBeVisible();
});

test('an unknown path shows the not-found screen with status 404', async ({ page, consoleErrors }) => {
  consoleErrors.allow('/no-such-page');
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('a card opens its product: gallery with zoom, details and delivery', BOTH_WIDTHS, async ({ page }) => {
  const { name } = await picturedPiece(page.request);
  await page.goto('/products');
  const card = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  // Anywhere on the card opens the product: here, its picture.
  await card.click({ position: { x: 60, y: 80 } });
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  for (const title of ['Key Highlights', 'Product Details', 'Manufacture & Care', 'Return Policy', 'Delivery Info']) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Read More' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Read More' }).first().click();
  await expect(page.getByRole('button', { name: 'Show Less' })).toBeVisible();

  const level = page.getByTestId('zoom-level');
  await expect(level).toHaveText('1.0x');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(level).not.toHaveText('1.0x');
  await page.getByTestId('gallery-main').dblclick();
  await expect(level).toHaveText('1.0x');

  await page.getByRole('button', { name: 'Show picture 2' }).click();
  await expect(page.getByRole('img', { name: `${name}, picture 2 of` , exact: false })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Featured Collections' })).toBeVisible();
});

test("an unknown product says 'Product not found' with status 404", async ({ page, consoleErrors }) => {
  consoleErrors.allow('999999'); // the page and its API call both answer 404
  const response = await page.goto('/product/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
});

