/**
 * Every screen runs under the shop's strict Content-Security-Policy (src/server/http/security-headers.ts)
 * with nothing refused: no inline script, styles only from our origin or stamped with the page's
 * nonce. The sidebar (Radix dialog, which writes a <style> for its scroll lock) and a toast
 * (Sonner, whose inline stylesheet the build takes out) are opened too.
 */
import type { Page } from '@playwright/test';
import { FIXED_SCREENS } from '../src/shared/screens.ts';
import { BREAKPOINT_DESKTOP } from '../src/shared/ui.ts';
import { scrollToTheEnd } from './scroll.ts';
import { test, expect } from './fixtures.ts';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

test.beforeEach(async ({ page }) => {
  // Runs before the page's own scripts, outside its policy (Playwright injects it, not the page).
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.cspViolations.push(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
});

// A screen's first visit loads its chunk and data; on a busy two-core CI machine running two
// browsers that can take longer than the default five seconds.
const SETTLE = { timeout: 15_000 };

async function expectSettledWithoutViolations(page: Page, path: string) {
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeAttached(SETTLE);
  // Sections far down (home's Our Bestsellers, the footer) load only when a shopper comes near.
  await scrollToTheEnd(page);
  await expect(page.getByRole('status', { name: /Loading/ }), path).toHaveCount(0, SETTLE);
  expect(await page.evaluate(() => window.cspViolations), path).toEqual([]);
}

const SCREENS = [
  ...FIXED_SCREENS.map((s) => s.path),
  '/products?search=silk',
  '/product/:first',
  '/categories/silk-sarees',
  '/collections/festive',
  '/no-such-page',
];
// In three parts, so they run side by side.
const PARTS = [0, 1, 2].map((k) => SCREENS.filter((_, i) => i % 3 === k));

for (const [k, part] of PARTS.entries()) {
  test(`every screen loads under the policy with nothing refused (part ${k + 1} of ${PARTS.length})`, async ({ page, consoleErrors }) => {
    // The policy does not change with the width: these run at phone width only.
    test.setTimeout(60_000);
    consoleErrors.allow('/no-such-page');
    const { items } = await (await page.request.get('/api/products?limit=1')).json();
    for (const path of part.map((p) => p.replace(':first', String(items[0].id)))) {
      const res = await page.goto(path);
      const policy = res!.headers()['content-security-policy'] ?? '';
      expect(policy, path).toContain("script-src 'self' https://*.razorpay.com;");
      expect(policy, path).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
      await expectSettledWithoutViolations(page, path);
    }
  });
}

test('the sidebar and a toast work under the policy', async ({ page }) => {
  await page.goto('/products');
  await expectSettledWithoutViolations(page, '/products');
  const like = page.getByRole('main').getByRole('button', { name: /^Like / }).first();
  await like.click();
  const toast = page.getByText('Please log in to like products.', { exact: true });
  await expect(toast).toBeVisible();
  // Styled by Sonner's stylesheet: positioned as a toast, not dropped into the page's flow.
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
  if (page.viewportSize()!.width < BREAKPOINT_DESKTOP) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The dialog's scroll lock is a <style> element, allowed by the page's nonce.
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
});
