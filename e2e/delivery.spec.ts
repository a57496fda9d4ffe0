/**
 * Delivery to a PIN code (issue 17), as a shopper and the owner meet it: the product page's PIN
 * check (its six-digit rule, an unknown PIN, a date and Cash on Delivery, the PIN remembered for the
 * visit) at both widths; the owner's delivery screen and a PIN rule the product page follows.
 */
import { expectNoSeriousViolations } from './axe.ts';
import { buyablePiece } from './cards.ts';
import { phoneWidthOnly, test, expect } from './fixtures.ts';
import { signedInAsOwner } from './shoppers.ts';

test("a shopper checks delivery to their PIN on a product page, and the next page remembers it", async ({ page, consoleErrors }) => {
  // An unknown PIN is the API's 404, which the browser logs.
  consoleErrors.allow('/api/delivery?pin=999999');
  const piece = await buyablePiece(page.request, 0);
  await page.goto(`/product/${piece.id}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Delivery Info' }) });
  const field = card.getByLabel('Check delivery to your pincode');
  await field.fill('12345');
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByText('Pincode must be 6 digits.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill('999999');
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByText('We could not find this pincode. Please check it.')).toBeVisible();

  await field.fill('600004');
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByText('600004 · Chennai, Tamil Nadu')).toBeVisible();
  await expect(card.getByText(/Delivery (by|between) [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2}/)).toBeVisible();
  // Open, or closed by the owner's limit for a piece this dear: either way said.
  await expect(card.getByText(/^Cash on Delivery (available\.|is available on orders up to ₹[\d,]+\.)$/)).toBeVisible();
  await expectNoSeriousViolations(page);

  const other = await buyablePiece(page.request, 1);
  await page.goto(`/product/${other.id}`);
  await expect(page.getByLabel('Check delivery to your pincode')).toHaveValue('600004');
  await expect(page.getByText('600004 · Chennai, Tamil Nadu')).toBeVisible();
});

test('the owner marks a PIN prefix as not delivered, and the product page says so', async ({ page }, testInfo) => {
  phoneWidthOnly(testInfo);
  await signedInAsOwner(page);
  await page.goto('/admin/delivery');
  await expect(page.getByRole('heading', { name: 'Delivery', exact: true })).toBeVisible();
  await expect(page.getByLabel('Dispatch pincode')).toHaveValue(/^\d{6}$/);
  await expectNoSeriousViolations(page);

  const rules = page.getByRole('region', { name: 'Pincodes served differently' });
  await rules.getByLabel('Pincode or first digits').fill('0744');
  await rules.getByRole('button', { name: 'Add rule' }).click();
  await expect(rules.getByText('Give a pincode or its first 1 to 6 digits (not starting with 0).')).toBeVisible();
  await rules.getByLabel('Pincode or first digits').fill('744');
  await rules.getByRole('button', { name: 'Add rule' }).click();
  await expect(rules.getByRole('list', { name: 'Pincode rules' })).toContainText('Pincodes starting 744 · Not delivered');

  const piece = await buyablePiece(page.request, 2);
  await page.goto(`/product/${piece.id}`);
  await page.getByLabel('Check delivery to your pincode').fill('744101');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('We do not deliver to this pincode yet.')).toBeVisible();

  await page.goto('/admin/delivery');
  await page.getByRole('button', { name: 'Remove the rule for pincodes starting 744' }).click();
  await expect(page.getByText('Every pincode in India is delivered to, with Cash on Delivery.')).toBeVisible();
});
