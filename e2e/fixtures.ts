/**
 * `page` that fails the test on any console error or uncaught exception, as design.md asks, and on
 * anything the page's Content-Security-Policy refuses (said as a console error, so every journey
 * checks the policy).
 * A test that expects one (a 404 document logs "Failed to load resource") says so with
 * `consoleErrors.allow(url)`, naming the URL whose failure it expects.
 */
import { test as base, expect } from '@playwright/test';
import { PORT, SECOND_PORT } from '../playwright.config.ts';

interface ConsoleErrors {
  allow(urlPart: string): void;
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  /**
   * Each browser worker talks to a shop of its own, whatever the width (PGlite answers one query
   * at a time). A file that names another shop (the one that asks for verified mail) keeps it.
   */
  baseURL: async ({ baseURL }, use, testInfo) => {
    const shared = `http://localhost:${PORT}`;
    await use(baseURL === shared && testInfo.parallelIndex % 2 === 1 ? `http://localhost:${SECOND_PORT}` : baseURL);
  },
  /**
   * A page loaded whole (goto, reload) may arrive drawn by the server before its code runs; a tap
   * then would do nothing. These wait until the app has taken the page over (app-shell.tsx).
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const live = () => page.locator('html[data-live]').waitFor({ state: 'attached' });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const res = await goto(...args);
        if (res?.headers()['content-type']?.startsWith('text/html')) await live();
        return res;
      };
      page.reload = async (...args) => {
        const res = await reload(...args);
        if (res?.headers()['content-type']?.startsWith('text/html')) await live();
        return res;
      };
    }
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: string[] = [];
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const url = m.location().url;
        if (allowed.some((a) => url.includes(a))) return;
        errors.push(`${m.text()} (${url})`);
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP refused ${e.effectiveDirective}: ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
        ),
      );
      await use({ allow: (urlPart) => allowed.push(urlPart) });
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Every test runs at phone width (390 px), the shop's first reader. A test whose screen is laid
 * out differently at desktop width (1280 px) — the header's row of departments, the filter
 * column, the hero's arrows and wide banner, the posters side by side, product, cart and checkout
 * in two columns, the owner's tables — and that walks or checks that layout, runs at both:
 * `test(title, BOTH_WIDTHS, async …)`. The rest says and does the same at every width.
 */
export const BOTH_WIDTHS = { tag: '@both-widths' };
