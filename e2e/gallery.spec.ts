import type { CDPSession, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';

async function openFirstProduct(page: Page) {
  await page.goto('/products');
  await page.getByRole('main').getByRole('listitem').first().getByRole('link').click();
  await expect(page.getByTestId('zoom-level')).toHaveText('1.0x');
  return page.getByTestId('gallery-main');
}

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });
}

test('the wheel zooms the picture and a double click resets it', async ({ page }) => {
  const main = await openFirstProduct(page);
  const box = (await main.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await expect(page.getByTestId('zoom-level')).not.toHaveText('1.0x');
  await main.dblclick();
  await expect(page.getByTestId('zoom-level')).toHaveText('1.0x');
});

test('zoom buttons stop at 3x', async ({ page }) => {
  await openFirstProduct(page);
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  const level = page.getByTestId('zoom-level');
  // Each step animates, and the button disables itself once 3x is reached: keep pressing until then.
  await expect(async () => {
    if (await zoomIn.isEnabled()) await zoomIn.click({ force: true, timeout: 1000 });
    await expect(level).toHaveText('3.0x', { timeout: 600 });
  }).toPass({ timeout: 20_000 });
  await expect(level).toHaveText('3.0x');
  await expect(zoomIn).toBeDisabled();
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(page.getByTestId('zoom-level')).toHaveText('1.0x');
});

test('a swipe past 50 px shows the next picture; a shorter one does not', async ({ page }) => {
  const main = await openFirstProduct(page);
  const box = (await main.boundingBox())!;
  const y = box.y + box.height / 2;
  const picture = (n: number) => page.getByRole('img', { name: new RegExp(`picture ${n} of`) });
  await expect(picture(1)).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  const swipe = async (dx: number) => {
    const x = box.x + box.width / 2 + 60;
    await touch(cdp, 'touchStart', [{ x, y }]);
    await touch(cdp, 'touchMove', [{ x: x - dx / 2, y }]);
    await touch(cdp, 'touchMove', [{ x: x - dx, y }]);
    await touch(cdp, 'touchEnd', []);
  };
  await swipe(30);
  await expect(picture(1)).toBeVisible();
  await swipe(120);
  await expect(picture(2)).toBeVisible();
});
