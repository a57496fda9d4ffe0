import type { Page } from '@playwright/test';
import { BOTH_WIDTHS, test, expect } from './fixtures.ts';
import type { Suggestion } from '../src/shared/catalog.ts';
import { BREAKPOINT_DESKTOP, BREAKPOINT_MOBILE } from '../src/shared/ui.ts';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search sarees and clothing' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });

test.describe('search box', () => {
  test('by keyboard: suggestions, arrows, Escape, and Enter opens the highlighted product', async ({ page }) => {
    const expected: Suggestion[] = await (await page.request.get('/api/products/suggestions?q=silk')).json();
    expect(expected.length).toBeGreaterThan(2);

    await page.goto('/');
    const box = searchBox(page);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.click();
    await box.pressSequentially('silk');

    const list = suggestions(page);
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    const options = list.getByRole('option');
    await expect(options).toHaveCount(Math.min(expected.length, 10));
    expect(await options.count()).toBeLessThanOrEqual(10);
    for (const [i, s] of expected.slice(0, 3).entries()) await expect(options.nth(i)).toContainText(s.name);
    // Nothing highlighted until the shopper moves into the list.
    await expect(box).not.toHaveAttribute('aria-activedescendant');

    const highlighted = async (i: number) => {
      const option = options.nth(i);
      await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(list.locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
    };
    await box.press('ArrowDown');
    await highlighted(0);
    await box.press('ArrowDown');
    await highlighted(1);
    await box.press('ArrowDown');
    await highlighted(2);
    await box.press('ArrowUp');
    await highlighted(1);
    await expect(box).toBeFocused(); // focus stays in the text; the list is only pointed at

    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await expect(box).toHaveValue('silk'); // Escape closes the list, it does not clear the text

    await box.press('ArrowDown'); // opens again, on the first
    await expect(list).toBeVisible();
    await highlighted(0);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product/${expected[0]!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: expected[0]!.name })).toBeVisible();
    await expect(suggestions(page)).toBeHidden();
  });

  test('Enter with nothing highlighted searches the text', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('saree');
    await expect(suggestions(page)).toBeVisible();
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=saree$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for “saree”');
    await expect(suggestions(page)).toBeHidden();
    await expect(searchBox(page)).toHaveValue('saree'); // the search made shows in the box
  });

  test('a blank search is ignored', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('   ');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(suggestions(page)).toBeHidden();
    // Then a real search, and Back: had the blank ones gone anywhere, Back would land there.
    await box.fill('silk');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\?search=silk$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('region', { name: 'Featured' })).toBeVisible();
  });

  test('sits on its own row under the bar on phones, beside the logo from 768 px', BOTH_WIDTHS, async ({ page }) => {
    await page.goto('/');
    const logo = (await page.getByRole('link', { name: 'Vastra home' }).boundingBox())!;
    const search = (await page.getByRole('search').boundingBox())!;
    const width = page.viewportSize()!.width;
    if (width < BREAKPOINT_MOBILE) {
      expect(search.y).toBeGreaterThanOrEqual(logo.y + logo.height);
      expect(search.width).toBeGreaterThan(width * 0.8);
    } else {
      const middle = search.y + search.height / 2;
      expect(middle).toBeGreaterThan(logo.y);
      expect(middle).toBeLessThan(logo.y + logo.height);
      expect(search.x).toBeGreaterThan(logo.x + logo.width);
    }
  });
});

test('a visitor’s wishlist and cart hold 0 (no badge drawn), and the person icon leads to log in', async ({ page }) => {
  await page.goto('/');
  const account = page.getByRole('navigation', { name: 'Your account' });
  const wishlist = account.getByRole('link', { name: 'Wishlist, 0 items' });
  const cart = account.getByRole('link', { name: 'Cart, 0 items' });
  await expect(wishlist).toBeVisible();
  await expect(wishlist).toHaveText('');
  await expect(wishlist).toHaveAttribute('href', '/favorites');
  await expect(cart).toBeVisible();
  await expect(cart).toHaveText('');
  await expect(cart).toHaveAttribute('href', '/cart');

  await cart.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Please log in to view your cart.')).toBeVisible();

  await account.getByRole('link', { name: 'Log in or sign up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test.describe('menu', () => {
  test('on phones the menu opens the sidebar; Escape closes it and a link goes and closes', async ({ page }) => {
    test.skip(page.viewportSize()!.width >= BREAKPOINT_DESKTOP, 'the menu button shows below 1024 px only');
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Departments' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();

    const sidebar = page.getByRole('dialog', { name: 'Vastra' });
    await expect(sidebar).toBeVisible();
    // While it is open the page behind is hidden from assistive technology, the menu button too.
    await expect(menuButton).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu', includeHidden: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText([
      'Home',
      'Profile',
      'Wishlist',
      'Cart',
      'My Orders',
      'About Us',
    ]);
    await expect(sidebar.getByRole('list', { name: 'Follow us' }).getByRole('link')).toHaveCount(3);
    for (const social of await sidebar.getByRole('list', { name: 'Follow us' }).getByRole('link').all()) {
      await expect(social).toHaveAttribute('href', /^https:\/\//);
    }

    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    // (Where focus goes on closing: see the test below.)

    await menuButton.click();
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Woven by hand, chosen with care' })).toBeVisible();

    await menuButton.click();
    await sidebar.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(sidebar).toBeHidden();
  });

  // The button lives outside the dialog (no Dialog.Trigger), so the sidebar hands focus back itself.
  test('closing the sidebar with Escape puts focus back on the menu button', async ({ page }) => {
    test.skip(page.viewportSize()!.width >= BREAKPOINT_DESKTOP, 'the menu button shows below 1024 px only');
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const sidebar = page.getByRole('dialog', { name: 'Vastra' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Close menu' })).toBeFocused(); // focus moves into the dialog
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('on desktop the departments sit in a row under the bar, with no menu button', BOTH_WIDTHS, async ({ page }) => {
    test.skip(page.viewportSize()!.width < BREAKPOINT_DESKTOP, 'below 1024 px the departments are in the menu');
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const departments = page.getByRole('navigation', { name: 'Departments' });
    await expect(departments).toBeVisible();
    await expect(departments.getByRole('link')).toHaveText(['Shop All', 'Best Seller', 'Just Landed', 'Collections', 'Categories', 'Silk Sarees', 'Bridal']);
    await departments.getByRole('link', { name: 'Bridal' }).click();
    await expect(page).toHaveURL(/\/products\?search=Bridal$/);
    await expect(departments.getByRole('link', { name: 'Bridal' })).toHaveAttribute('aria-current', 'page');
    await expect(departments.getByRole('link', { name: 'Shop All' })).not.toHaveAttribute('aria-current');
  });
});

test('a new screen starts at the top: a card far down /products opens its product at scrollY 0', async ({ page }) => {
  await page.goto('/products');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(12);
  const card = cards.nth(9);
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
