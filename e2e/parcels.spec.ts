/**
 * Where is my parcel (issue 48), in a real browser at both widths: the owner chooses the courier and
 * books an order with one button through the local courier (which plays Shiprocket's API); the
 * courier's scans arrive at the shop's webhook; the shopper follows each step on /orders and, signed
 * out, on /track from the mail's link; a failed attempt is decided by the owner, and a return to
 * origin puts the piece back on sale. axe on each new screen.
 *
 * On the shop with email verification on, as the owner's other journeys (e2e/owner-kit.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { VERIFYING_PORT } from '../playwright.config.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { BOTH_WIDTHS, expect, test } from './fixtures.ts';
import { linkFromMail } from './mailbox.ts';
import { downloaded, orderRow, paidOrder, verifiedBuyer } from './owner-kit.ts';
import { signedInAsOwner } from './shoppers.ts';

test.use({ baseURL: `http://localhost:${VERIFYING_PORT}` });

/** The local courier of that shop (e2e/serve.ts): its hand on the timetable. */
const COURIER = `http://127.0.0.1:${VERIFYING_PORT + 90}`;

/** Shiprocket's codes the journeys send, as the steps the shop's board then shows. */
const STEP_OF: Record<string, string> = { '42': 'picked_up', '18': 'in_transit', '17': 'out_for_delivery', '7': 'delivered', '21': 'attempt_failed', '9': 'returning', '10': 'returned' };

/**
 * The courier's next scan of the parcel (or the one named), sent to the shop's webhook as Shiprocket
 * would; the shop answers at once and applies it just after, which the owner's board then shows.
 */
async function scan(request: APIRequestContext, awb: string, code?: string) {
  const res = await request.post(`${COURIER}/_local/scan`, { data: { awb, code } });
  expect(res.status()).toBe(200);
  const sent = (await res.json()) as { shopAnswered: number; code: string };
  expect(sent.shopAnswered).toBe(200);
  const stepNow = async () => ((await (await request.get('/api/admin/parcels')).json()).items as { awb: string; step: string }[]).find((r) => r.awb === awb)?.step;
  await expect.poll(stepNow).toBe(STEP_OF[sent.code]);
}

/** Shiprocket chosen on /admin/delivery, as an owner would. */
async function shiprocketChosen(page: Page) {
  await page.goto('/admin/delivery');
  await page.getByRole('radio', { name: /Shiprocket/ }).check();
  await page.getByLabel('Pickup location').fill('Jayanagar Studio');
  await page.getByRole('button', { name: 'Save courier settings' }).click();
  await expect(page.getByText('Courier settings saved.')).toBeVisible();
}

/** The order opened in the owner's list and booked with the parcel's weight: its AWB. */
async function booked(page: Page, orderNumber: string): Promise<string> {
  const row = await orderRow(page, orderNumber);
  await row.click();
  const parcel = page.getByRole('region', { name: 'Parcel', exact: true });
  await parcel.getByLabel('Parcel weight (grams)').fill('650');
  await parcel.getByRole('button', { name: 'Book Shiprocket and ask for pickup' }).click();
  await expect(parcel.getByRole('heading', { name: 'Packed, waiting for the courier' })).toBeVisible();
  const awb = (await parcel.getByText(/AWB LC\d{10}/).first().textContent())!.match(/LC\d{10}/)![0];
  return awb;
}

