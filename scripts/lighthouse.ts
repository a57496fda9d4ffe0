/**
 * npm run lighthouse [-- --strict] [--runs N] [--no-build]: Lighthouse 12 (mobile preset: its default
 * config, a Moto G Power-sized screen, simulated slow 4G and 4x CPU slowdown) on a production build
 * served by the real server, both from a snapshot of the sources (lighthouse-server.ts says why), for
 * /, /products, one product page and one with 200 reviews and 50 photographs (issue 51), first drawn in the browser (before issue 19), then drawn on the
 * server, in the same run. Each page is run 3 times, each run in a fresh headless Chromium;
 * the median of each category score is printed beside the budgets, with the metrics of the
 * median-performance run, whose JSON and HTML reports go to ./lighthouse-reports/. Report only; with
 * --strict the exit code is 1 when a budget is missed (2 when the run itself fails).
 * See docs/decisions/0005-lighthouse.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import { printHomeInitialJs, printFailingAudits, printTable, summarise, CATEGORIES, type PageResult } from './lighthouse-report.ts';
import { chromiumPath, removeSnapshot, snapshot, startServer, type RunningServer, type Snapshot } from './lighthouse-server.ts';
import { seedReviewedProduct } from './lighthouse-reviews.ts';
import { e2eImagesDir } from '../e2e/cache-dirs.ts';
import { REVIEWED_COUNT, REVIEWED_PHOTOS } from '../bench/seed-reviews.ts';

const args = process.argv.slice(2);
const strict = args.includes('--strict');
// --no-build measures the repository's dist/web as it is, instead of a fresh build of the sources.
const skipBuild = args.includes('--no-build');
const runsAt = args.findIndex((a) => a.startsWith('--runs'));
const runsValue = runsAt < 0 ? undefined : (args[runsAt]!.split('=')[1] ?? args[runsAt + 1]);
const RUNS = Math.max(1, Math.floor(Number(runsValue ?? 3)) || 3);
const REPORTS = path.resolve('lighthouse-reports');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server: RunningServer | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let snap: Snapshot | undefined;

async function cleanUp(): Promise<void> {
  chrome?.kill();
  chrome = undefined;
  await server?.stop();
  server = undefined;
  if (snap) removeSnapshot(snap.root);
  snap = undefined;
}

process.on('SIGINT', () => {
  console.log('\nInterrupted; stopping Chromium and the server.');
  void cleanUp().finally(() => process.exit(130));
});
process.on('SIGTERM', () => void cleanUp().finally(() => process.exit(143)));

/** One Lighthouse run in a Chromium of its own, as the Lighthouse CLI does (no cache or state carried over). */
async function runOnce(url: string, chromePath: string): Promise<Result> {
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
    chrome = undefined;
  }
}

async function productPath(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/products?offset=0&limit=1`);
  const body = (await res.json()) as { items?: { id: number }[] };
  const id = body.items?.[0]?.id;
  if (id === undefined) throw new Error('The catalog has no products to pick a product page from.');
  return `/product/${id}`;
}

const reportName = (p: string) => (p === '/' ? 'home' : p.slice(1).replace(/\//g, '-'));

/** Each page RUNS times with the server as it is set; the results per page. */
async function measure(origin: string, pages: string[], chromePath: string, label: string): Promise<PageResult[]> {
  console.log(`\n${label}:`);
  const results: PageResult[] = [];
  for (const p of pages) {
    const runs: Result[] = [];
    for (let i = 1, failures = 0; i <= RUNS; i++) {
      const lhr = await runOnce(origin + p, chromePath);
      const perf = lhr.categories.performance?.score;
      const error = lhr.runtimeError ? ` (${lhr.runtimeError.code}: ${lhr.runtimeError.message})` : '';
      console.log(`  ${p} run ${i}/${RUNS}: performance ${perf == null ? 'n/a' : Math.round(perf * 100)}${error}`);
      runs.push(lhr);
      // A run Lighthouse could not record (NO_NAVSTART and the like, under load) is run again, twice at most.
      if (lhr.runtimeError && ++failures <= 2) i--;
    }
    results.push(summarise(p, runs));
  }
  return results;
}

/**
 * Before and after in the same run (issue 19): the pages drawn in the browser (DRAW_ON_SERVER=false,
 * as before), then drawn on the server; the budgets are held against the second.
 */
async function main(): Promise<number> {
  const chromePath = chromiumPath();
  snap = snapshot(!skipBuild);
  const busy = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;
  const both: Record<'before' | 'after', PageResult[]> = { before: [], after: [] };
  // The first start migrates and seeds the demo catalog; issue 51's reviewed product is written beside it while the server is stopped.
  server = await startServer(snap, { drawOnServer: true });
  const product = await productPath(server.origin);
  await server.stop();
  server = undefined;
  const reviewed = await seedReviewedProduct(snap.dataDir, e2eImagesDir, Number(product.split('/').at(-1)));
  const pages = ['/', '/products', product, `/product/${reviewed}`];
  console.log(`Chromium: ${chromePath}. Lighthouse runs: ${RUNS} per page, ${pages.join(', ')} (${REVIEWED_COUNT} reviews, ${REVIEWED_PHOTOS} with a photograph).`);
  console.log(`Machine: ${busy()} (performance reads low on a busy machine).`);
  for (const [when, drawOnServer] of [['before', false], ['after', true]] as const) {
    server = await startServer(snap, { drawOnServer });
    both[when] = await measure(server.origin, pages, chromePath, drawOnServer ? 'Drawn on the server (DRAW_ON_SERVER=true)' : 'Drawn in the browser (DRAW_ON_SERVER=false, before issue 19)');
    await server.stop();
    server = undefined;
  }
  const results = both.after;
  fs.mkdirSync(REPORTS, { recursive: true });
  for (const r of results) {
    const base = path.join(REPORTS, reportName(r.path));
    fs.writeFileSync(`${base}.report.json`, JSON.stringify(r.median, null, 2));
    fs.writeFileSync(`${base}.report.html`, generateReport(r.median, 'html'));
  }

  console.log(`Machine after the runs: ${busy()}.`);
  console.log('\nBefore: drawn in the browser');
  printTable(both.before);
  console.log('\nAfter: drawn on the server (the budgets below hold against these)');
  const scoresHold = printTable(results);
  const js = printHomeInitialJs(results[0]!.median, snap.webDir);
  printFailingAudits(results);
  console.log(`\nReports of the median runs (drawn on the server): ${path.relative(process.cwd(), REPORTS)}/`);
  const allHold = scoresHold && js.ok;
  console.log(allHold ? 'All budgets hold.' : `Some budgets are missed${strict ? ' (--strict: failing).' : ' (report only; --strict fails the run).'}`);
  return allHold || !strict ? 0 : 1;
}

main().then(
  async (code) => {
    await cleanUp();
    process.exit(code);
  },
  async (err: unknown) => {
    console.error(err instanceof Error ? `${err.message}${err.cause ? `\n${String(err.cause)}` : ''}` : err);
    await cleanUp();
    process.exit(2);
  },
);
