import { expectNoSeriousViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

/** Spec §2: the six generic pages and their titles. */
const TITLED = [
  ['/best-seller', 'Best Seller'],
  ['/just-landed', 'Just Landed'],
  ['/categories', 'Categories'],
  ['/collections', 'Collections'],
  ['/career', 'Career'],
  ['/help', 'Help & Support'],
] as const;

const main = (page: Page) => page.getByRole('main');
const productCards = (page: Page) => main(page).getByRole('article');

test('each generic page answers 200 and shows its title', async ({ page }) => {
  for (const [path, title] of TITLED) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Vastra`);
  }
});

test('Best Seller and Just Landed list products 12 at a time, newest first on Just Landed', async ({ page }) => {
  await page.goto('/best-seller');
  await expect(productCards(page)).toHaveCount(12);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(productCards(page)).toHaveCount(24);

  const newest = (await (await page.request.get('/api/products?limit=1')).json()) as { items: { name: string }[] };
  await page.goto('/just-landed');
  await expect(productCards(page)).toHaveCount(12);
  await expect(productCards(page).first().getByRole('heading')).toHaveText(newest.items[0]!.name);
});

test('Categories opens a category with its products and Load More', async ({ page }) => {
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 2, name: 'Sarees' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: /^All Sarees.*\d+ pieces$/ })).toBeVisible();
  await main(page).getByRole('link', { name: /^Silk Sarees/ }).click();

  await expect(page).toHaveURL(/\/categories\/silk-sarees$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Silk Sarees' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Sarees' })).toHaveAttribute('href', '/categories/sarees');
  const count = Number(/(\d+) pieces/.exec((await page.getByText(/^\d+ pieces$/).textContent())!)![1]);
  expect(count).toBeGreaterThan(12);
  await expect(productCards(page)).toHaveCount(12);

  // Hold the next page back until the button has been seen saying so (a fixed delay raced the
  // assertion's polling on a busy machine).
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/categories\/silk-sarees\?.*\boffset=12\b/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  release();
  await expect(productCards(page)).toHaveCount(Math.min(count, 24));
  if (count < 24) await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

  await crumbs.getByRole('link', { name: 'Sarees' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sarees' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Inside Sarees' }).getByRole('link', { name: 'Cotton Sarees' })).toBeVisible();
});

test('Collections shows posters and opens a collection with its products', async ({ page }) => {
  await page.goto('/collections');
  const festive = main(page).getByRole('link', { name: 'Festive Collection' });
  await expect(festive).toBeVisible();
  const poster = main(page).locator('img[src*="/images/collections/festive"]');
  await expect(poster).toHaveJSProperty('complete', true);
  expect(await poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await main(page).getByRole('link', { name: 'Bridal Collection' }).click();
  await expect(page).toHaveURL(/\/collections\/bridal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bridal Collection' })).toBeVisible();
  await expect(productCards(page).first()).toBeVisible();
  const shown = await productCards(page).count();
  // Fewer than a full page came back, so there is nothing more to load.
  if (shown < 12) await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

  await page.goto('/collections/festive');
  await expect(productCards(page)).toHaveCount(12);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(productCards(page)).toHaveCount(24);
});

for (const [path, title, back] of [
  ['/categories/no-such-category', 'Category not found', 'All Categories'],
  ['/collections/no-such-collection', 'Collection not found', 'All Collections'],
] as const) {
  test(`${path} shows '${title}' with a way back, served with 404`, async ({ page, consoleErrors }) => {
    consoleErrors.allow('no-such-'); // the document and the API both answer 404
    const direct = await page.request.get(path);
    expect(direct.status()).toBe(404);
    expect(direct.headers()['x-robots-tag']).toBe('noindex');
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await main(page).getByRole('link', { name: back }).click();
    await expect(page.getByRole('heading', { level: 1, name: back.replace('All ', '') })).toBeVisible();
  });
}

const AXE_SCREENS = [
  ...TITLED.map(([path, title]) => ({ path, ready: title })),
  { path: '/categories/sarees', ready: 'Sarees' },
  { path: '/collections/festive', ready: 'Festive Collection' },
  { path: '/categories/no-such-category', ready: 'Category not found' },
];

for (const { path, ready } of AXE_SCREENS) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page, consoleErrors }) => {
    consoleErrors.allow('no-such-');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready, exact: true })).toBeVisible();
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
}
