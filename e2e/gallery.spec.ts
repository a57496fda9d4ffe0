import type { CDPSession, Page } from '@playwright/test';
import { picturedPiece } from './cards.ts';
import { test, expect } from './fixtures.ts';

async function openPicturedProduct(page: Page) {
  const { name } = await picturedPiece(page.request);
  await page.goto('/products');
  await page.getByRole('main').getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByTestId('zoom-level')).toHaveText('1.0x');
  return page.getByTestId('gallery-main');
}

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });
}

test('the wheel zooms the picture and a double click resets it', async ({ page }) => {
  const main = await openPicturedProduct(page);
  const box = (await main.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await expect(page.getByTestId('zoom-level')).not.toHaveText('1.0x');
  await main.dblclick();
  await expect(page.getByTestId('zoom-level')).toHaveText('1.0x');
});

test('zoom buttons stop at 3x', async ({ page }) => {
  await openPicturedProduct(page);
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
  const main = await openPicturedProduct(page);
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

test.describe('on a touch screen', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'pinch and double tap are touch gestures: the phone project has a touch screen');

  type Finger = { x: number; y: number; id: number };
  const send = (cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: Finger[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  const level = (page: Page) => page.getByTestId('zoom-level').textContent().then((t) => Number.parseFloat(t ?? ''));
  const picture = (page: Page, n: number) => page.getByRole('img', { name: new RegExp(`picture ${n} of`) });

  /**
   * Two fingers land `from` px either side of the middle of the picture, move apart to `to` px in
   * steps (both fingers in every move, as a real screen reports them), then lift one at a time: CDP
   * (like a phone) turns each changed point into its own touch event.
   */
  async function pinch(page: Page, cdp: CDPSession, from: number, to: number, checkWhileDown?: () => Promise<void>) {
    const box = (await page.getByTestId('gallery-main').boundingBox())!;
    const cx = box.x + box.width / 2;
    const y = box.y + box.height / 3;
    const left = (d: number): Finger => ({ x: cx - d, y, id: 1 });
    const right = (d: number): Finger => ({ x: cx + d, y, id: 2 });
    await send(cdp, 'touchStart', [left(from), right(from)]);
    for (let i = 1; i <= 8; i++) {
      const d = from + ((to - from) * i) / 8;
      await send(cdp, 'touchMove', [left(d), right(d)]);
    }
    await checkWhileDown?.();
    await send(cdp, 'touchEnd', [right(to)]); // the left finger lifts first, far from where it landed
    await send(cdp, 'touchEnd', []);
  }

  test('a pinch zooms the picture in, never past 3x, without changing it, and a double tap resets it', async ({ page }) => {
    const main = await openPicturedProduct(page);
    const cdp = await page.context().newCDPSession(page);
    await expect(picture(page, 1)).toBeVisible();

    // Fingers 60 px from the middle move to 120 px: the picture follows them, to about 2x.
    await pinch(page, cdp, 60, 120, async () => {
      await expect.poll(() => level(page)).toBeGreaterThan(1.5);
    });
    await expect.poll(() => level(page)).toBeGreaterThan(1.5);
    expect(await level(page)).toBeLessThan(2.5);
    // The left finger travelled 60 px (past the swipe threshold) and lifted first: still a pinch, not a swipe.
    await expect(picture(page, 1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeEnabled();

    // A much wider pinch stops at 3x, also while the fingers are still down.
    await pinch(page, cdp, 30, 160, async () => {
      await expect(page.getByTestId('zoom-level')).toHaveText('3.0x');
    });
    await expect(page.getByTestId('zoom-level')).toHaveText('3.0x');
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await expect(picture(page, 1)).toBeVisible();

    // Two quick taps: back to 1x. (Each tap is followed by the mouse events Chromium makes up for it;
    // the second tap's mousedown used to cut the reset animation short, leaving 2.8x or 3.0x.)
    const box = (await main.boundingBox())!;
    const tap = [{ x: box.x + box.width / 2, y: box.y + box.height / 3, id: 1 }];
    await send(cdp, 'touchStart', tap);
    await send(cdp, 'touchEnd', []);
    await send(cdp, 'touchStart', tap);
    await send(cdp, 'touchEnd', []);
    await expect(page.getByTestId('zoom-level')).toHaveText('1.0x');
    await expect(picture(page, 1)).toBeVisible();
  });

  test("zoomed in, a one-finger drag moves the picture instead of swiping to the next; Chromium's own pinch gesture zooms too", async ({ page }) => {
    const main = await openPicturedProduct(page);
    const cdp = await page.context().newCDPSession(page);
    const box = (await main.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;

    // Chromium's own synthetic pinch: two touch points driven by the browser's input pipeline, not by us.
    await cdp.send('Input.synthesizePinchGesture', { x, y, scaleFactor: 2, gestureSourceType: 'touch' });
    await expect.poll(() => level(page)).toBeGreaterThan(1.2);
    expect(await level(page)).toBeLessThanOrEqual(3);
    await expect(picture(page, 1)).toBeVisible();
    await expect(main).toHaveCSS('touch-action', 'none');

    // Drag 120 px to the left with one finger: a swipe at 1x, a pan now.
    const before = (await picture(page, 1).boundingBox())!;
    await send(cdp, 'touchStart', [{ x, y, id: 1 }]);
    for (let i = 1; i <= 6; i++) await send(cdp, 'touchMove', [{ x: x - i * 20, y, id: 1 }]);
    await send(cdp, 'touchEnd', []);
    await expect(picture(page, 1)).toBeVisible();
    await expect.poll(async () => (await picture(page, 1).boundingBox())!.x).toBeLessThan(before.x - 20);
    expect(await level(page)).toBeGreaterThan(1.2);

    // The reset button brings back 1x, where a swipe changes the picture again.
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(page.getByTestId('zoom-level')).toHaveText('1.0x');
    await expect(main).toHaveCSS('touch-action', 'pan-y');
    await send(cdp, 'touchStart', [{ x, y, id: 1 }]);
    for (let i = 1; i <= 6; i++) await send(cdp, 'touchMove', [{ x: x - i * 20, y, id: 1 }]);
    await send(cdp, 'touchEnd', []);
    await expect(picture(page, 2)).toBeVisible();
  });
});
