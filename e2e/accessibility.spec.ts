import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';

const screens = [
  { path: '/products', ready: 'Featured Collections' },
  { path: '/products?search=silk', ready: 'Search Results for “silk”' },
  { path: '/no-such-page', ready: 'Page not found' },
  { path: '/faq', ready: 'Frequently Asked Questions' },
  { path: '/shipping', ready: 'Shipping & Return Policy' },
  { path: '/about', ready: 'Woven by hand, chosen with care' },
  { path: '/cart', ready: 'Coming Soon' },
  { path: '/product/999999', ready: 'Product not found' },
];

for (const { path, ready } of screens) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page, consoleErrors }) => {
    consoleErrors.allow('/no-such-page');
    consoleErrors.allow('/999999');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}

test('a product page has no serious or critical accessibility violations', async ({ page }) => {
  const { items } = await (await page.request.get('/api/products?offset=0&limit=1')).json();
  const product = items[0];
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByTestId('zoom-level')).toHaveText('1.0x');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

/** Scrolls to the bottom until the footer is in, so every section waiting to be near has rendered. */
async function scrollToTheEnd(page: import('@playwright/test').Page) {
  const footer = page.getByRole('contentinfo');
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(footer).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test('home has no serious or critical accessibility violations, down to the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Vastra/ })).toBeAttached();
  await scrollToTheEnd(page);
  await expect(page.getByRole('region', { name: 'Our Bestsellers' }).getByRole('listitem')).toHaveCount(8);
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test('the phone menu, open, has no serious or critical accessibility violations', async ({ page }) => {
  test.skip(page.viewportSize()!.width >= 1024, 'the menu button shows below 1024 px only');
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sidebar = page.getByRole('dialog', { name: 'Vastra' });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'About Us' })).toBeVisible();
  // Let the slide-in finish (the skeletons' endless pulse is not waited for).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});
