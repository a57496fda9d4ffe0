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
];

for (const { path, ready } of screens) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page, consoleErrors }) => {
    consoleErrors.allow('/no-such-page');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
}
