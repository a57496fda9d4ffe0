import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Scrolls to the bottom until the footer is in, so every section that waits for a shopper to come
 * near (WhenNear: home's Our Bestsellers, the footer) has rendered.
 */
export async function scrollToTheEnd(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(footer).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}
