/**
 * Reviews from buyers (issue 51), in a real browser at both widths: a kurta delivered by the local
 * courier's scans is reviewed by its buyer from Your Orders with a photograph, so it waits for the
 * owner, who publishes it and replies from the reviews screen. Its product page, drawn on the server,
 * shows the figures, the review with the buyer's first name, "Verified purchase" and the size bought,
 * the reply, the photograph opening in the gallery's zoom, and the fit bar once a third buyer has
 * said how it fits; the cards in search carry the stars; the product editor shows the fit per size.
 * Another account marks the review helpful once. axe on each new screen.
 */
import sharp from 'sharp';
import type { APIRequestContext, Browser } from '@playwright/test';
import { VERIFYING_PORT } from '../playwright.config.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { deliveredKurta, deliveredTo } from './delivered-kit.ts';
import { BOTH_WIDTHS, expect, test } from './fixtures.ts';
import { verifiedBuyer } from './owner-kit.ts';
import { signedInAsOwner } from './shoppers.ts';

test.use({ baseURL: `http://localhost:${VERIFYING_PORT}` });

/** Another buyer of the kurta in M, delivered, who reviews it through the API. */
async function anotherReview(browser: Browser, owner: APIRequestContext, firstName: string, productId: number, rating: number, fit: string) {
  const { context, page, addressId } = await verifiedBuyer(browser, firstName);
  await deliveredTo(owner, page.request, addressId, productId);
  const posted = await page.request.post('/api/reviews', { data: { productId, rating, title: `Review by ${firstName}`, text: '', fit, photos: [] } });
  expect(posted.status(), await posted.text()).toBe(201);
  await context.close();
}

test("a buyer's review with a photograph is published and answered by the owner; the page shows it, the zoom, the fit bar after the third answer and the stars on cards", BOTH_WIDTHS, async ({ page, browser, consoleErrors }, testInfo) => {
  test.setTimeout(180_000);
  const { context, page: buyer, addressId, email } = await verifiedBuyer(browser, 'Sunita');
  await signedInAsOwner(page);
  const { productId, name, orderNumber } = await deliveredKurta(page.request, buyer.request, addressId);

  // The buyer writes it from Your Orders, with a photograph.
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
  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 122, g: 31, b: 61 } } }).jpeg().toBuffer();
  await form.getByLabel(/Photographs/).setInputFiles({ name: 'onam.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByText('Added: onam.jpg.', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(buyer);
  await form.getByRole('button', { name: 'Post review' }).click();
  // With a photograph it waits for the owner, and says so.
  await expect(card.getByText(/your review “Soft chanderi, colour as shown” is waiting: it will appear once we have looked at it\./)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Withdraw this review' })).toBeVisible();
  await context.close();

  // The owner publishes it and replies, from the reviews screen.
  // Filtered to this kurta: the other width's journey runs at the same time with the same words.
  await page.goto(`/admin/reviews?product=${productId}`);
  const waiting = page.getByRole('listitem', { name: 'Soft chanderi, colour as shown, by Sunita' });
  await expect(waiting.getByText('Waiting because it has photographs.')).toBeVisible();
  await expect(waiting.getByRole('img', { name: 'Photograph 1 from Sunita' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('owner-reviews.png'), fullPage: true });
  await waiting.getByRole('button', { name: 'Publish Soft chanderi, colour as shown' }).click();
  await expect(waiting).toHaveCount(0);
  await page.getByLabel('Showing').selectOption('published');
  const published = page.getByRole('listitem', { name: 'Soft chanderi, colour as shown, by Sunita' });
  await published.getByRole('button', { name: 'Reply' }).click();
  await published.getByRole('button', { name: 'Post the reply' }).click();
  await expect(published.getByText('Write your reply.')).toBeVisible();
  await published.getByLabel(/Your reply/).fill('Thank you, Sunita! Our kurtas run a little small: take one size up.');
  await published.getByRole('button', { name: 'Post the reply' }).click();
  await expect(published.getByText('Thank you, Sunita! Our kurtas run a little small: take one size up.')).toBeVisible();
  await published.getByText('History').click();
  await expect(published.getByText(/Replied by /)).toBeVisible();

  // One more buyer: two have said how it fits, which is not yet enough for the fit bar.
  await anotherReview(browser, page.request, 'Lalitha', productId, 5, 'small');
  await page.goto(`/product/${productId}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('2 reviews, from buyers')).toBeVisible();
  await expect(reviews.getByText('How it fits')).toHaveCount(0);

  // A third: the fit bar appears.
  await anotherReview(browser, page.request, 'Shanthi', productId, 2, 'true');
  await page.goto(`/product/${productId}`);
  await expect(reviews.getByText('3 reviews, from buyers')).toBeVisible();
  await expect(reviews.getByText('67% say small, 33% true to size')).toBeVisible();
  const item = reviews.getByRole('listitem').filter({ hasText: 'Soft chanderi, colour as shown' });
  await expect(item.getByText('Sunita', { exact: true })).toBeVisible();
  await expect(item.getByText('Verified purchase')).toBeVisible();
  await expect(item.getByText('Size bought: M')).toBeVisible();
  await expect(item.getByText('Fit: Runs small')).toBeVisible();
  await expect(item.getByText('Reply from Vastra')).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await reviews.screenshot({ path: testInfo.outputPath('product-reviews.png') });

  // The buyers' photograph opens in the gallery's zoom.
  await reviews.getByRole('link', { name: 'A buyer’s photograph, 1 of 1' }).click();
  const zoom = page.getByRole('dialog', { name: 'Buyers’ photographs' });
  await expect(zoom.getByRole('img', { name: /a buyer’s photograph, picture 1 of 1/ })).toBeVisible();
  await zoom.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom.getByTestId('zoom-level')).not.toHaveText('1.0x');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('review-zoom.png') });
  await zoom.getByRole('button', { name: 'Close the photographs' }).click();
  await expect(zoom).toHaveCount(0);

  await item.getByRole('button', { name: 'Helpful' }).click();
  await expect(page.getByText('Thank you: marked helpful.')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Helpful (1)' })).toBeVisible();
  // Asked twice, the shop says so (the browser logs the 409 it answered).
  consoleErrors.allow('/helpful');
  await item.getByRole('button', { name: 'Helpful (1)' }).click();
  await expect(page.getByText('You have marked this review helpful already.')).toBeVisible();

  // The stars on the search results' card: (4 + 5 + 2) / 3.
  await page.goto(`/products?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('article').filter({ hasText: name }).getByText('Rated 3.7 of 5 by 3 buyers')).toBeAttached();
  await page.screenshot({ path: testInfo.outputPath('review-stars-card.png') });

  // The product editor shows the fit per size beside the size chart.
  await page.goto(`/admin/products/${productId}`);
  const fits = page.getByRole('table').filter({ hasText: 'True to size' });
  await expect(fits.getByRole('row', { name: /^M 2 1 0 Runs small: check the chart$/ })).toBeVisible();
  await expectNoSeriousViolations(page);
});
