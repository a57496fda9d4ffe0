/**
 * Issue 20: the owner gives a piece its fabric, colour and shade, occasions, weave and origin in the
 * product editor; the product page's Product Details shows them.
 */
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { signedInAsOwner } from './shoppers.ts';

test('the owner says what a piece is made of and for; Product Details shows it', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signedInAsOwner(page);
  const name = `Paithani Saree ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.goto('/admin/products/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Price (₹)', { exact: true }).fill('18500');
  await page.getByLabel('Pieces in stock', { exact: true }).fill('2');
  const card = page.getByRole('region', { name: 'Fabric, colour and occasion' });
  await card.getByLabel('Fabric').selectOption({ label: 'Silk' });
  await card.getByLabel('Weave or work').selectOption({ label: 'Zari weave' });
  await card.getByLabel('Origin').selectOption({ label: 'Paithani' });
  // A shade without its colour is refused in the form, before anything is sent.
  await card.getByLabel('The shade, in your words').fill('Peacock blue');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(card.getByText('Choose the colour this shade belongs to.')).toBeVisible();
  // The colours are swatch chips: a shopper's finger lands on the chip, not on its hidden radio.
  await card.getByText('Blue', { exact: true }).click();
  await expect(card.getByRole('radio', { name: 'Blue' })).toBeChecked();
  await card.getByRole('checkbox', { name: 'Wedding' }).check();
  await card.getByRole('checkbox', { name: 'Festive' }).check();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product created. It is in the shop now.').first()).toBeVisible();
  await expect(card.getByRole('radio', { name: 'Blue' })).toBeChecked();

  // The editor moves to the new piece's address after its message: read the id once it is there.
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  const id = /\/admin\/products\/(\d+)$/.exec(page.url())![1];
  await page.goto(`/product/${id}`);
  const details = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Product Details' }) });
  for (const [label, value] of [
    ['Fabric', 'Silk'],
    ['Colour', 'Peacock blue'],
    ['Weave or work', 'Zari weave'],
    ['Origin', 'Paithani'],
    ['Occasion', 'Festive, Wedding'],
  ])
    await expect(details.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]'), label).toHaveText(value!);
  // Gone again: the newest piece leads every list, and the other journeys expect one with pictures.
  expect((await page.request.delete(`/api/admin/products/${id}`)).status()).toBe(200);
});
