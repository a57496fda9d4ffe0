/**
 * Delivery to a PIN code (issue 17), as a shopper and the owner meet it: the product page's PIN
 * check (its six-digit rule, an unknown PIN, a date and Cash on Delivery, the PIN remembered for the
 * visit); the owner's delivery screen and a PIN rule the product page follows.
 */
import { MAX_RANGE, type ProductSummary } from '../src/shared/catalog.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { buyablePiece } from './cards.ts';
import { test, expect } from './fixtures.ts';
import { linkFromMail, portOf } from './mailbox.ts';
import { signedIn, signedInAsOwner } from './shoppers.ts';

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

test('the owner marks a PIN prefix as not delivered, and the product page says so', async ({ page }) => {
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

test('Cash on Delivery: refused until the e-mail is verified, then placed and confirmed; the owner ships, delivers and collects the cash', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = await signedIn(page, 'kavya');
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signedInAsOwner(owner);
  // A piece no other journey buys, within the owner's Cash on Delivery limit (a new product would
  // top the shop's list without photographs, under the journeys that open the first card).
  const { items }: { items: ProductSummary[] } = await (await page.request.get(`/api/products?offset=0&limit=${MAX_RANGE}`)).json();
  const affordable = items.filter((p) => !p.sized && p.availability !== 'Out of Stock' && (p.offerPrice ?? p.price) <= 9_000_00);
  const productId = affordable[affordable.length - 1]!.id;

  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Delivery Address' }).click();
  await page.getByLabel('Full name').fill('Kavya Raman');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('House/Flat').fill('3, Lakshmi Nivas');
  await page.getByLabel('Street/Address').fill('Temple Road, Mylapore');
  await page.getByLabel('City').fill('Chennai');
  await page.getByLabel('State').selectOption('Tamil Nadu');
  await page.getByLabel('Pincode').fill('600004');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address saved.')).toBeVisible();

  const payment = page.getByRole('group', { name: 'Payment' });
  await expect(payment.getByText(/Delivery (by|between) /)).toBeVisible();
  const cod = payment.getByRole('radio', { name: /Cash on Delivery/ });
  await expect(cod).toBeDisabled();
  await expect(payment.getByText('Please verify your e-mail address to pay on delivery.')).toBeVisible();
  // Contrast is judged at rest: the 'Address saved.' toast (seen above) gone first.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousViolations(page);
  await payment.getByRole('button', { name: 'Send the verification link' }).click();
  await expect(payment.getByText(`We sent a link to ${email}.`, { exact: false })).toBeVisible();

  await page.goto(await linkFromMail(portOf(baseURL), email, /^Verify your email/));
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.getByRole('radio', { name: /Kavya Raman/ }).check();
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Cash on Delivery fee')).toBeVisible();
  await page.getByRole('button', { name: /^Place order · pay ₹[\d,.]+ on delivery$/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText(/^Pay ₹[\d,.]+ in cash or UPI when it arrives$/)).toBeVisible();
  await expect(page.getByText('Payment Successful')).toHaveCount(0);
  const orderNumber = ((await page.getByText(/^Order VA\d+$/).textContent()) ?? '').replace('Order ', '');

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(card.getByText('Cash on delivery', { exact: true })).toBeVisible();
  await expect(card.getByText('Processing')).toBeVisible();

  await owner.goto('/admin/orders');
  await owner.getByRole('searchbox', { name: /Find an order/ }).fill(orderNumber);
  // The order just placed leads the unsearched list too: the search is answered when it stands alone.
  await expect(owner.getByRole('button', { name: /^VA\d+/ })).toHaveCount(1);
  await owner.getByRole('button', { name: new RegExp(orderNumber) }).click();
  await expect(owner.getByText('Cash on Delivery', { exact: true })).toBeVisible();
  await owner.getByRole('button', { name: 'Mark shipped' }).click();
  await owner.getByRole('button', { name: `Ship order ${orderNumber}` }).click();
  await owner.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(owner.getByText('Marked delivered.', { exact: false })).toBeVisible();
  await owner.getByRole('button', { name: 'Mark cash collected' }).click();
  await expect(owner.getByText(/^Cash collected \d/)).toBeVisible();
  await expect(owner.getByText('This order is completed: nothing more to do.')).toBeVisible();
  await expectNoSeriousViolations(owner);

  await page.reload();
  await expect(card.getByText('paid on delivery')).toBeVisible();
  await ownerContext.close();
});

test('a shopper cancels a paid order before it ships, with a reason, and sees the refund', async ({ page }) => {
  test.setTimeout(60_000);
  await signedIn(page, 'nila');
  const piece = await buyablePiece(page.request, 3);
  const addressId = (await (await page.request.post('/api/addresses', { data: { name: 'Nila Menon', phone: '9876543210', house: '21', street: 'Marine Drive', city: 'Kochi', state: 'Kerala', pincode: '682031' } })).json()).id;
  const quote = await (await page.request.get(`/api/checkout/quote?buyNow=${piece.id}`)).json();
  const started = await (await page.request.post('/api/checkout/orders', { data: { addressId, buyNow: { productId: piece.id }, expectedTotal: quote.amounts.total } })).json();
  const success = await (await page.request.post(`/api/checkout/orders/${started.orderId}/test-payment`)).json();
  expect((await page.request.post(`/api/checkout/orders/${started.orderId}/confirm`, { data: success })).status()).toBe(200);

  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order ${started.orderNumber}` });
  await card.getByRole('button', { name: 'Cancel order' }).click();
  const question = page.getByRole('alertdialog', { name: `Cancel order ${started.orderNumber}?` });
  await expect(question).toContainText('We refund ₹');
  await question.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(question.getByText('Please choose why you are cancelling.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await question.getByRole('radio', { name: 'It will not arrive in time' }).check();
  await question.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(question).toBeHidden();
  await expect(card.getByText('Cancelled')).toBeVisible();
  await expect(card.getByText(/^Refunded ₹[\d,.]+ \(refund rfnd_test_\w+\)/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});
