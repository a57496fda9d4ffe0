/** npm run build: the web app and the server, built afresh (waiting for any other build under way). */
import { ensureBuilt } from './build-lib.mjs';

try {
  await ensureBuilt(['web', 'ssr', 'server'], { force: true });
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
