/** The shop served from this process on a free port, for the standalone benchmarks (import, invoices). */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from '../src/server/app.ts';
import { composeShop } from '../src/server/compose.ts';
import type { Database } from '../src/server/db/client.ts';
import { listen } from '../src/server/http/listen.ts';

export async function serveInProcess(database: Database, workDir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const imagesDir = path.join(workDir, 'images');
  fs.mkdirSync(imagesDir, { recursive: true });
  const app = createApp(composeShop({ db: database.db, config: { imagesDir, importDir: path.join(workDir, 'import'), authSecret: 'vastra-bench-secret-for-sessions-only' } }));
  const server = listen(app.fetch, 0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
