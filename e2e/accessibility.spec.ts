import { expectNoSeriousViolations } from './axe.ts';
import { picturedPiece } from './cards.ts';
import { scrollToTheEnd } from './scroll.ts';
import { BOTH_WIDTHS, test, expect } from './fixtures.ts';

const screens = [
  { path: '/products', ready: 'Featured Collections' },
  { path: '/products?search=silk', ready: 'Search Results for “silk”' },
  { path: '/no-such-page', ready: 'Page not found' },
  { path: '/faq', ready: 'Frequently Asked Questions' },
  { path: '/shipping', ready: 'Shipping & Return Policy' },
  { path: '/about', ready: 'Woven by hand, chosen with care' },
  { path: '/orders', ready: 'Your Orders' },
  { path: '/product/999999', ready: 'Product not found' },
];

for (const { path, ready } of screens) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page, consoleErrors }) => {
    consoleErrors.allow('/no-such-page');
    consoleErrors.allow('/999999');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
}

test('a product page has no serious or critical accessibility violations', BOTH_WIDTHS, async ({ page }) => {
  const product = await picturedPiece(page.request);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByTestId('zoom-level')).toHaveText('1.0x');
  await expectNoSeriousViolations(page);
});

test('home has no serious or critical accessibility violations, down to the footer', BOTH_WIDTHS, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Vastra/ })).toBeAttached();
  await scrollToTheEnd(page);
  await expect(page.getByRole('region', { name: 'Our Bestsellers' }).getByRole('listitem')).toHaveCount(8);
  await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  await expectNoSeriousViolations(page);
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
  await expectNoSeriousViolations(page);
});
