/**
 * Sizes (issue 16), walked as a shopper and the owner do: a kurta card opens the
 * product page at its sizes; Add to Cart without a size is refused beside the picker; a sold-out
 * size is struck and cannot be chosen; the size chart opens in a dialog; the size goes into the
 * cart (where it can be changed), the checkout and /orders; the owner gives a piece its sizes; a
 * shopper asks to be told when a sold-out size is back, and is mailed once when the owner restocks it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminProduct, SizeListChoice } from '../src/shared/admin-product.contract.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { linksIn, mailFor, portOf } from './mailbox.ts';
import { BOTH_WIDTHS, test, expect } from './fixtures.ts';
import { OWNER } from './owner.ts';
import { signedIn, signedInAsOwner } from './shoppers.ts';

/** A kurta of the owner's (through the admin API, as the editor saves it): S 6, M sold out, L 2. */
async function ownersKurta(request: APIRequestContext, name: string, sizes = [{ size: 'S', stock: 6 }, { size: 'M', stock: 0 }, { size: 'L', stock: 2 }]): Promise<AdminProduct> {
  expect((await request.post('/api/accounts/login', { data: { email: OWNER.email, password: OWNER.password } })).status()).toBe(200);
  const { sizeLists } = (await (await request.get('/api/admin/products/groups')).json()) as { sizeLists: SizeListChoice[] };
  const list = sizeLists.find((l) => l.name === 'Kurtas and suits')!;
  const res = await request.post('/api/admin/products', {
    data: { name, price: 1899_00, sizeListId: list.id, sizes, categories: ['kurtas'] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AdminProduct;
}

const picker = (page: Page) => page.getByRole('radiogroup', { name: /^Size/ });

test('a kurta in sizes: the card opens its sizes, no size is refused, the chart, a size into the cart, checkout and /orders', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const name = `Mulmul Kurta ${testInfo.project.name} ${Date.now().toString(36)}`;
  const kurta = await ownersKurta(request, name);
  await signedIn(page, 'ira');
  expect((await page.request.post('/api/addresses', { data: { name: 'Ira Menon', phone: '9876543210', house: '3', street: 'MG Road', city: 'Kochi', state: 'Kerala', pincode: '682016' } })).status()).toBe(201);

  // The card's cart button says a size is needed, and opens the product page at its sizes.
  await page.goto('/products');
  const card = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await card.getByRole('button', { name: `Add ${name} to cart: choose a size` }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${kurta.id}#size$`));
  await expect(picker(page)).toBeFocused();

  // No size yet: refused beside the picker, nothing added.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(picker(page).getByRole('alert')).toHaveText('Please choose a size.');
  await expect(page.getByRole('radio', { name: 'M (sold out)' })).toBeDisabled();
  await expect(picker(page).getByText('Only 2 left')).toBeVisible();
  await expectNoSeriousViolations(page);

  // The chart: inches and centimetres, in a dialog that keeps focus and closes on Escape.
  await page.getByRole('button', { name: 'Size chart' }).click();
  const chart = page.getByRole('dialog', { name: 'Size chart' });
  await expect(chart.getByRole('row', { name: /^S / })).toContainText('34 / 86.5');
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(chart).toBeHidden();

  // L into the cart; there it moves to S.
  await page.getByText('L', { exact: true }).click();
  await expect(picker(page)).toContainText('Size: L');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await page.goto('/cart');
  const size = page.getByRole('combobox', { name: `Size of ${name}` });
  await expect(size).toHaveValue('L');
  await size.selectOption('S');
  await expect(size).toHaveValue('S');
  await expect(page.getByRole('option', { name: 'M (sold out)' })).toBeDisabled();

  // Checkout and /orders say the size.
  await page.getByRole('button', { name: /Proceed/ }).click();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText(name);
  await expect(summary).toContainText('Size: S · Qty 1');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await dialog.getByRole('button', { name: /\(test\)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('main')).toContainText('Size: S');
});

test('the owner gives a piece its sizes and stock per size; the shop shows them', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signedInAsOwner(page);
  const name = `Anarkali Suit ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.goto('/admin/products/new');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price (₹)', { exact: true }).fill('2499');
  await page.getByLabel('Sold in').selectOption({ label: 'Kurtas and suits: XS, S, M, L, XL, XXL, 3XL' });
  await page.getByLabel('Pieces in stock, size M').fill('4');
  await page.getByLabel('Pieces in stock, size L').fill('0');
  await expectNoSeriousViolations(page);

  // The list's chart, from the editor: saved for every piece sold in it.
  await page.getByRole('button', { name: 'Edit the size chart of Kurtas and suits' }).click();
  const chartEditor = page.getByRole('dialog', { name: 'Size chart: Kurtas and suits' });
  await chartEditor.getByLabel('Bust, size L, inches').fill('42.5');
  await expectNoSeriousViolations(page);
  await chartEditor.getByRole('button', { name: 'Save the chart' }).click();
  await expect(page.getByText('Size chart saved: every piece sold in Kurtas and suits shows it.')).toBeVisible();
  await expect(chartEditor).toBeHidden();
  await page.getByRole('button', { name: 'Create product' }).click();
  // Said twice at first, in the form and in a toast; the form's line goes when the page moves to the
  // new product's address (its form is made anew), the toast stays its 2 s: either one will do.
  await expect(page.getByText('Product created. It is in the shop now.').first()).toBeVisible();
  // The new form still held 4 until the page moved: its own address first (CI read the URL before it moved).
  await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
  await expect(page.getByLabel('Pieces in stock, size M')).toHaveValue('4');

  const id = /\/admin\/products\/(\d+)/.exec(page.url())?.[1];
  expect(id).toBeDefined();
  await page.goto(`/product/${id}`);
  await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeEnabled();
  await expect(page.getByRole('radio', { name: 'L (sold out)' })).toBeDisabled();
  await expect(page.getByRole('radio')).toHaveCount(2);
  await page.getByRole('button', { name: 'Size chart' }).click();
  await expect(page.getByRole('dialog', { name: 'Size chart' }).getByRole('row', { name: /^L / })).toContainText('42.5 / 108');
});

test('Notify me on a sold-out size: the owner restocks it from the list, one mail comes with the piece and a way to stop', async ({ page, browser, request, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const name = `Kalamkari Kurta ${testInfo.project.name} ${Date.now().toString(36)}`;
  const kurta = await ownersKurta(request, name);

  // A visitor's bell asks them to sign in first.
  await page.goto(`/product/${kurta.id}`);
  const soldOut = page.getByRole('region', { name: 'Sold out in M.' });
  await expect(soldOut.getByRole('link', { name: 'Sign in to be mailed when size M is back' })).toHaveAttribute('href', '/login');

  const email = await signedIn(page, 'nila');
  await page.reload();
  // A new account's notice comes in above the page once it is live: a tap before it lands would
  // meet whatever it pushed under the pointer.
  await expect(page.getByRole('region', { name: 'Verify your email' })).toBeVisible();
  const bell = soldOut.getByRole('button', { name: 'Notify me when size M is back' });
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  await bell.click();
  await expect(page.getByText('We will mail you once when size M is back.')).toBeVisible();
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousViolations(page);

  await page.goto('/favorites');
  const request_ = page.getByRole('region', { name: 'Back in stock requests' }).getByRole('listitem').filter({ hasText: name });
  await expect(request_).toContainText('Size: M');
  await expect(request_).toContainText('Waiting since');

  // The owner, on their own device, sets M's count from the products list.
  const ownerContext = await browser.newContext({ baseURL, viewport: page.viewportSize() });
  const owner = await ownerContext.newPage();
  await signedInAsOwner(owner);
  await owner.goto(`/admin?search=${encodeURIComponent(name)}`);
  await owner.getByRole('button', { name: `Adjust stock: ${name}` }).click();
  const adjust = owner.getByRole('dialog', { name: 'Adjust stock' });
  await adjust.getByLabel('Size').selectOption('M');
  await adjust.getByLabel('Pieces in stock now').fill('3');
  await adjust.getByRole('button', { name: 'Save the count' }).click();
  await expect(owner.getByText(`${name}, size M: 3 in stock.`)).toBeVisible();
  await ownerContext.close();

  // One mail: the piece's link opens it with M to choose; the other link stops such mails.
  const mail = await mailFor(portOf(baseURL), email, /is back in stock/, (m) => m.subject.includes(name));
  expect(mail.subject).toBe(`${name} (size M) is back in stock at Vastra`);
  const [productLink, stopLink] = linksIn(mail);
  expect(productLink).toMatch(new RegExp(`/product/${kurta.id}$`));
  await page.goto(productLink!);
  await expect(page.getByRole('radio', { name: 'M Only 3 left' })).toBeEnabled();
  await expect(soldOut).toBeHidden();
  await page.goto('/favorites');
  await expect(request_).toContainText('Back in stock: we mailed you on');

  expect(stopLink).toMatch(/\/back-in-stock\/stop\/[0-9a-f-]{36}$/);
  await page.goto(stopLink!);
  await expect(page.getByRole('heading', { level: 1, name: 'Stop back-in-stock mails' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop the mails' }).click();
  await expect(page.getByRole('status')).toHaveText('You are not waiting for any pieces now, so there is nothing more to stop.');
});

test('a size only held by an unpaid order: in someone’s cart, back in N minutes, counted down; a visitor may ask to be told', BOTH_WIDTHS, async ({ page, browser, request, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const name = `Chanderi Kurta ${testInfo.project.name} ${Date.now().toString(36)}`;
  const kurta = await ownersKurta(request, name, [{ size: 'S', stock: 4 }, { size: 'M', stock: 0 }, { size: 'L', stock: 1 }]);

  // Another shopper, on their own device, opens the payment for the last L and has not paid yet.
  const holderContext = await browser.newContext({ baseURL });
  const holder = await holderContext.newPage();
  await signedIn(holder, 'tara');
  const address = await (await holder.request.post('/api/addresses', { data: { name: 'Tara Iyer', phone: '9876543210', house: '7', street: 'Besant Road', city: 'Chennai', state: 'Tamil Nadu', pincode: '600041' } })).json();
  const quote = await (await holder.request.get(`/api/checkout/quote?buyNow=${kurta.id}&size=L`)).json();
  const made = await holder.request.post('/api/checkout/orders', { data: { addressId: address.id, buyNow: { productId: kurta.id, size: 'L' }, expectedTotal: quote.amounts.total } });
  expect(made.status(), await made.text()).toBe(201);
  await holderContext.close();

  await page.clock.install();
  await page.goto(`/product/${kurta.id}`);
  const held = page.getByRole('radio', { name: 'L (in a cart)' });
  await expect(held).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'M (sold out)' })).toBeDisabled();
  await expect(picker(page).getByText('In a cart', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: "Sold out in M. Size L is in someone's cart, back in 15 minutes." })).toBeVisible();
  const waiting = page.getByRole('region', { name: /^Sold out in M\. Size L is in someone's cart/ });
  await expect(waiting.getByRole('link', { name: 'Sign in to be mailed when size L is back' })).toHaveAttribute('href', '/login');
  await expectNoSeriousViolations(page);

  // The page counts down on the shopper's clock.
  await page.clock.fastForward('05:00');
  await expect(waiting).toContainText("Size L is in someone's cart, back in 10 minutes.");
  await page.screenshot({ path: testInfo.outputPath('held-size.png'), fullPage: true });
});
