/**
 * The real server for browser tests, on a fresh embedded database each run. Pictures are kept in
 * node_modules/.cache between runs, since making them is the slow part and they never change.
 */
import fs from 'node:fs';
import path from 'node:path';

// One data folder per port, so two test runs side by side do not wipe each other's database.
const dataDir = path.resolve(`node_modules/.cache/vastra-e2e/data-${process.env.PORT ?? 3100}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.IMAGES_DIR = path.resolve('node_modules/.cache/vastra-e2e/images');
delete process.env.DATABASE_URL;

await import('../src/server/index.ts');
