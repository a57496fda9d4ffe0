/**
 * npm start: builds the web app and the server if they are missing or older than their sources
 * (scripts/build-lib.mjs), then runs the compiled server (dist/server/index.js). An unchanged shop
 * goes straight to the server; several started at once build once (docs/decisions/0015).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './build-lib.mjs';

try {
  await ensureBuilt(['web', 'ssr', 'server']);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'dist', 'server', 'index.js')).href);
