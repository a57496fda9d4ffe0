/**
 * Returns and exchanges (issue 49), in a real browser at both widths: a kurta delivered by the
 * local courier's scans is asked back from /orders, once for another size (held at once) and once,
 * arrived damaged, for a refund with a photograph; the requests show where they stand. The exchange's
 * piece is collected by the courier's pickup and its new size sent as a second parcel. axe on the
 * request panel and the owner's screen.
 */
import sharp from 'sharp';
import { VERIFYING_PORT } from '../playwright.config.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { BOTH_WIDTHS, expect, test } from './fixtures.ts';
import { unique, verifiedBuyer } from './owner-kit.ts';
import { signedInAsOwner } from './shoppers.ts';
import { COURIER, deliveredKurta } from './delivered-kit.ts';

test.use({ baseURL: `http://localhost:${VERIFYING_PORT}` });

test('a delivered kurta is exchanged for another size, held at once, collected by the courier and its new size sent; a damaged one is asked back with a photograph', BOTH_WIDTHS, async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { context, page: buyer, addressId } = await verifiedBuyer(browser, 'Nandini');
  await signedInAsOwner(page);
  const first = await deliveredKurta(page.request, buyer.request, addressId);

  await buyer.goto('/orders');
  const card = buyer.getByRole('article', { name: `Order ${first.orderNumber}` });
  await card.getByRole('button', { name: 'Return or exchange' }).click();
  const panel = card.getByRole('region', { name: 'Return or exchange' });
  await expect(panel.getByText(/You can ask until \d+ \w+ \d{4}\./)).toBeVisible();
  await panel.getByRole('checkbox', { name: new RegExp(first.name) }).check();
  await panel.getByRole('radio', { name: 'Too small' }).check();
  await panel.getByRole('radio', { name: 'Another size of the same piece' }).check();
  await expect(panel.getByLabel('New size')).toHaveValue('L');
  await expectNoSeriousViolations(buyer);
  await buyer.screenshot({ path: testInfo.outputPath('return-form.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Ask for the exchange' }).click();
  await expect(panel).toHaveCount(0);
  // The last L is held for this exchange: no one else is offered it.
  const piecesOfL = async () => ((await (await page.request.get(`/api/admin/products/${first.productId}`)).json()).sizes as { size: string; stock: number }[]).find((s) => s.size === 'L')!.stock;
  await expect.poll(piecesOfL).toBe(0);
  await card.getByRole('button', { name: 'Return or exchange' }).click();
  await expect(panel.getByText(`Requested: exchange of 1 × ${first.name} for size L (too small)`)).toBeVisible();
  await expect(panel.getByText('Every piece of this order has been asked back.')).toBeVisible();

  // The owner has the courier collect the M, passes its check and sends the held L as a second parcel.
  await page.goto('/admin/returns');
  const owned = page.getByRole('listitem').filter({ hasText: first.orderNumber }).filter({ hasText: 'Too small' });
  await owned.getByRole('button', { name: 'Approve' }).click();
  await owned.getByRole('button', { name: 'Book a courier pickup…' }).click();
  await expect(owned.getByLabel('Parcel weight (grams)')).toHaveValue('500');
  await owned.getByRole('button', { name: 'Book the pickup' }).click();
  await expect(owned.getByText(/Return pickup: Local Surface, AWB LC\d+ · Packed, waiting for the courier/)).toBeVisible();
  const request = ((await (await page.request.get('/api/admin/returns')).json()).items as { orderNumber: string; parcels: { awb: string }[] }[]).find((r) => r.orderNumber === first.orderNumber)!;
  for (const code of ['42', '7']) expect((await (await page.request.post(`${COURIER}/_local/scan`, { data: { awb: request.parcels[0]!.awb, code } })).json()).shopAnswered).toBe(200);
  await page.reload();
  await owned.getByRole('button', { name: 'Passed the check' }).click();
  await owned.getByRole('button', { name: 'Send the new size…' }).click();
  await expect(owned.getByLabel('Tracking number')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('return-send-size.png'), fullPage: true });
  await owned.getByRole('button', { name: 'Send the new size', exact: true }).click();
  // Sent, it is closed: among all the requests.
  await expect(owned).toHaveCount(0);
  await page.getByRole('button', { name: 'All, newest first' }).click();
  await expect(owned.getByText('New size sent')).toBeVisible();
  await expect(owned.getByText(/Exchange: Local Surface, AWB LC\d+/)).toBeVisible();
  await buyer.reload();
  await card.getByRole('button', { name: 'Return or exchange' }).click();
  await expect(panel.getByText(/Your new size: packed, waiting for the courier \(Local Surface, AWB LC\d+\)\./)).toBeVisible();
  await expect(panel.getByText('The courier has brought the piece back to us', { exact: false })).toBeVisible();
  await buyer.screenshot({ path: testInfo.outputPath('return-new-size.png'), fullPage: true });

  const second = await deliveredKurta(page.request, buyer.request, addressId);
  await buyer.goto('/orders');
  const other = buyer.getByRole('article', { name: `Order ${second.orderNumber}` });
  await other.getByRole('button', { name: 'Return or exchange' }).click();
  const asking = other.getByRole('region', { name: 'Return or exchange' });
  await asking.getByRole('checkbox', { name: new RegExp(second.name) }).check();
  await asking.getByRole('radio', { name: 'Damaged or defective' }).check();
  await asking.getByRole('button', { name: 'Ask for the refund' }).click();
  await expect(asking.getByText('Add 1 to 3 photographs of the damage or of the wrong piece.')).toBeVisible();
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 150, g: 30, b: 50 } } }).jpeg().toBuffer();
  await asking.getByLabel(/Photographs of the damage/).setInputFiles({ name: 'torn-hem.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(asking.getByRole('img', { name: 'torn-hem.jpg' })).toBeVisible();
  await asking.getByLabel('Anything we should know? (optional)').fill('The hem is torn at the side seam.');
  await buyer.screenshot({ path: testInfo.outputPath('return-damaged.png'), fullPage: true });
  await asking.getByRole('button', { name: 'Ask for the refund' }).click();
  await expect(asking).toHaveCount(0);
  await other.getByRole('button', { name: 'Return or exchange' }).click();
  await expect(asking.getByText(`Requested: refund of 1 × ${second.name} (damaged or defective)`)).toBeVisible();
  await context.close();
});

