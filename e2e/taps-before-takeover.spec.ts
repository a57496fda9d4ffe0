/**
 * Taps before takeover (issue 47, docs/decisions/0040). A page drawn on the server is on screen
 * seconds before the app's code has come on a slow phone. Here that code is held back (every
 * script but boot.ts's) while the shopper taps, then let through: Load More is a link the server
 * draws, and Add to Cart, Buy Now, the heart and a size are held, shown as heard, and carried
 * out once the app runs. Without JavaScript at all, Load More still pages.
 */
import type { Page } from '@playwright/test';
import type { ProductDetail, ProductSummary } from '../src/shared/catalog.ts';
import { firstCard } from './cards.ts';
import { BOTH_WIDTHS, expect, test } from './fixtures.ts';
import { signedIn } from './shoppers.ts';

/** The app's code: every script of the build but the small one that starts it (src/web/drawing/boot.ts). */
const APP_CODE = /\/assets\/(?!boot-)[^/?]+\.js(\?.*)?$/;

/** Holds the app's code back from now on; the returned function lets it through. */
async function holdApp(page: Page): Promise<() => void> {
  await page.unroute(APP_CODE);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_CODE, async (route) => {
    await released;
    // A page left meanwhile (a link followed) has dropped its requests.
    await route.continue().catch(() => {});
  });
  return release;
}

/**
 * Opens `path` as drawn, the app held back: returns once the document is parsed (boot.ts, a
 * module script, has run by then). The fixture's goto waits for the app, so it is left running.
 */
async function openDrawn(page: Page, path: string) {
  const parsed = page.waitForEvent('domcontentloaded');
  void page.goto(path).catch(() => {});
  await parsed;
}

const live = (page: Page) => page.locator('html[data-live]').waitFor({ state: 'attached' });
const cards = (page: Page) => page.getByRole('main').getByRole('article');

