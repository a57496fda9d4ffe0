/**
 * The store owner's imports: a folder of photographs (made here, in the server's
 * import folder) becomes a product the shop shows; a CSV file with a bad row is checked, imported,
 * and its report names the bad row and why. axe on the screen with its results.
 *
 * Imports add products, so these run on the shop the card-counting journeys do not use (the one
 * with email verification on), as admin-shop.spec.ts does. Both browsers share that server and its
 * import folder: every folder and row here has a name of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { VERIFYING_PORT } from '../playwright.config.ts';
import { dataDirOf } from './cache-dirs.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { signedInAsOwner } from './shoppers.ts';

test.use({ baseURL: `http://localhost:${VERIFYING_PORT}` });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The server's IMPORT_DIR: its default under the port's DATA_DIR (e2e/serve.ts). */
const importDir = (baseURL: string) => path.join(dataDirOf(new URL(baseURL).port), 'import');

test('the owner imports a folder of photographs and finds the product in the shop', async ({ page, baseURL }) => {
  const id = unique();
  const folder = `temple-silk-${id}`;
  const dir = path.join(importDir(baseURL!), folder);
  fs.mkdirSync(dir, { recursive: true });
  const jpeg = (r: number) => sharp({ create: { width: 300, height: 400, channels: 3, background: { r, g: 31, b: 61 } } }).jpeg().toBuffer();
  fs.writeFileSync(path.join(dir, '2.jpg'), await jpeg(200));
  fs.writeFileSync(path.join(dir, '10.jpg'), await jpeg(100));
  fs.writeFileSync(path.join(dir, 'details.json'), JSON.stringify({ price: '₹2,499', key_highlights: { Fabric: 'Pure silk' } }));

  await signedInAsOwner(page);
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Store admin' }).getByRole('link', { name: 'Import' })).toHaveAttribute('aria-current', 'page');
  const row = page.getByRole('listitem').filter({ hasText: folder });
  await expect(row).toContainText('2 photographs · details.json');
  await row.getByRole('button', { name: `Import ${folder}` }).click();
  const name = `Temple Silk ${id.charAt(0).toUpperCase()}${id.slice(1)}`;
  await expect(row.getByRole('status')).toContainText(`Created “${name}” with 2 photographs.`);
  await expect(row.getByRole('button', { name: `Import again ${folder}` })).toBeVisible();
  await expectNoSeriousViolations(page);

  await row.getByRole('link', { name: 'See it in the shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('₹2,499').first()).toBeVisible();
  await expect(page.getByText('15 Days Returns & Exchange')).toBeAttached();
});

test('a CSV file with a bad row: checked first, imported, and the report says which row and why', async ({ page }) => {
  const id = unique();
  const csv = [
    'handle,name,price,categories,material',
    `${id}-kurta,Block Print Kurta ${id},1299,kurtas,cotton`,
    `${id}-bad,Mispriced Kurta ${id},abc,,silk`,
    `${id}-saree,Chanderi Saree ${id},"₹3,200",chanderi-sarees,silk`,
  ].join('\r\n');

  await signedInAsOwner(page);
  await page.goto('/admin/import');
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
  await page.getByRole('button', { name: 'Check without importing' }).click();
  await expect(page.getByRole('alert')).toContainText('Checked 3 rows; nothing was written. 2 would be created, 0 updated, 0 unchanged, 1 refused.');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/Import finished: 3 rows in ([\d.]+ s|under a second)\. 2 created, 0 updated, 0 unchanged, 1 refused\./);
  const table = page.getByRole('table', { name: 'Each row of the file and what became of it' });
  // Refused rows first, with the row's line in the file and the first failing field's message.
  await expect(table.getByRole('row').nth(1)).toContainText('3');
  await expect(table.getByRole('row').nth(1)).toContainText('Refused');
  await expect(table.getByRole('row').nth(1)).toContainText('price: Enter the price in rupees, such as 1299 or 1299.50.');
  await expect(table.getByRole('row').filter({ hasText: 'Created' })).toHaveCount(2);
  await expect(page.getByText('Not imported (not product fields): material.')).toBeVisible();
  await expectNoSeriousViolations(page);

  await table.getByRole('link', { name: `Chanderi Saree ${id}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Chanderi Saree ${id}` })).toBeVisible();
});
