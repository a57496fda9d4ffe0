import { BOTH_WIDTHS, test, expect } from './fixtures.ts';

test('FAQ: 10 numbered questions, one open at a time, the open one closes on a click', async ({ page }) => {
  const response = await page.goto('/faq');
  expect(response?.status()).toBe(200);
  const questions = page.getByRole('button', { name: /^\d+\./ });
  await expect(questions).toHaveCount(10);
  await expect(questions.nth(9)).toHaveText(/^10\./);

  await questions.nth(0).click();
  await expect(page.getByText('Orders are delivered in 5 to 7 business days.', { exact: false })).toBeVisible();
  await questions.nth(3).click();
  await expect(page.getByText('Returns are accepted within 7 days for damaged or incorrect items.', { exact: false })).toBeVisible();
  await expect(page.getByText('Orders are delivered in 5 to 7 business days.', { exact: false })).toBeHidden();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'false');

  await questions.nth(4).click();
  await expect(page.getByText('one size fits all', { exact: false })).toBeVisible();
  await questions.nth(1).click();
  await expect(page.getByText('we ship across India', { exact: false })).toBeVisible();
});

test('shipping and about say what the spec asks', async ({ page }) => {
  await page.goto('/shipping');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping & Return Policy' })).toBeVisible();
  await expect(page.getByText('6 Days delivery', { exact: true })).toBeVisible();
  await expect(page.getByText('No Returns on Damage products.', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Shipping & Return Policy | Vastra');

  await page.goto('/about');
  for (const section of ['Our Story', 'Our Mission', 'Our Vision']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
});

test('every page ends with the footer: links, contact, ways to pay, copyright', BOTH_WIDTHS, async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  for (const name of ['Quick Links', 'Customer Service', 'Contact']) {
    await expect(footer.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(footer.getByRole('list', { name: 'Ways to pay' })).toContainText('UPI');
  await expect(footer.getByRole('list', { name: 'Follow us' }).getByRole('link')).toHaveCount(3);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Vastra. All rights reserved.`);
  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
});
