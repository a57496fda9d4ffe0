/**
 * Reviews from buyers (issue 51), in a real browser at both widths: a kurta delivered by the local
 * courier's scans is reviewed by its buyer from Your Orders; its product page, drawn on the server, shows the
 * figures, the fit and the review with the buyer's first name, "Verified purchase" and the size
 * bought; another account marks it helpful once. axe on the reviews.
 */
import { VERIFYING_PORT } from '../playwright.config.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { deliveredKurta } from './delivered-kit.ts';
import { BOTH_WIDTHS, expect, test } from './fixtures.ts';
import { verifiedBuyer } from './owner-kit.ts';
import { signedInAsOwner } from './shoppers.ts';

test.use({ baseURL: `http://localhost:${VERIFYING_PORT}` });

test("a buyer's review shows on the product page with its stars, fit and size bought; another account finds it helpful once", BOTH_WIDTHS, async ({ page, browser, consoleErrors }) => {
  test.setTimeout(90_000);
  const { context, page: buyer, addressId, email } = await verifiedBuyer(browser, 'Sunita');
  await signedInAsOwner(page);
  const { productId, name, orderNumber } = await deliveredKurta(page.request, buyer.request, addressId);

  // The buyer writes it from Your Orders.
  await buyer.goto('/orders');
  const card = buyer.getByRole('article', { name: `Order ${orderNumber}` });
  await card.getByRole('button', { name: 'Write a review' }).click();
  const form = card.getByRole('form', { name: `Review of ${name}` });
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByText('Choose 1 to 5 stars.')).toBeVisible();
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Title').fill('Soft chanderi, colour as shown');
  await form.getByLabel('Your review').fill('Wore it for Onam.\nThe sleeves are a touch short.');
  await form.getByText('Runs small').click();
  await expectNoSeriousViolations(buyer);
  await form.getByRole('button', { name: 'Post review' }).click();
  // Its thanks, then (once the buyer's reviews are read again) where the review stands, with a way to withdraw it.
  await expect(card.getByText(/your review “Soft chanderi, colour as shown” is published on the product’s page\./)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Withdraw this review' })).toBeVisible();
  await context.close();

  await page.goto(`/product/${productId}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('1 review, from buyers')).toBeVisible();
  await expect(reviews.getByRole('img', { name: '4 out of 5 stars' }).first()).toBeVisible();
  const item = reviews.getByRole('listitem').filter({ hasText: 'Soft chanderi, colour as shown' });
  await expect(item.getByText('Sunita', { exact: true })).toBeVisible();
  await expect(item.getByText('Verified purchase')).toBeVisible();
  await expect(item.getByText('Size bought: M')).toBeVisible();
  await expect(item.getByText('Fit: Runs small')).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await item.getByRole('button', { name: 'Helpful' }).click();
  await expect(page.getByText('Thank you: marked helpful.')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Helpful (1)' })).toBeVisible();
  // Asked twice, the shop says so (the browser logs the 409 it answered).
  consoleErrors.allow('/helpful');
  await item.getByRole('button', { name: 'Helpful (1)' }).click();
  await expect(page.getByText('You have marked this review helpful already.')).toBeVisible();
});
