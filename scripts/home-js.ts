/**
 * Home's initial JavaScript, as docs/decisions/0006 defines it: what must arrive before home can
 * draw, i.e. the entry chunk, React's DOM renderer (which the entry imports one task later), the
 * home route's chunk and everything they import statically (from
 * Vite's build manifest), each sized as the gzip -9 of the built file; 1 KB = 1000 bytes, as Vite
 * prints. `npm test` checks it after the build; `npm run lighthouse` prints it beside its scores.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REACT_DOM } from '../src/server/web/preloads.ts';

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

export function homeInitialJs(webDir: string): InitialJs {
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const filesOf = (...keys: string[]) => {
    const found = new Set<string>();
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || found.has(chunk.file)) return;
      found.add(chunk.file);
      chunk.imports?.forEach(walk);
    };
    keys.forEach(walk);
    return found;
  };
  const files = [...filesOf('index.html', REACT_DOM, 'routes/home.tsx')].map((file) => ({ file, kb: gzipKb(webDir, file) }));
  const kb = files.reduce((sum, f) => sum + f.kb, 0);
  // React's DOM renderer runs in a task of its own only while the entry does not import it itself.
  const renderer = manifest[REACT_DOM]?.file;
  const apart = renderer !== undefined && !filesOf('index.html').has(renderer);
  return { kb, files, apart, ok: kb <= JS_BUDGET_KB && apart };
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
  process.exit(js.ok ? 0 : 1);
}
