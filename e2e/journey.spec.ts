/**
 * The whole walk of issue 3, at both widths: home → a suggestion chosen by keyboard → search
 * results → a product → zoom by button, wheel and double click (touch: swipe and pinch) → back.
 */
import { BOTH_WIDTHS, test, expect } from './fixtures.ts';

test('a shopper finds a saree from home, looks closely at it and comes back', BOTH_WIDTHS, async ({ page, hasTouch }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Collections' })).toBeVisible();

  // Search: suggestions appear as they type; ArrowDown picks the first, Escape closes, Enter searches.
  const search = page.getByRole('combobox', { name: 'Search sarees and clothing' });
  await search.fill('silk');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await search.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await search.press('Escape');
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/products\?search=silk$/);
  await expect(page.getByRole('heading', { name: /Search Results for/ })).toBeVisible();
  await expect(page.getByText(/\d+ product\(s\) found/)).toBeVisible();

  // From the results, a suggestion opened by keyboard leads to its product.
  await search.fill('kanjeevaram');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  const chosen = (await suggestions.getByRole('option').first().locator('span').nth(1).textContent())!.trim();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: chosen })).toBeVisible();
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

  // Zoom: a button press, the wheel, a double click back to 1x.
  const level = page.getByTestId('zoom-level');
  const main = page.getByTestId('gallery-main');
  await expect(level).toHaveText('1.0x');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(level).not.toHaveText('1.0x');
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(level).toHaveText('1.0x');
  // Pressing the buttons scrolled them into view; the gestures want the whole picture on screen.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await main.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (!hasTouch) {
    await page.mouse.move(x, y);
    await expect(async () => {
      await page.mouse.wheel(0, -400);
      await expect(level).not.toHaveText('1.0x', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await main.dblclick();
    await expect(level).toHaveText('1.0x');
  } else {
    // A one-finger swipe to the next picture, then a two-finger pinch.
    const cdp = await page.context().newCDPSession(page);
    const finger = (px: number) => [{ x: px, y, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: finger(x + 60) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: finger(x) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: finger(x - 60) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByRole('img', { name: /picture 2 of/ })).toBeVisible();
    await cdp.send('Input.synthesizePinchGesture', { x, y, scaleFactor: 2, gestureSourceType: 'touch' });
    await expect.poll(async () => parseFloat((await level.textContent()) ?? '1')).toBeGreaterThan(1.1);
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(level).toHaveText('1.0x');
  }

  // Back: the search results again, with their text.
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?search=silk$/);
  await expect(page.getByRole('heading', { name: /Search Results for/ })).toBeVisible();
});
