/**
 * npm run admin / seed / backup / restore: the server's commands, compiled like the server (built first if the
 * sources changed). `node scripts/run-command.mjs admin-cli grant asha@example.com`
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, root } from './build-lib.mjs';

const COMMANDS = new Set(['admin-cli', 'seed-cli', 'backup-cli', 'restore-cli']);
const [command] = process.argv.splice(2, 1);
if (!COMMANDS.has(command)) {
  console.error(`Usage: node scripts/run-command.mjs ${[...COMMANDS].join('|')} [arguments]`);
  process.exit(2);
}
try {
  await ensureBuilt(['server']);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
// The command reads its own arguments from process.argv, as if it had been started directly.
await import(pathToFileURL(path.join(root, 'dist', 'server', `${command}.js`)).href);
