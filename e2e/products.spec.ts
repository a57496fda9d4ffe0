import { test, expect } from './fixtures.ts';

test('the product grid loads, pages with Load More, and searches', async ({ page }) => {
  const response = await page.goto('/products');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Featured Collections' })).toBeVisible();

  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(12);
  // Prices in rupees with Indian grouping, offers struck through with 'N% off'.
  await expect(page.getByText(/^\d+% off$/).first()).toBeVisible();
  await expect(page.getByText(/^₹[\d,]+$/).first()).toBeVisible();
  const firstImage = page.getByRole('main').getByRole('img').first();
  await expect(firstImage).toHaveJSProperty('complete', true);
  expect(await firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const loadMore = page.getByRole('button', { name: 'Load More' });
  await loadMore.click();
  await expect(cards).toHaveCount(24);

  await page.getByRole('searchbox', { name: 'Search sarees and clothing' }).fill('Silk Saree');
  await page.getByRole('searchbox', { name: 'Search sarees and clothing' }).press('Enter');
  await expect(page).toHaveURL(/\/products\?search=Silk\+Saree/);
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
