/**
 * `page` that fails the test on any console error or uncaught exception, as design.md asks, and on
 * anything the page's Content-Security-Policy refuses (said as a console error, so every journey
 * checks the policy).
 * A test that expects one (a 404 document logs "Failed to load resource") says so with
 * `consoleErrors.allow(url)`, naming the URL whose failure it expects.
 */
import { test as base, expect, type TestInfo } from '@playwright/test';

interface ConsoleErrors {
  allow(urlPart: string): void;
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
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
 * For a test whose subject does not change with the width (a text, a status code, a policy, a
 * screen whose markup is the same): it runs once, at phone width, to keep the suite inside its
 * time budget. Journeys and anything laid out differently run at both.
 */
export const phoneWidthOnly = (testInfo: TestInfo) =>
  testInfo.skip(testInfo.project.name !== 'phone', 'the same at every width: checked at phone width');
