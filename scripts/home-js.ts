/**
 * Home's initial JavaScript, as docs/decisions/0006 defines it: what must arrive before home can
 * draw, i.e. the entry chunk, React's DOM renderer (which the entry imports one task later), the
 * home route's chunk and everything they import statically (from
 * Vite's build manifest), each sized as the gzip -9 of the built file; 1 KB = 1000 bytes, as Vite
 * prints. `npm test` checks it after the build; `npm run lighthouse` prints it beside its scores.
 * `npm test` also checks here that no public screen loads zod as it opens (decision 0035).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REACT_DOM } from '../src/server/web/preloads.ts';
import { SCREENS } from '../src/shared/screens.ts';

/**
 * Issue 19's budget, which home meets since decision 0031 (109.7 KB). `npm test` holds it, so a
 * change that adds to every shopper's first download fails there.
 */
export const JS_BUDGET_KB = 110;

export interface InitialJs {
  kb: number;
  files: { file: string; kb: number }[];
  /** Whether React's DOM renderer is a chunk the entry asks for later, not one it imports. */
  apart: boolean;
  ok: boolean;
}

export const gzipKb = (webDir: string, file: string) => zlib.gzipSync(fs.readFileSync(path.join(webDir, file)), { level: 9 }).length / 1000;

type Manifest = Record<string, { file: string; imports?: string[] }>;

const readManifest = (webDir: string) => JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** The files the manifest's chunks import statically, themselves included. */
function staticFiles(manifest: Manifest, ...keys: string[]): Set<string> {
  const found = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || found.has(chunk.file)) return;
    found.add(chunk.file);
    chunk.imports?.forEach(walk);
  };
  keys.forEach(walk);
  return found;
}

export function homeInitialJs(webDir: string): InitialJs {
  const manifest = readManifest(webDir);
  const filesOf = (...keys: string[]) => staticFiles(manifest, ...keys);
  const files = [...filesOf('index.html', REACT_DOM, 'routes/home.tsx')].map((file) => ({ file, kb: gzipKb(webDir, file) }));
  const kb = files.reduce((sum, f) => sum + f.kb, 0);
  // React's DOM renderer runs in a task of its own only while the entry does not import it itself.
  const renderer = manifest[REACT_DOM]?.file;
  const apart = renderer !== undefined && !filesOf('index.html').has(renderer);
  return { kb, files, apart, ok: kb <= JS_BUDGET_KB && apart };
}

/**
 * The public screens (drawn on the server) whose first download holds zod. None should: zod's
 * code and the schemas a contract builds as its module loads held a budget phone's main thread
 * for a long task as a product page was taken over (decision 0035). Forms load it with their
 * screens; a check a public page needs is a plain function beside the contract that uses it.
 */
export function publicScreensWithZod(webDir: string): string[] {
  const manifest = readManifest(webDir);
  const holdsZod = (file: string) => fs.readFileSync(path.join(webDir, file), 'utf8').includes('$ZodType');
  const chunks = [...new Set(SCREENS.filter((s) => s.access === 'public' && !('noindex' in s)).map((s) => s.chunk))];
  // A screen missing from the build is named too: the check would otherwise pass over it.
  return chunks.filter((chunk) => !manifest[chunk] || [...staticFiles(manifest, 'index.html', chunk)].some(holdsZod));
}

/** The one line both scripts print. */
export const budgetLine = (js: InitialJs) =>
  `home initial JS: ${js.kb.toFixed(1)} KB gzip (budget ${JS_BUDGET_KB} KB, issue 19's, held by npm test: ${js.kb <= JS_BUDGET_KB ? 'holds' : 'MISSED'})` +
  (js.apart ? '' : `; React's DOM renderer is not a chunk apart from the entry (${REACT_DOM}, src/web/main.tsx) MISSED`);

// `tsx scripts/home-js.ts [webDir]`: prints the figure and its files; exits 1 over the budget.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const js = homeInitialJs(process.argv[2] ?? 'dist/web');
  console.log(budgetLine(js));
  for (const f of js.files) console.log(`  ${f.kb.toFixed(1).padStart(6)} KB  /${f.file}`);
  const withZod = publicScreensWithZod(process.argv[2] ?? 'dist/web');
  console.log(
    withZod.length === 0
      ? 'public screens load no zod as they open (decision 0035): holds'
      : `public screens that load zod as they open (decision 0035): ${withZod.join(', ')} MISSED`,
  );
  process.exit(js.ok && withZod.length === 0 ? 0 : 1);
}
