/**
 * Issue 20: a shopper narrows a list by its filters, sees the count beside each choice, sorts it,
 * shares the address, walks back with the back button and clears it all: in the column beside the
 * grid on a desktop, in a full-height sheet with Apply and Clear on a phone. The numbers expected
 * are the API's own for the same address, so the journeys hold whatever the demo catalog holds.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { BOTH_WIDTHS, expect, test } from './fixtures.ts';

interface Answer {
  items: { name: string; price: number; offerPrice: number | null }[];
  total: number;
  counts: Record<string, Record<string, number>>;
}

const answer = async (page: Page, path: string): Promise<Answer> => (await page.request.get(`${path}${path.includes('?') ? '&' : '?'}counts=1`)).json() as Promise<Answer>;

const pieces = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;
const paid = (p: { price: number; offerPrice: number | null }) => p.offerPrice ?? p.price;
const cardNames = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('heading').allTextContents();

test('on a desktop: filter in the column, the counts, sort, share the address, go back, clear all', BOTH_WIDTHS, async ({ page, browser }, testInfo) => {
  testInfo.skip(testInfo.project.name !== 'desktop', 'the column shows from 1024 px');
  await page.goto('/products');
  const column = page.getByRole('complementary', { name: 'Filters' });
  await expectNoSeriousViolations(page);

  // Silk: the list, its count and the chip follow the address.
  const silk = await answer(page, '/api/products?fabric=silk');
  await column.getByRole('checkbox', { name: /^Silk \d/ }).check();
  await expect(page).toHaveURL(/\/products\?fabric=silk$/);
  await expect(page.getByText(pieces(silk.total), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Silk' })).toBeVisible();

  // Beside Blue, how many blue silk pieces there are; choosing it gives exactly that many.
  const blue = silk.counts.colour!.blue!;
  expect(blue).toBeGreaterThan(0);
  // A long group shows its first few until asked for all.
  await column.getByRole('group', { name: 'Colour' }).getByRole('button', { name: /^Show all \d+$/ }).click();
  await expect(column.getByRole('checkbox', { name: `Blue ${blue}` })).toBeVisible();
  await column.getByRole('checkbox', { name: /^Blue / }).check();
  await expect(page).toHaveURL(/\?fabric=silk&colour=blue$/);
  await expect(page.getByText(pieces(blue), { exact: true })).toBeVisible();

  // A choice that would give nothing shows 0 and cannot be chosen.
  const after = await answer(page, '/api/products?fabric=silk&colour=blue');
  const dead = Object.entries(after.counts.occasion ?? {}).find(([, n]) => n === 0)?.[0] ?? 'daily';
  const deadLabel = { festive: 'Festive', wedding: 'Wedding', party: 'Party', daily: 'Daily wear', office: 'Office' }[dead]!;
  await expect(column.getByRole('checkbox', { name: `${deadLabel} 0` })).toBeDisabled();

  // Sorted by price, low to high: the cards come cheapest first.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
  await expect(page).toHaveURL(/\?fabric=silk&colour=blue&sort=price-asc$/);
  const sorted = await answer(page, '/api/products?fabric=silk&colour=blue&sort=price-asc');
  expect(sorted.items.map(paid)).toEqual([...sorted.items.map(paid)].sort((a, b) => a - b));
  await expect(page.getByRole('main').getByRole('listitem').getByRole('heading').first()).toHaveText(sorted.items[0]!.name);

  // Shared: the address opens the same list for a friend, filters ticked and chips shown.
  const shared = page.url();
  const friend = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await friend.goto(shared);
  await expect(friend.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: /^Blue / })).toBeChecked();
  await expect(friend.getByRole('button', { name: 'Remove Silk' })).toBeVisible();
  await expect(friend.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  expect(await cardNames(friend)).toEqual(await cardNames(page));
  await friend.context().close();

  // The back button walks back through the choices.
  await page.goBack();
  await expect(page).toHaveURL(/\?fabric=silk&colour=blue$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?fabric=silk$/);
  await expect(page.getByText(pieces(silk.total), { exact: true })).toBeVisible();
  await expect(column.getByRole('checkbox', { name: /^Blue / })).not.toBeChecked();

  // Clear all: every piece again, no chips.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('list', { name: 'Filters chosen' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(12);
});

test('on a phone: the sheet holds its choices until Apply, Clear empties them, Escape keeps the list as it was; sort and share', async ({ page, browser }, testInfo) => {
  testInfo.skip(testInfo.project.name !== 'phone', 'the sheet is the phone’s');
  await page.goto('/categories/sarees');
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
  const all = await answer(page, '/api/categories/sarees');
  const silk = await answer(page, '/api/categories/sarees?fabric=silk');

  await page.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await expectNoSeriousViolations(page);
  await expect(sheet.getByText(`${pieces(all.total)} with these choices`)).toBeVisible();
  await sheet.getByRole('checkbox', { name: /^Silk \d/ }).check();
  // The sheet says what the choice would give; the list behind it has not moved yet.
  await expect(sheet.getByText(`${pieces(silk.total)} with these choices`)).toBeVisible();
  await expect(page).toHaveURL(/\/categories\/sarees$/);
  await sheet.getByRole('button', { name: 'Apply' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/categories\/sarees\?fabric=silk$/);
  await expect(page.getByRole('button', { name: 'Remove Silk' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters 1 chosen' })).toBeFocused();

  // Sorted, then shared: the friend's phone opens the same list in the same order.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-desc');
  await expect(page).toHaveURL(/\?fabric=silk&sort=price-desc$/);
  const dearest = (await answer(page, '/api/categories/sarees?fabric=silk&sort=price-desc')).items[0]!.name;
  await expect(page.getByRole('main').getByRole('listitem').getByRole('heading').first()).toHaveText(dearest);
  const friend = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  await friend.goto(page.url());
  await expect(friend.getByRole('button', { name: 'Remove Silk' })).toBeVisible();
  await expect(friend.getByRole('main').getByRole('listitem').getByRole('heading').first()).toHaveText(dearest);
  await friend.context().close();
  await page.goBack();
  await expect(page).toHaveURL(/\?fabric=silk$/);

  // Escape leaves without applying.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await sheet.getByRole('checkbox', { name: /^Cotton / }).check();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\?fabric=silk$/);

  // Clear, then Apply: the whole category again.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(sheet.getByRole('checkbox', { name: /^Cotton / })).not.toBeChecked();
  await sheet.getByRole('button', { name: 'Clear' }).click();
  await expect(sheet.getByRole('checkbox', { name: /^Silk( \d+)?$/ })).not.toBeChecked();
  await sheet.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/categories\/sarees$/);
  await expect(page.getByRole('list', { name: 'Filters chosen' })).toHaveCount(0);

  // Back walks to the silk list.
  await page.goBack();
  await expect(page).toHaveURL(/\?fabric=silk$/);
  await expect(page.getByRole('button', { name: 'Remove Silk' })).toBeVisible();
});

test('a search keeps its heading and count with filters; choices that leave nothing offer the way back', async ({ page }) => {
  const found = await answer(page, '/api/products/search?q=saree&occasion=wedding');
  await page.goto('/products?search=saree&occasion=wedding');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for “saree”');
  await expect(page.getByText(`${found.total} product(s) found`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Wedding' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').getByRole('heading')).toHaveCount(Math.min(found.total, 48));

  // An address whose choices match nothing: the spec's empty words and a way back, not a dead end.
  await page.goto('/products?price=under-1000&origin=kanjeevaram');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(12);
});
