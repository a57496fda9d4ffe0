/**
 * The store owner's SQL console (design.md SQL console; spec §2 Admin SQL editor, §8 SQL page):
 * every tab shows the real schema and is free of serious accessibility problems; a
 * script copies; a query answers 'Success!' with a table and JSON; a write in read-only mode answers
 * 'Error:'; write mode runs one statement after a confirmation; the audit log shows it.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { signedInAsOwner } from './shoppers.ts';

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};

test('Overview and Tables show the database and its tables, secrets marked', async ({ page }) => {
  test.setTimeout(60_000); // axe on a long page takes seconds on a busy two-core machine
  await signedInAsOwner(page);
  await page.goto('/admin/sql');
  await expect(page.getByRole('heading', { level: 1, name: 'SQL console' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Size on disk')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tables by size' }).getByRole('cell', { name: 'products', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  await openTab(page, 'Tables');
  await page.getByText('sessions', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Columns of sessions' }).getByRole('row', { name: /token/ })).toContainText('secret: hidden');
  await expect(page.getByText('drizzle/0001_catalog.sql')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('Authentication & RLS shows the policies, and a script copies', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInAsOwner(page);
  await page.goto('/admin/sql');
  await openTab(page, 'Authentication & RLS');
  await expect(page.getByText('Row-level policies (live)')).toBeVisible();
  await page.getByRole('button', { name: 'Copy 0004_shopper_rls.sql' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('CREATE POLICY profiles_own ON profiles TO vastra_shopper');
  await expectNoSeriousViolations(page);
});

test('Functions & Triggers and Sample Data', async ({ page }) => {
  test.setTimeout(60_000); // axe on a long page takes seconds on a busy two-core machine
  await signedInAsOwner(page);
  await page.goto('/admin/sql?tab=functions');
  await expect(page.getByText(/^products_sync_search\(/)).toBeVisible();
  await expect(page.getByText('drizzle/0002_catalog_triggers.sql')).toBeVisible();
  await expectNoSeriousViolations(page);

  await openTab(page, 'Sample Data');
  await expect(page.getByLabel('Table', { exact: true })).toHaveValue('products');
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Result: \d+ rows$/ }).getByRole('columnheader', { name: /^name/ })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the owner runs a query, is refused a write in read-only mode, runs one in write mode and finds it in the audit log', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow('/api/admin/sql/run'); // the refused statement answers 400
  await signedInAsOwner(page);
  await page.goto('/admin/sql?tab=execute');
  const editor = page.getByLabel('SQL statement');

  await editor.fill('select name, price from products order by id limit 3');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  const table = page.getByRole('region', { name: 'Result: 3 rows' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('columnheader', { name: /^price/ })).toContainText('integer');
  await page.getByRole('button', { name: 'JSON' }).click();
  await expect(page.getByText('result.json')).toBeVisible();
  await expect(page.locator('pre').filter({ hasText: '"price":' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await editor.fill('delete from products');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Error:' });
  await expect(error).toContainText('read-only mode');
  await expectNoSeriousViolations(page);

  const statement = 'update pricing_settings set description = description where false';
  await editor.fill(statement);
  await page.getByRole('checkbox', { name: /Write mode/ }).check();
  await page.getByRole('button', { name: 'Run in write mode…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Run this statement in write mode?' });
  await expect(dialog).toContainText(statement);
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Run in write mode' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText(/UPDATE · 0 rows changed · \d+ ms · write mode/)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Write mode/ })).not.toBeChecked();

  // Other journeys of the same owner may log statements meanwhile: find ours by their text.
  const entries = page.getByRole('list', { name: 'Statements, newest first' }).getByRole('listitem');
  const written = entries.filter({ hasText: statement }).first();
  await expect(written).toContainText('Write');
  await expect(written).toContainText('Ran');
  await expect(written).toContainText('owner@vastra.example');
  await expect(entries.filter({ hasText: 'delete from products' }).first()).toContainText('Refused');
});