test('the owner books with one button, the scans move the order, and the shopper follows each step', BOTH_WIDTHS, async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { context, page: buyer, addressId, email } = await verifiedBuyer(browser, 'Revathi');
  await signedInAsOwner(page);
  await shiprocketChosen(page);
  await expectNoSeriousViolations(page);
  const { orderNumber } = await paidOrder(page.request, buyer.request, addressId);

  const awb = await booked(page, orderNumber);
  const parcel = page.getByRole('region', { name: 'Parcel', exact: true });
  const label = await downloaded(page, parcel.getByRole('link', { name: 'Download the label (PDF)' }));
  expect(label.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page);

  await scan(page.request, awb); // picked up: the order is shipped
  await scan(page.request, awb); // in transit
  await scan(page.request, awb); // out for delivery
  await buyer.goto('/orders');
  const card = buyer.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(card.getByText('Status: Shipped')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Out for delivery' })).toBeVisible();
  await expect(card.getByText(awb)).toBeVisible();
  await expect(card.getByText('Shipment picked up from the seller')).toBeVisible();

  // Signed out, from the mail's link: /track with the order number and the delivery PIN.
  const link = await linkFromMail(VERIFYING_PORT, email, new RegExp(`order ${orderNumber} is out for delivery`));
  expect(link).toContain(`/track?order=${orderNumber}&pin=682031`);
  const stranger = await browser.newContext({ baseURL: `http://localhost:${VERIFYING_PORT}` });
  const visitor = await stranger.newPage();
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Track your parcel' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Out for delivery' })).toBeVisible();
  await expect(visitor.getByText('Revathi')).toHaveCount(0);
  await expectNoSeriousViolations(visitor);

  await scan(page.request, awb); // delivered
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Delivered', exact: true })).toBeVisible();
  // A wrong PIN says only that nothing was found, typed into the form.
  await visitor.getByLabel('Delivery PIN code').fill('560001');
  await visitor.getByRole('button', { name: 'Track parcel' }).click();
  await expect(visitor.getByText('We could not find an order with that number and delivery PIN code.', { exact: false })).toBeVisible();
  await stranger.close();

  await (await orderRow(page, orderNumber)).click();
  await expect(page.getByRole('region', { name: 'Parcel', exact: true }).getByRole('heading', { name: 'Delivered', exact: true })).toBeVisible();
  await expect(page.getByText(/E-mail: Your Vastra order .* is delivered/)).toBeVisible();
  await context.close();
});

test('a failed attempt waits for the owner, who has it returned; the piece is back on sale', BOTH_WIDTHS, async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { context, page: buyer, addressId } = await verifiedBuyer(browser, 'Gowri');
  await signedInAsOwner(page);
  await shiprocketChosen(page);
  const { orderNumber, productId } = await paidOrder(page.request, buyer.request, addressId);
  const stockNow = async () => ((await (await page.request.get(`/api/admin/products/${productId}`)).json()) as { stock: number }).stock;
  const left = await stockNow();
  const awb = await booked(page, orderNumber);
  await scan(page.request, awb);
  await scan(page.request, awb, '21'); // the courier could not deliver it

  await page.goto('/admin/parcels');
  await expect(page.getByRole('heading', { level: 1, name: 'Parcels' })).toBeVisible();
  const waiting = page.getByRole('region', { name: /Failed attempts waiting for you/ });
  await expect(waiting.getByRole('link', { name: orderNumber })).toBeVisible();
  await expectNoSeriousViolations(page);
  await waiting.getByRole('link', { name: orderNumber }).click();
  await page.getByRole('button', { name: new RegExp(orderNumber) }).click();
  await expect(page.getByText(/The courier could not deliver it\. Decide by/)).toBeVisible();
  await page.getByRole('button', { name: 'Bring it back to us' }).click();
  await expect(page.getByText('You asked the courier to bring it back')).toBeVisible();

  await scan(page.request, awb, '9'); // coming back
  await scan(page.request, awb, '10'); // back with the shop
  expect(await stockNow()).toBe(left + 1);
  await buyer.goto('/orders');
  const card = buyer.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(card.getByText('Status: Returned')).toBeVisible();
  await expect(card.getByText(/Refund of ₹|Refunded ₹/)).toBeVisible();
  await context.close();
});

test('order updates on WhatsApp or SMS: offered at checkout, off by default, stopped from the profile', async ({ page, browser }) => {
  const { context, page: buyer } = await verifiedBuyer(browser, 'Malar');
  await signedInAsOwner(page);
  const made = await page.request.post('/api/admin/products', { data: { name: `Chettinad Cotton Saree ${Date.now()}`, price: 1_299_00, stock: 3 } });
  expect(made.status()).toBe(201);
  await buyer.goto(`/product/${(await made.json()).id}`);
  await buyer.getByRole('button', { name: 'Buy Now' }).click();
  const box = buyer.getByRole('checkbox', { name: /Send me order updates on WhatsApp or SMS too/ });
  await expect(box).not.toBeChecked();
  await box.check();
  await buyer.getByRole('button', { name: /^Pay ₹/ }).click();
  await buyer.getByRole('button', { name: /\(test\)$/ }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: /Order Confirmed|Thank you/i })).toBeVisible();
  await buyer.goto('/profile');
  const updates = buyer.getByRole('region', { name: 'Order updates on WhatsApp or SMS' });
  await expect(updates.getByText(/^On:/)).toBeVisible();
  await expectNoSeriousViolations(buyer);
  await updates.getByRole('button', { name: 'Stop WhatsApp and SMS updates' }).click();
  await expect(updates.getByText(/^Off:/)).toBeVisible();
  await context.close();
});
