/**
 * The shop's own folder (where its package.json is), found from the running file, whether that is
 * TypeScript in src/server or the compiled server in dist/server, and never from the working
 * directory. What the server reads at run time lives under it: the migrations (drizzle/) and the
 * built web app (dist/web).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'vastra';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === PACKAGE_NAME) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Vastra's package.json was not found above ${from}`);
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
