/**
 * Records the API's answers a set of drawn pages ask for, from the demo catalog on an in-memory
 * PGlite, into a JSON file that bench/draw-replay.ts replays: the drawing alone can then be timed
 * with no database or API in the process (decision 0044).
 * `npx tsx bench/draw-record.ts OUT.json [dist/ssr]`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../src/server/app.ts';
import { composeShop } from '../src/server/compose.ts';
import { openPglite } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemoCatalogOnce } from '../src/server/db/seed/demo.ts';
import { ensurePinDirectory } from '../src/server/modules/delivery/pin-directory.ts';
import type { ApiAnswer } from '../src/shared/in-process-api.ts';
import type { render as Render } from '../src/web/drawing/entry-server.tsx';

const [out = 'draw-answers.json', ssrDir = 'dist/ssr'] = process.argv.slice(2);
const database = await openPglite({});
await migrate(database);
await ensurePinDirectory(database.db);
await seedDemoCatalogOnce(database.db);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-draw-record-'));
const app = createApp(composeShop({ db: database.db, config: { imagesDir: path.join(workDir, 'images'), importDir: path.join(workDir, 'import'), authSecret: 'vastra-bench-secret-for-sessions-only' } }));
const { render } = (await import(pathToFileURL(path.resolve(ssrDir, 'entry-server.js')).href)) as { render: typeof Render };

const answers: Record<string, ApiAnswer> = {};
const api = async (asked: string): Promise<ApiAnswer> => {
  const res = await app.request(asked, { headers: { accept: 'application/json' } });
  return (answers[asked] = { status: res.status, body: await res.text() });
};
const { items } = JSON.parse((await api('/api/products?limit=30')).body) as { items: { id: number }[] };
const pages = ['/', '/products', ...items.map((p) => `/product/${p.id}`)];
for (const page of pages) {
  const drawn = await render(`http://localhost${page}`, api, (error) => console.error(page, error));
  if (!drawn) throw new Error(`${page} was not drawn`);
}
fs.writeFileSync(out, JSON.stringify({ pages, answers }));
console.log(`${pages.length} pages, ${Object.keys(answers).length} answers recorded in ${out}`);
await database.close();
fs.rmSync(workDir, { recursive: true, force: true });
