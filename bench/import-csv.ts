/**
 * npx tsx bench/import-csv.ts [--rows 10000]
 *
 * Times the CSV import (docs/decisions/0013-product-import.md) through the real HTTP API over a
 * socket, on a fresh database: PGlite in a temp folder, or, with DATABASE_URL set, a throwaway
 * database on that PostgreSQL server (dropped afterwards). The database is migrated and given the
 * demo catalog's categories and collections; an owner signs up and is made admin; then the same
 * generated file goes up four times: a dry run, the first import (every row created), the same file
 * again (every row unchanged) and with every price changed (every row updated). Each prints its
 * seconds, rows per second and the time to the first progress line.
 *
 * Standalone (not part of `npm run bench`): the server runs in this process, as PGlite does in
 * production, and the client only streams one upload, so it costs the server little.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CsvLine, CsvReport } from '../src/shared/admin-import.contract.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemoCatalogOnce } from '../src/server/db/seed/demo.ts';
import { createOwners } from '../src/server/modules/admin/owners.service.ts';
import { serveInProcess } from './in-process.ts';
import { createThrowawayDb, locationEnv, openFromEnv } from './throwaway-db.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' } } });
const ROWS = Number(values.rows);
if (!Number.isInteger(ROWS) || ROWS < 1 || ROWS > 50_000) {
  console.error('--rows takes a whole number from 1 to 50000');
  process.exit(2);
}

const CATEGORIES = ['silk-sarees', 'cotton-sarees', 'linen-sarees', 'kurtas', 'lehengas', 'dupattas'];
const COLLECTIONS = ['festive', 'summer', 'bridal', 'party-wear', 'daily-wear'];
const DESCRIPTION = 'Handwoven by a family of weavers, finished by hand and checked twice before it is packed. ';

/** A file like a real catalogue's: every column filled, texts of a few hundred characters. */
function csvFile(rows: number, priceShift = 0): string {
  const lines = ['handle,name,price,offer_price,availability,description,key_highlights,full_description,manufacture_and_care,featured,categories,collections'];
  for (let i = 0; i < rows; i++) {
    const price = 999 + ((i * 37) % 9000) + priceShift;
    lines.push(
      [
        `bench-${i}`,
        `Bench Saree ${i}`,
        `"₹${price.toLocaleString('en-IN')}"`,
        i % 3 === 0 ? String(price - 100) : '',
        i % 10 === 0 ? 'Only a few left' : 'In Stock',
        `"${DESCRIPTION.repeat(2).trim()}"`,
        'Fabric: Silk | Length: 6.3 m | Weave: Handloom',
        `"${DESCRIPTION.repeat(8).trim()}"`,
        'Dry clean only.',
        i % 25 === 0 ? 'yes' : 'no',
        `${CATEGORIES[i % CATEGORIES.length]}|sarees`,
        COLLECTIONS[i % COLLECTIONS.length],
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function upload(origin: string, cookie: string, body: string, dryRun: boolean) {
  const started = performance.now();
  let firstProgress = 0;
  const res = await fetch(`${origin}/api/admin/uploads/csv?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Cookie: cookie },
    body,
  });
  if (!res.ok || !res.body) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  let buffered = '';
  let report: CsvReport | undefined;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffered += chunk.value;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const text of lines.filter(Boolean)) {
      const line = JSON.parse(text) as CsvLine;
      if (line.type === 'progress' && line.done > 0 && !firstProgress) firstProgress = performance.now() - started;
      if (line.type === 'error') throw new Error(line.message);
      if (line.type === 'report') report = line;
    }
  }
  if (!report) throw new Error('no report');
  return { seconds: (performance.now() - started) / 1000, firstProgress: firstProgress / 1000, report };
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-import-bench-'));
const throwaway = await createThrowawayDb(workDir, process.env.DATABASE_URL);
const database = await openFromEnv(locationEnv(throwaway.location));
try {
  console.log(`Database: ${throwaway.label}`);
  const prepStarted = performance.now();
  await migrate(database);
  await seedDemoCatalogOnce(database.db);
  console.log(`Migrated and seeded in ${((performance.now() - prepStarted) / 1000).toFixed(1)} s`);

  const { origin, close } = await serveInProcess(database, workDir);

  const email = `owner.${Date.now()}@example.com`;
  const signup = await fetch(`${origin}/api/accounts/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Lakshmi', lastName: 'Iyer', email, phone: '9876543210', gender: 'female', password: 'Owner@2026' }),
  });
  if (signup.status !== 200) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const cookie = signup.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0]!;
  await createOwners(database.db).setOwner(email, true);

  const file = csvFile(ROWS);
  console.log(`\nCSV of ${ROWS.toLocaleString('en-IN')} rows, ${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB\n`);
  console.log('run                      seconds   rows/s   first progress   outcome');
  const runs: [string, string, boolean][] = [
    ['dry run', file, true],
    ['first import (created)', file, false],
    ['same file (unchanged)', file, false],
    ['new prices (updated)', csvFile(ROWS, 1), false],
  ];
  for (const [label, body, dryRun] of runs) {
    const { seconds, firstProgress, report } = await upload(origin, cookie, body, dryRun);
    const c = report.counts;
    console.log(
      `${label.padEnd(24)} ${seconds.toFixed(1).padStart(7)} ${Math.round(ROWS / seconds).toLocaleString('en-IN').padStart(8)} ${`${firstProgress.toFixed(2)} s`.padStart(16)}   ` +
        `${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.refused} refused`,
    );
  }
  await close();
} finally {
  await database.close().catch(() => {});
  await throwaway.dispose();
  fs.rmSync(workDir, { recursive: true, force: true });
}