test('the owner approves a damaged piece from its photograph, has it sent back, passes its check; the shopper sees the refund and the credit note', BOTH_WIDTHS, async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { context, page: buyer, addressId } = await verifiedBuyer(browser, 'Revathi');
  await signedInAsOwner(page);
  const kurta = await deliveredKurta(page.request, buyer.request, addressId);
  const orders = await (await buyer.request.get('/api/orders')).json();
  const order = orders.items.find((o: { orderNumber: string }) => o.orderNumber === kurta.orderNumber);
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 150, g: 30, b: 50 } } }).jpeg().toBuffer();
  const uploaded = await buyer.request.post('/api/uploads/return-photos', { headers: { 'content-type': 'application/octet-stream' }, data: photo });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { lines } = await (await buyer.request.get(`/api/orders/${order.id}/returns`)).json();
  const asked = await buyer.request.post(`/api/orders/${order.id}/returns`, { data: { lines: [{ lineId: lines[0].lineId, quantity: 1 }], reason: 'damaged', resolution: 'refund', note: 'The hem is torn.', photos: [(await uploaded.json()).id] } });
  expect(asked.status(), await asked.text()).toBe(201);

  await page.goto('/admin/returns');
  await page.getByLabel('Return address').fill('Vastra Returns\n12, 4th Cross, Jayanagar\nBengaluru, Karnataka 560011');
  await page.getByRole('button', { name: 'Save return rules' }).click();
  await expect(page.getByText('Return rules saved.')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: kurta.orderNumber }).filter({ hasText: 'Damaged or defective' });
  await expect(card.getByRole('img', { name: 'Photograph 1 from the shopper' })).toBeVisible();
  await expect(card.getByText('“The hem is torn.”')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('owner-returns.png'), fullPage: true });
  await card.getByRole('button', { name: 'Approve' }).click();
  await card.getByRole('button', { name: 'Ask the shopper to send it' }).click();
  await card.getByRole('button', { name: 'Mark received' }).click();
  await card.getByRole('button', { name: 'Passed the check' }).click();
  // Refunded, it is closed: among all the requests.
  await expect(card).toHaveCount(0);
  await page.getByRole('button', { name: 'All, newest first' }).click();
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(card.getByText(/refunded to the way they paid/)).toBeVisible();
  await expect(card.getByRole('link', { name: /Credit note VST\/CR/ })).toBeVisible();

  await buyer.goto('/orders');
  const mine = buyer.getByRole('article', { name: `Order ${kurta.orderNumber}` });
  await mine.getByRole('button', { name: 'Return or exchange' }).click();
  const panel = mine.getByRole('region', { name: 'Return or exchange' });
  await expect(panel.getByText(/^₹[\d,]+\.\d\d refunded to the way you paid\./)).toBeVisible();
  const note = panel.getByRole('link', { name: /Credit note VST\/CR.* \(PDF\)/ });
  await expect(note).toBeVisible();
  const pdf = await buyer.request.get((await note.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expectNoSeriousViolations(buyer);
  await buyer.screenshot({ path: testInfo.outputPath('return-refunded.png'), fullPage: true });
  await context.close();
});

