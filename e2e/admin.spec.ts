/**
 * The store owner's screens from the outside (design.md Admin): a customer who opens /admin is told
 * plainly it is not for them, and a visitor is sent to log in. (The owner's own journeys come with
 * the admin stage's screens; the API tests prove every admin route refuses both.)
 */
import { expectNoSeriousViolations } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { signedIn } from './shoppers.ts';

test('/admin: a visitor is sent to log in; a customer is told it is for the store owner only', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await signedIn(page, 'ravi');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('This is for the store owner only.')).toBeVisible();
  await expectNoSeriousViolations(page);
});
