/**
 * Screenshots of pages at phone (390 px) and desktop (1280 px) widths, for looking at what we build:
 *   npx tsx scripts/screenshots.ts http://localhost:3000 /products /products?search=silk
 * Files go to ./screenshots/ (ignored by git).
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && fs.existsSync(p));
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
fs.mkdirSync('screenshots', { recursive: true });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 800 } });
  for (const p of paths.length ? paths : ['/products']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const name = `screenshots/${p.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await page.close();
}
await browser.close();
