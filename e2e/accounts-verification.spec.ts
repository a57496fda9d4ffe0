/**
 * The shop with REQUIRE_EMAIL_VERIFICATION on (design.md; the second server of playwright.config.ts):
 * sign-up goes to /login after 2 s, and login waits for the mailed link.
 */
import { VERIFYING_PORT } from '../playwright.config.ts';
import { linkFromMail } from './mailbox.ts';
import { test, expect } from './fixtures.ts';

test.use({ baseURL: `http://localhost:${VERIFYING_PORT}` });

test('sign-up waits for the mailed link before the first login', async ({ page, consoleErrors }) => {
  // A setting of the server, not of the screen: one width is enough.
  test.setTimeout(60_000);
  consoleErrors.allow('/api/accounts/login');
  const email = `ritu.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Ritu');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('9123456780');
  await page.getByRole('radio', { name: 'Prefer not to say' }).check();
  await page.getByLabel('Password', { exact: true }).fill('Saree@2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/Please open the link we have mailed you/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Saree@2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Please verify your email address first');

  await page.goto(await linkFromMail(VERIFYING_PORT, email, /^Verify your email/));
  await expect(page).toHaveURL(/\/login\?email-verification=verified$/);
  await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Saree@2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
});
