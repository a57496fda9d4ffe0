/**
 * Checkout and payment, walked as a shopper does (spec §2 Checkout, Order confirmation, Orders;
 * §4 Checkout, Payment success; §5 Payment start), through the built-in test mode: the same
 * server-side order, signature check and settlement as with Razorpay, offline.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { firstCard, buyablePiece } from './cards.ts';
import { BOTH_WIDTHS, test, expect } from './fixtures.ts';
import { addAddress, signedIn } from './shoppers.ts';

const badges = (page: Page) => page.getByRole('navigation', { name: 'Your account' });


/** Pays in the test mode's dialog and waits for the confirmation; returns the payment id shown. */
async function payInTestMode(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await expect(dialog).toContainText('no money will be taken');
  await dialog.getByRole('button', { name: /\(test\)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  const id = /pay_test_\w+/.exec((await page.getByText(/Payment ID/).textContent()) ?? '')?.[0];
  expect(id).toBeDefined();
  return id!;
}

test('from a card to /orders: cart, checkout with a new address, the test payment, the confirmation', BOTH_WIDTHS, async ({ page }) => {
  test.setTimeout(60_000);
  await signedIn(page, 'devi');
  await page.goto('/products');
  const { card, name } = await firstCard(page, 2);
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(badges(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await badges(page).getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(/Test mode: this shop takes no real payments/)).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText(name);
  // GST by piece (issue 18): the piece's own rate, whichever piece the first card shows.
  await expect(summary).toContainText(/GST included: (5|18)% ₹[\d,]+\.\d{2}/);
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeDisabled(); // no address yet
  await page.getByRole('button', { name: 'Add Delivery Address' }).click();
  await addAddress(page);
  await expect(page.getByRole('radio', { name: /Meera Krishnan/ })).toBeChecked();
  await expect(pay).toBeEnabled();
  await expectNoSeriousViolations(page);

  await pay.click();
  const paymentId = await payInTestMode(page);
  await expectNoSeriousViolations(page);
  // The bought piece has left the cart.
  await expect(badges(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  await page.getByRole('link', { name: /See your orders/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
  const order = page.getByRole('article').first();
  await expect(order).toContainText(name);
  await expect(order).toContainText('Processing');
  await expect(order).toContainText(paymentId);
  await expect(order).toContainText('Meera Krishnan');
  await expectNoSeriousViolations(page);
});

test('Buy Now to the confirmation leaves the cart as it was', async ({ page }) => {
  await signedIn(page, 'gita');
  const [first, second] = [await buyablePiece(page.request, 3), await buyablePiece(page.request, 4)];
  expect((await page.request.post('/api/cart/items', { data: { productId: second.id } })).status()).toBe(200);
  await page.goto(`/product/${first.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText(first.name);
  await page.getByRole('button', { name: 'Add Delivery Address' }).click();
  await addAddress(page);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await payInTestMode(page);
  await expect(badges(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});

test('closing the payment dialog resets the button; a placeholder address is refused before paying', async ({ page }) => {
  await signedIn(page, 'hema');
  const piece = await buyablePiece(page.request, 6);
  await page.goto(`/product/${piece.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('button', { name: 'Add Delivery Address' }).click();
  await addAddress(page, 'Your Name');
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText('Please update your address with your actual details before proceeding to payment.');

  await page.getByRole('button', { name: /^Edit/ }).first().click();
  await page.getByLabel('Full name').fill('Hema Raghavan');
  await page.getByRole('button', { name: 'Save address' }).click();
  // The save is answered (the form closes) and the chosen address shows the new name before Pay
  // reads it; a press while the save is still on its way checks the address as it was.
  await expect(page.getByRole('button', { name: 'Save address' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^Hema Raghavan/ })).toBeChecked();
  await pay.click();
  // Behind the dialog (hidden from the accessibility tree while it is open) the button is busy.
  await expect(page.getByText('Processing...', { exact: true })).toBeAttached();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(pay).toBeEnabled();
  await pay.click();
  await payInTestMode(page);
});