test('a Cash on Delivery piece sent back is refunded as store credit, shown on the profile and spent on the next order', BOTH_WIDTHS, async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const { context, page: buyer, addressId } = await verifiedBuyer(browser, 'Lakshmi');
  await signedInAsOwner(page);
  expect((await page.request.put('/api/admin/returns/settings', { data: { windowDays: 7, pickupFeePaise: 0, feeAfterReturns: null, codRefund: 'store_credit', returnAddress: 'Vastra Returns\nJayanagar, Bengaluru 560011' } })).status()).toBe(200);
  const kurta = await deliveredKurta(page.request, buyer.request, addressId, 'cod');
  const orders = await (await buyer.request.get('/api/orders')).json();
  const order = orders.items.find((o: { orderNumber: string }) => o.orderNumber === kurta.orderNumber);

  await buyer.goto('/orders');
  const card = buyer.getByRole('article', { name: `Order ${kurta.orderNumber}` });
  await card.getByRole('button', { name: 'Return or exchange' }).click();
  const panel = card.getByRole('region', { name: 'Return or exchange' });
  await panel.getByRole('checkbox', { name: new RegExp(kurta.name) }).check();
  await panel.getByRole('radio', { name: 'Changed my mind' }).check();
  await panel.getByRole('button', { name: 'Ask for the refund' }).click();
  await expect(panel).toHaveCount(0);
  const { requests } = await (await buyer.request.get(`/api/orders/${order.id}/returns`)).json();
  for (const step of ['approve', 'send-yourself', 'received']) expect((await page.request.post(`/api/admin/returns/${requests[0].id}/${step}`, { data: step === 'send-yourself' ? { way: 'self' } : {} })).status()).toBe(200);
  expect((await page.request.post(`/api/admin/returns/${requests[0].id}/check`, { data: { passed: true, note: '' } })).status()).toBe(200);

  await buyer.goto('/profile');
  const credit = buyer.getByRole('region', { name: /Store credit: ₹/ });
  await expect(credit).toBeVisible();
  await expect(credit.getByText(/left of ₹[\d,.]+, until \d+ \w+ \d{4}/)).toBeVisible();
  await buyer.screenshot({ path: testInfo.outputPath('profile-credit.png'), fullPage: true });

  // The next kurta, paid online: the credit pays first, the test dialog takes the rest.
  const next = await page.request.post('/api/admin/products', { data: { name: `Mulmul Kurta ${unique()}`, price: 2_499_00, sizeListId: (await (await page.request.get('/api/admin/products/groups')).json()).sizeLists.find((l: { name: string }) => l.name === 'Kurtas and suits').id, sizes: [{ size: 'M', stock: 2 }] } });
  const { id: nextId } = await next.json();
  await buyer.goto(`/product/${nextId}`);
  // Its one size is chosen already.
  await expect(buyer.getByRole('radio', { name: /^M/ })).toBeChecked();
  await buyer.getByRole('button', { name: 'Buy Now' }).click();
  await expect(buyer.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(buyer.getByRole('checkbox', { name: /Use my store credit/ })).toBeChecked();
  const summary = buyer.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Store credit', { exact: true })).toBeVisible();
  await expect(summary.getByText('To pay', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(buyer);
  await buyer.screenshot({ path: testInfo.outputPath('checkout-credit.png'), fullPage: true });
  await buyer.getByRole('button', { name: /^Pay ₹/ }).click();
  await buyer.getByRole('button', { name: /Pay ₹.*\(test\)/ }).click();
  await expect(buyer.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await buyer.goto('/orders');
  await expect(buyer.getByText(/Paid ₹[\d,.]+ with store credit and ₹[\d,.]+ online/).first()).toBeVisible();
  expect((await (await buyer.request.get('/api/account/store-credit')).json()).balance).toBe(0);
  await context.close();
});

test('a Cash on Delivery refund offered both ways is paid to the shopper’s UPI ID, a malformed one refused first', BOTH_WIDTHS, async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const { context, page: buyer, addressId } = await verifiedBuyer(browser, 'Shalini');
  await signedInAsOwner(page);
  await page.goto('/admin/returns');
  await page.getByLabel('Return address').fill('Vastra Returns\nJayanagar, Bengaluru 560011');
  await page.getByRole('radio', { name: /The shopper chooses/ }).check();
  // A pickup fee, taken when the shop's courier collects a piece sent back for the shopper's own reasons.
  await page.getByLabel('Pickup fee (₹)').fill('abc');
  await page.getByRole('button', { name: 'Save return rules' }).click();
  await expect(page.getByText('The pickup fee must be an amount in rupees.')).toBeVisible();
  await page.getByLabel('Pickup fee (₹)').fill('49');
  await page.getByRole('button', { name: 'Save return rules' }).click();
  await expect(page.getByText('Return rules saved.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('return-rules.png'), fullPage: true });
  const kurta = await deliveredKurta(page.request, buyer.request, addressId, 'cod');
  const orders = await (await buyer.request.get('/api/orders')).json();
  const order = orders.items.find((o: { orderNumber: string }) => o.orderNumber === kurta.orderNumber);

  // The shopper is told the fee before asking, and that an exchange is collected free.
  await buyer.goto('/orders');
  const card = buyer.getByRole('article', { name: `Order ${kurta.orderNumber}` });
  await card.getByRole('button', { name: 'Return or exchange' }).click();
  const panel = card.getByRole('region', { name: 'Return or exchange' });
  await panel.getByRole('checkbox', { name: new RegExp(kurta.name) }).check();
  await panel.getByRole('radio', { name: 'Colour not as shown' }).check();
  await expect(panel.getByText('If our courier collects the piece, ₹49 is taken from your refund for the pickup.', { exact: false })).toBeVisible();
  await buyer.screenshot({ path: testInfo.outputPath('pickup-fee-told.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Ask for the refund' }).click();
  await expect(panel.getByRole('button', { name: 'Ask for the refund' })).toHaveCount(0);
  const { requests } = await (await buyer.request.get(`/api/orders/${order.id}/returns`)).json();
  const { id } = requests[0] as { id: string };
  expect((await page.request.post(`/api/admin/returns/${id}/approve`)).status()).toBe(200);
  const pickup = await page.request.post(`/api/admin/returns/${id}/pickup`, { data: { weightGrams: 500 } });
  expect(pickup.status(), await pickup.text()).toBe(200);
  const awb = ((await (await buyer.request.get(`/api/orders/${order.id}/returns`)).json()).requests[0].parcels as { awb: string }[])[0]!.awb;
  for (const code of ['42', '7']) expect((await (await page.request.post(`${COURIER}/_local/scan`, { data: { awb, code } })).json()).shopAnswered).toBe(200);
  await expect.poll(async () => (await (await buyer.request.get(`/api/orders/${order.id}/returns`)).json()).requests[0].state).toBe('received');
  expect((await page.request.post(`/api/admin/returns/${id}/check`, { data: { passed: true, note: '' } })).status()).toBe(200);

  await buyer.goto('/orders');
  await card.getByRole('button', { name: 'Return or exchange' }).click();
  await expect(panel.getByText(/How would you like your ₹[\d,.]+ back\?/)).toBeVisible();
  await expect(panel.getByText('₹49 was kept for the courier pickup.')).toBeVisible();
  await expect(panel.getByRole('link', { name: /Its invoice [A-Z0-9]+\/SV\d\d-\d\d\/\d+ \(PDF\)/ })).toBeVisible();
  await panel.getByRole('button', { name: 'To my UPI ID' }).click();
  await panel.getByLabel('UPI ID').fill('shalini at okaxis');
  await panel.getByRole('button', { name: /^Pay ₹[\d,.]+ to this account$/ }).click();
  await expect(panel.getByText('Enter your UPI ID as it is in your UPI app, like name@okhdfcbank.')).toBeVisible();
  await expectNoSeriousViolations(buyer);
  await buyer.screenshot({ path: testInfo.outputPath('refund-choice.png'), fullPage: true });
  await panel.getByLabel('UPI ID').fill('shalini.k@okaxis');
  await panel.getByRole('button', { name: /^Pay ₹[\d,.]+ to this account$/ }).click();
  await expect(panel.getByText(/₹[\d,.]+ paid to your UPI ID sh•••@okaxis\./)).toBeVisible();
  await expect(panel.getByText('Refunded', { exact: false }).first()).toBeVisible();
  await buyer.screenshot({ path: testInfo.outputPath('refund-paid-out.png'), fullPage: true });
  // Back to store credit only, for the journeys after this one.
  expect((await page.request.put('/api/admin/returns/settings', { data: { windowDays: 7, pickupFeePaise: 0, feeAfterReturns: null, codRefund: 'store_credit', returnAddress: 'Vastra Returns\nJayanagar, Bengaluru 560011' } })).status()).toBe(200);
  await context.close();
});