test('Load More tapped before the app runs shows the next page drawn by the server; the app then pages in place', async ({ page }) => {
  const release = await holdApp(page);
  await openDrawn(page, '/products');
  await expect(cards(page)).toHaveCount(12);
  const parsed = page.waitForEvent('domcontentloaded');
  await page.getByRole('main').getByRole('link', { name: 'Load More' }).click();
  await parsed;
  await expect(page).toHaveURL(/\/products\?show=24#page-2$/);
  await expect(cards(page)).toHaveCount(24);
  // The shopper lands at the first new piece, not at the top of the list.
  await expect(page.locator('#page-2')).toBeInViewport();

  release();
  await live(page);
  const more = page.getByRole('main').getByRole('button', { name: 'Load More' });
  await more.click();
  await expect(cards(page)).toHaveCount(36);
  // Added in place: the address is the one the server drew.
  await expect(page).toHaveURL(/\/products\?show=24#page-2$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Load More is a link to the same list with its filters, one page more each time', async ({ page, request }) => {
    const { items }: { items: ProductSummary[] } = await (await request.get('/api/products?sort=price-asc&offset=0&limit=36')).json();
    await page.goto('/just-landed?sort=price-asc');
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole('link', { name: 'Load More' }).click();
    await expect(page).toHaveURL(/\/just-landed\?sort=price-asc&show=24#page-2$/);
    await expect(cards(page)).toHaveCount(24);
    await page.getByRole('link', { name: 'Load More' }).click();
    await expect(page).toHaveURL(/\/just-landed\?sort=price-asc&show=36#page-3$/);
    await expect(cards(page).getByRole('heading')).toHaveText(items.map((p) => p.name));
  });
});

test.describe('a signed-in shopper on a card, before the app runs', () => {
  test('the heart is held, shown as heard, and liked once the app runs', async ({ page }) => {
    await signedIn(page, 'held-like');
    const release = await holdApp(page);
    await openDrawn(page, '/products');
    const { card, id } = await firstCard(page);
    const heart = card.getByRole('button', { name: /^Like / });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-busy', 'true');
    await expect(heart).toHaveAttribute('data-held', '');

    release();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart).not.toHaveAttribute('aria-busy');
    // The heart shows the like as the request leaves; the shop has it once that request is answered (a busy CI run asked first).
    await expect.poll(async () => ((await (await page.request.get('/api/wishlist')).json()) as { items: { id: number }[] }).items.map((p) => p.id)).toEqual([id]);
  });

  test('Add to Cart is held, shown as heard, and adds the piece once the app runs', async ({ page }) => {
    await signedIn(page, 'held-cart');
    const release = await holdApp(page);
    await openDrawn(page, '/products');
    const { card, name, id } = await firstCard(page);
    const add = card.getByRole('button', { name: `Add ${name} to cart` });
    await add.click();
    await expect(add).toHaveAttribute('data-held', '');

    release();
    await expect(page.getByText('Added to cart!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    const cart: { items: { productId: number; quantity: number }[] } = await (await page.request.get('/api/cart')).json();
    expect(cart.items.map((line) => [line.productId, line.quantity])).toEqual([[id, 1]]);
  });

  test('Buy Now is held and goes to checkout with the piece once the app runs', async ({ page }) => {
    await signedIn(page, 'held-buy');
    const release = await holdApp(page);
    await openDrawn(page, '/products');
    const { card, name } = await firstCard(page);
    const buy = card.getByRole('button', { name: `Buy Now: ${name}` });
    await buy.click();
    await expect(buy).toHaveAttribute('data-held', '');

    release();
    await expect(page).toHaveURL(/\/checkout$/);
    const summary = page.getByRole('list', { name: 'Pieces in this order' });
    await expect(summary.getByRole('listitem')).toHaveCount(1);
    await expect(summary).toContainText(name);
  });
});

test('a visitor’s Add to Cart, held, goes to log in with the piece once the app runs', async ({ page }) => {
  const release = await holdApp(page);
  await openDrawn(page, '/products');
  const { card, name, id } = await firstCard(page);
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(`Log in to add to your cart ${name}.`)).toBeVisible();
  const intent = await page.evaluate(() => (history.state as { usr?: { intent?: { action: string; product: { id: number } } } } | null)?.usr?.intent);
  expect(intent).toMatchObject({ action: 'addToCart', product: { id } });
});

/** A piece in sizes with a size to choose, and that size. */
async function sizedPiece(page: Page): Promise<{ product: ProductDetail; size: string }> {
  const { items }: { items: ProductSummary[] } = await (await page.request.get('/api/products?offset=0&limit=48')).json();
  for (const p of items.filter((p) => p.sized && p.availability !== 'Out of Stock')) {
    const product: ProductDetail = await (await page.request.get(`/api/products/${p.id}`)).json();
    const offered = product.sizes.filter((s) => !s.soldOut);
    // More than one size, so none is chosen for the shopper.
    if (offered.length > 1 && product.sizes.length > 1) return { product, size: offered[0]!.size };
  }
  throw new Error('No piece in sizes among the first 48');
}

test('on the product page: Add to Cart without a size asks for one, a size then Add to Cart adds it, Buy Now carries it', BOTH_WIDTHS, async ({ page }) => {
  await signedIn(page, 'held-sizes');
  const { product, size } = await sizedPiece(page);
  const picker = page.getByRole('radiogroup', { name: /^Size/ });

  let release = await holdApp(page);
  await openDrawn(page, `/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  release();
  await expect(picker.getByRole('alert')).toHaveText('Please choose a size.');
  expect(((await (await page.request.get('/api/cart')).json()) as { items: unknown[] }).items).toEqual([]);

  release = await holdApp(page);
  await openDrawn(page, `/product/${product.id}`);
  await picker.getByText(size, { exact: true }).click();
  await expect(page.getByRole('radio', { name: size, exact: true })).toHaveAttribute('data-held', '');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  release();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await expect(picker).toContainText(`Size: ${size}`);
  const cart: { items: { productId: number; size: string }[] } = await (await page.request.get('/api/cart')).json();
  expect(cart.items.map((line) => [line.productId, line.size])).toEqual([[product.id, size]]);

  release = await holdApp(page);
  await openDrawn(page, `/product/${product.id}`);
  await picker.getByText(size, { exact: true }).click();
  await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
  release();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('list', { name: 'Pieces in this order' })).toContainText(`Size: ${size}`);
});

test('the filters before the app runs: a phone’s Filters opens its sheet, a desktop’s box is ticked, once the app runs', BOTH_WIDTHS, async ({ page }) => {
  const release = await holdApp(page);
  await openDrawn(page, '/products');
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await filters.click();
    await expect(filters).toHaveAttribute('data-held', '');
    release();
    await expect(page.getByRole('dialog')).toBeVisible();
  } else {
    const box = page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: /^In stock only/ });
    await box.click();
    // Held, not ticked: the list it would show is the app's to ask for.
    await expect(box).not.toBeChecked();
    await expect(box).toHaveAttribute('data-held', '');
    release();
    await expect(page).toHaveURL(/\/products\?instock=1$/);
    await expect(box).toBeChecked();
  }
});
