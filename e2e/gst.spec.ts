/**
 * GST by piece (issue 18) in a real browser: the owner's product editor says which rate the shop
 * will take at the price typed, warns about a price that fits neither apparel rate, and the
 * settings hold the apparel threshold and rates (nothing saved there); the owner sets the shop's
 * tax registration.
 */
import { expect, test } from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { gstinCheckChar } from '../src/shared/gstin.ts';
import { signedInAsOwner } from './shoppers.ts';

test('the product editor says the rate at the price typed, and warns between the bands', async ({ page }) => {
  await signedInAsOwner(page);
  await page.goto('/admin/products/new');
  await page.getByLabel('Price (₹)', { exact: true }).fill('2800');
  const tax = page.getByRole('region', { name: 'Tax' });
  await tax.getByLabel('Taxed as').selectOption({ label: 'Apparel by value (5% / 18%)' });
  await expect(tax).toContainText('At ₹2,800.00 a piece: GST 18%, ₹427.12 included.');
  await expect(tax).toContainText('₹2,800.00 fits neither apparel rate: at 5% the piece’s value would be ₹2,666.67, above ₹2,500.00');
  await expect(tax).toContainText('The shop takes the higher rate');
  await tax.getByLabel('HSN code').fill('6204');
  await expectNoSeriousViolations(page);

  await tax.getByLabel('Taxed as').selectOption({ label: 'A fixed rate (fabric, sarees)' });
  await expect(tax.getByLabel('Fixed rate (%)')).toHaveValue('5');
  await expect(tax).toContainText('At ₹2,800.00 a piece: GST 5%, ₹133.33 included.');
  await expect(tax).not.toContainText('fits neither');
});

test('the pricing settings hold the apparel threshold, its rates and the choice between the bands', async ({ page }) => {
  await signedInAsOwner(page);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'GST on apparel' })).toBeVisible();
  await expect(page.getByLabel('Threshold per piece (₹)')).toHaveValue('2500.00');
  await expect(page.getByLabel('GST up to it (%)')).toHaveValue('5.00');
  await expect(page.getByLabel('GST above it (%)')).toHaveValue('18.00');
  await expect(page.getByRole('radio', { name: 'The higher rate (the safe choice)' })).toBeChecked();
  await expectNoSeriousViolations(page);
});

test('the owner sets who the invoices are issued by: a GSTIN of another state is refused, then saved', async ({ page }) => {
  await signedInAsOwner(page);
  await page.goto('/admin/tax');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax' })).toBeVisible();
  await page.getByLabel('Legal name').fill('Vastra Textiles LLP');
  await page.getByLabel('Registered address').fill('12 Pondy Bazaar\nT. Nagar, Chennai 600017');
  await page.getByLabel('State').selectOption('Kerala');
  await page.getByLabel('GSTIN').fill(`33ABCDE1234F1Z${gstinCheckChar('33ABCDE1234F1Z')}`);
  await expect(page.getByText('The first invoice of the year: VST/')).toBeVisible();
  await page.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(page.getByText('This GSTIN is registered in state code 33, not Kerala.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel('State').selectOption('Tamil Nadu');
  await page.getByRole('button', { name: 'Save tax settings' }).click();
  await expect(page.getByText('Tax settings saved. Invoices are issued under them from now on.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Legal name')).toHaveValue('Vastra Textiles LLP');
});
