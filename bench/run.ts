/**
 * npm run bench [-- --products N] [--duration S] [--connections C] [--checkout-shoppers N] [--only A,B]
 * (--only "Buy Now": the ceiling and the checkouts named so, nothing else: the offers' budget, in minutes)
 *
 * Measures the real app over a real socket against a throwaway database (see throwaway-db.ts):
 * seeds N products, picks honest search terms from the data, starts the server in one child
 * process (serve.ts) and autocannon in another (load.ts), runs the scenarios of scenarios.ts one
 * after another, then the checkout at --checkout-shoppers concurrent shoppers (default 50; 0 skips
 * it) with its own driver in a third child (checkout-load.ts), holds what the shoppers were answered
 * against SQL counts of orders, payments and mails (checkout-check.ts), prints the table and the
 * budgets, and always cleans up, on Ctrl-C too.
 * Exits non-zero only when the benchmark could not run; missed budgets are just reported.
 */
import { ensureBuilt } from '../scripts/build-lib.mjs';
import { benchInvoices } from './invoices.ts';
import { benchParcels } from './parcels.ts';
import { benchTwoServers, TWO_SERVERS_NAME } from './two-servers.ts';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkCheckout, checkCod, type CheckoutCheck } from './checkout-check.ts';
import { benchCraftedAddresses, CRAFTED_COUNT, CRAFTED_NAME, describeCrafted } from './crafted-addresses.ts';
import {
  BUMP_INTERVAL_MS,
  type CheckoutAudit,
  type CheckoutResult,
  type CheckoutStep,
  type CodAudit,
  type FromCheckout,
  type FromLoad,
  type FromPrepare,
  type FromServer,
  type LoadRequest,
  type LoadResult,
  type MemoryReading,
  type ToCheckout,
  type ToServer,
} from './messages.ts';
import { formatResults, type Row } from './report.ts';
import { buildScenarios, checkoutScenarios, DRAWING_WARMUP_SECONDS, LIST_NAME, type Scenario } from './scenarios.ts';
import { exited, message } from './ipc.ts';
import { fillCart, signUpShopper } from './bench-shopper.ts';
import { ServerLog } from './server-log.ts';
import { createThrowawayDb, locationEnv, type ThrowawayDb } from './throwaway-db.ts';
import type { Workload } from './workload.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const WARMUP_SECONDS = 2;

function options() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      'checkout-shoppers': { type: 'string', default: '50' },
      // Only the scenarios and checkouts whose names contain one of these (and the ceiling); no invoices.
      only: { type: 'string' },
    },
  });
  const whole = (name: string, v: string, min: number, max: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} takes a whole number from ${min} to ${max}`);
    return n;
  };
  return {
    products: whole('products', values.products, 1, 10_000_000),
    duration: whole('duration', values.duration, 1, 3600),
    connections: whole('connections', values.connections, 1, 10_000),
    checkoutShoppers: whole('checkout-shoppers', values['checkout-shoppers'], 0, 1000),
    only: values.only?.split(',').map((s) => s.trim()).filter(Boolean),
  };
}

class UsageError extends Error {}

// ---- everything that must be undone, however the run ends ----
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-bench-'));
let throwaway: ThrowawayDb | undefined;
let prepare: ChildProcess | undefined;
let server: ChildProcess | undefined;
let serverLog: ServerLog | undefined;
let load: ChildProcess | undefined;
let checkoutLoad: ChildProcess | undefined;
let cleaning: Promise<void> | undefined;
let interrupted = false;

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then(() => undefined), new Promise<void>((r) => setTimeout(r, ms).unref())]);

async function stopChild(child: ChildProcess | undefined, polite?: ToServer): Promise<void> {
  if (!child) return;
  if (polite && child.connected) child.send(polite);
  else child.kill('SIGTERM');
  await within(exited(child), 5000);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    const problems: string[] = [];
    const attempt = async (what: string, f: () => Promise<void>) => {
      try {
        await f();
      } catch (err) {
        problems.push(`${what}: ${(err as Error).message}`);
      }
    };
    await attempt('stop the seeding process', () => stopChild(prepare));
    await attempt('stop the load generator', () => stopChild(load));
    await attempt('stop the checkout driver', () => stopChild(checkoutLoad));
    serverLog?.loud();
    await attempt('stop the server', () => stopChild(server, { type: 'close' }));
    await attempt('drop the throwaway database', async () => {
      await throwaway?.dispose();
    });
    await attempt('remove the temp dir', async () => fs.rmSync(workDir, { recursive: true, force: true }));
    if (problems.length) {
      console.error(`Cleanup problems:\n  ${problems.join('\n  ')}`);
      process.exitCode = 1;
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping, dropping the throwaway database...`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Seeding and choosing the workload, in a child process (see prepare.ts for why). */
async function prepareDatabase(db: ThrowawayDb, products: number): Promise<FromPrepare> {
  const env = { ...process.env, ...locationEnv(db.location), BENCH_PRODUCTS: String(products) };
  prepare = fork(path.join(here, 'prepare.ts'), [], { env, stdio: 'inherit' });
  const prepared = await message<FromPrepare>(prepare, (m) => m.type === 'prepared', 'seeding the database');
  await exited(prepare); // it closes the database first: PGlite, the server opens the folder next
  if (prepare.exitCode !== 0) throw new Error(`seeding the database: the process exited with code ${prepare.exitCode}`);
  return prepared;
}

async function startServer(db: ThrowawayDb): Promise<{ child: ChildProcess; origin: string; bareOrigin: string; bucketOrigin: string; photo: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...locationEnv(db.location), BENCH_IMAGES_DIR: path.join(workDir, 'images') };
  fs.mkdirSync(env.BENCH_IMAGES_DIR!, { recursive: true });
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there as it stops (for `--cpu-prof`'s viewers).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  // --expose-gc: the crafted addresses' row reads memory after a full collection.
  const child = fork(path.join(here, 'serve.ts'), [], { env, stdio: ['ignore', 'inherit', 'pipe', 'ipc'], execArgv: [...process.execArgv, ...profile, '--expose-gc'] });
  server = child;
  serverLog = new ServerLog(child.stderr!);
  const m = await message<FromServer>(child, (x) => x.type === 'listening', 'starting the server');
  serverLog.quiet();
  const { port, barePort, bucketPort, photo } = m as Extract<FromServer, { type: 'listening' }>;
  return { child, origin: `http://127.0.0.1:${port}`, bareOrigin: `http://127.0.0.1:${barePort}`, bucketOrigin: `http://127.0.0.1:${bucketPort}`, photo };
}

/** The shop, the bare Node server beside it in the same process, and the shop with its photographs in the local S3 (serve.ts). */
interface Origins {
  shop: string;
  bare: string;
  bucket: string;
}

/** The server process's CPU time so far, in microseconds. */
async function serverCpu(): Promise<number> {
  const answer = message<FromServer>(server!, (x) => x.type === 'cpu', "reading the server's CPU time");
  server!.send({ type: 'cpu' } satisfies ToServer);
  return ((await answer) as { micros: number }).micros;
}

/** The server's memory after two full collections. */
async function serverMemory(): Promise<MemoryReading> {
  const answer = message<FromServer>(server!, (x) => x.type === 'memory', "reading the server's memory");
  server!.send({ type: 'memory' } satisfies ToServer);
  return ((await answer) as { reading: MemoryReading }).reading;
}

/** Waits until the server has finished the requests autocannon hung up on. */
async function drainServer(): Promise<{ inflight: number; ms: number }> {
  const drained = message<FromServer>(server!, (x) => x.type === 'drained', 'waiting for the server to finish');
  server!.send({ type: 'drain' } satisfies ToServer);
  return (await drained) as { inflight: number; ms: number };
}

/** Runs of each of these scenarios, TURNS of them, in turns (the order reversed every other round); each row is its median run by req/s. */
const TURNS = 3;
async function runInTurns(origins: Origins, scenarios: Scenario[], opts: ReturnType<typeof options>): Promise<Row[]> {
  const runs = new Map<Scenario, Row[]>(scenarios.map((s) => [s, []]));
  for (let turn = 0; turn < TURNS; turn++) {
    for (const s of turn % 2 ? [...scenarios].reverse() : scenarios) {
      process.stdout.write(`  running (turn ${turn + 1} of ${TURNS}): ${s.name} ... `);
      const row = await runScenario(origins, s, opts);
      runs.get(s)!.push(row);
      console.log(`${Math.round(row.result.reqPerSec)} req/s, ${row.cpuMicrosPerAnswer?.toFixed(0) ?? '-'} µs CPU/answer`);
    }
  }
  return scenarios.map((s) => {
    const sorted = [...runs.get(s)!].sort((a, b) => a.result.reqPerSec - b.result.reqPerSec);
    return { ...sorted[Math.floor(sorted.length / 2)]!, turns: runs.get(s)!.map((r) => r.result.reqPerSec) };
  });
}

async function runScenario(origins: Origins, scenario: Scenario, opts: ReturnType<typeof options>): Promise<Row> {
  load ??= fork(path.join(here, 'load.ts'), [], { stdio: 'inherit' });
  if (scenario.uncached) server!.send({ type: 'bump', on: true } satisfies ToServer);
  const request: LoadRequest = {
    type: 'run',
    paths: scenario.paths,
    ...(scenario.post !== undefined && { method: 'POST', body: JSON.stringify(scenario.post) }),
    ...(scenario.methods && { methods: scenario.methods }),
    headers: { ...scenario.headers, ...(scenario.post !== undefined && { 'content-type': 'application/json' }) },
    origin: scenario.bare ? origins.bare : scenario.bucket ? origins.bucket : origins.shop,
    connections: opts.connections,
    durationSeconds: opts.duration,
    warmupSeconds: scenario.warmupSeconds ?? WARMUP_SECONDS,
  };
  const cpuBefore = await serverCpu();
  const answer = message<FromLoad>(load, () => true, `load test "${scenario.name}"`);
  load.send(request);
  const m = await answer;
  if (m.type === 'error') throw new Error(`load test "${scenario.name}": ${m.message}`);
  const row: Row = { scenario, result: m.result };
  if (scenario.uncached) {
    const bumped = message<FromServer>(server!, (x) => x.type === 'bumped', 'stopping the version bumps');
    server!.send({ type: 'bump', on: false } satisfies ToServer);
    const b = (await bumped) as { bumps: number; ms: number };
    row.bumps = { bumps: b.bumps, ms: b.ms };
  }
  row.drain = await drainServer();
  // The bare server shares the shop's process, idle meanwhile: the process's CPU is the bare server's.
  if (m.result.answered > 0) row.cpuMicrosPerAnswer = ((await serverCpu()) - cpuBefore) / m.result.answered;
  row.serverErrors = serverLog!.take();
  return row;
}

/** Asks the checkout driver one thing and waits for its answer. */
async function askCheckout(m: ToCheckout, what: string): Promise<FromCheckout> {
  const answer = message<FromCheckout>(checkoutLoad!, () => true, what);
  checkoutLoad!.send(m);
  const a = await answer;
  if (a.type === 'error') throw new Error(`${what}: ${a.message}`);
  return a;
}

/** Asks the server one thing about the checkout (it holds PGlite's files) and waits for its answer. */
async function askServer<T extends FromServer['type']>(m: ToServer, answers: T, what: string): Promise<Extract<FromServer, { type: T }>> {
  const answer = message<FromServer>(server!, (x) => x.type === answers || x.type === 'audit-failed', what);
  server!.send(m);
  const a = await answer;
  if (a.type === 'audit-failed') throw new Error(`${what}: ${a.message}`);
  return a as Extract<FromServer, { type: T }>;
}

/** What one checkout's shoppers were answered, held against SQL counts of its orders, payments and mails. */
async function checkScenario(name: string, r: CheckoutResult): Promise<CheckoutCheck> {
  const { audit } = await askServer({ type: 'audit', kind: r.kind }, 'audited', 'counting the orders');
  return r.kind === 'cod' ? checkCod(name, r, audit as CodAudit) : checkCheckout(name, r, audit as CheckoutAudit);
}

const ms = (x: number | null) => (x === null ? '-' : x.toFixed(1));

/** The checkout scenarios (scenarios.ts): sign-ups first, untimed; then each checkout, its rows and its check. */
async function runCheckouts(origin: string, productIds: number[], opts: ReturnType<typeof options>, chosen: typeof checkoutScenarios): Promise<Row[]> {
  checkoutLoad = fork(path.join(here, 'checkout-load.ts'), [], { stdio: 'inherit' });
  process.stdout.write(`  signing up ${opts.checkoutShoppers} checkout shoppers (scrypt, untimed), an address and a piece each ... `);
  const ready = await askCheckout({ type: 'setup', origin, shoppers: opts.checkoutShoppers, productIds }, 'setting up the checkout shoppers');
  if (ready.type !== 'ready') throw new Error(`setting up the checkout shoppers: unexpected answer ${ready.type}`);
  const verified = await askServer({ type: 'verify', emailPrefix: ready.emailPrefix }, 'verified', 'verifying the checkout shoppers');
  console.log(`${ready.seconds.toFixed(1)} s (${ready.products} distinct pieces in stock, ${ready.codProducts} payable on delivery; ${verified.shoppers} e-mails verified)`);
  const early = serverLog!.take();
  if (early.count) throw new Error(`the server failed while the checkout shoppers signed up: ${early.first ?? ''} ${early.cause ?? ''}`);

  const out: Row[] = [];
  for (const s of chosen) {
    // Issue 50: the offers are made, and the code applied by every shopper, only now: the runs before buy without them.
    if (s.kind === 'offer') {
      const { code } = await askServer({ type: 'offers', on: true }, 'offers-made', 'making the offers');
      const applied = await askCheckout({ type: 'apply-code', code: code! }, 'applying the code');
      if (applied.type !== 'code-applied') throw new Error(`applying the code: unexpected answer ${applied.type}`);
    }
    process.stdout.write(`  running: ${s.name} at ${opts.checkoutShoppers} shoppers ... `);
    const answer = await askCheckout(
      { type: 'run', kind: s.kind, durationSeconds: opts.duration, warmupSeconds: WARMUP_SECONDS },
      `checkout "${s.name}"`,
    );
    if (answer.type !== 'checked-out') throw new Error(`checkout "${s.name}": unexpected answer ${answer.type}`);
    const r = answer.result;
    const drain = await drainServer();
    const serverErrors = serverLog!.take();
    const check = await checkScenario(s.name, r);
    if (s.kind === 'offer') await askServer({ type: 'offers', on: false }, 'offers-made', 'ending the offers');
    const perSec = r.purchases / r.seconds;
    const rows = Object.entries(s.rows) as [CheckoutStep, string][];
    for (const [k, [step, name]] of rows.entries()) {
      const st = r.steps[step]!;
      const result: LoadResult = { requests: st.count, answered: st.count, seconds: r.seconds, reqPerSec: perSec, p50Ms: st.p50Ms, p99Ms: st.p99Ms, errors: st.errors, non2xx: st.non2xx };
      const last = k === rows.length - 1;
      out.push({
        scenario: { name },
        result,
        checkout: { shoppers: r.shoppers, ...(last && { check }) },
        ...(last && { drain, serverErrors }),
      });
    }
    const notes = [
      serverErrors.count ? `the server logged ${serverErrors.count} failed requests` : '',
      drain.ms > 500 ? `${(drain.ms / 1000).toFixed(1)} s to finish requests left over` : '',
      drain.inflight ? `${drain.inflight} STILL RUNNING` : '',
    ].filter(Boolean);
    console.log(
      `${perSec.toFixed(1)} purchases/s, ${rows.map(([step]) => `${step} p99 ${ms(r.steps[step]!.p99Ms)} ms`).join(', ')}; ` +
        `${check.clean ? '0 errors, 0 duplicates' : `NOT CLEAN: ${check.summary}`}${notes.length ? `; ${notes.join('; ')}` : ''}`,
    );
  }
  return out;
}

/** One request per scenario before any load: right status, and search totals equal to SQL's counts. */
async function preflight(origin: string, scenarios: Scenario[], w: Workload): Promise<void> {
  for (const s of scenarios) {
    // Every distinct request once (a like is set before it is taken back).
    for (const [i, p] of s.paths.entries()) {
      const post = s.post !== undefined && { method: 'POST', body: JSON.stringify(s.post) };
      const method = s.methods?.[i] ?? (post ? 'POST' : 'GET');
      const res = await fetch(origin + p, { ...post, method, headers: { ...s.headers, ...(post && { 'content-type': 'application/json' }) } });
      if (res.status !== 200) throw new Error(`${s.name}: ${method} ${p} answered ${res.status}: ${await res.text()}`);
      if (!s.methods) break;
    }
  }
  for (const t of [w.selective, w.broad]) {
    const res = await fetch(`${origin}/api/products/search?q=${encodeURIComponent(t.term)}`);
    const body = (await res.json()) as { total: number };
    if (body.total !== t.matches) throw new Error(`search "${t.term}": the API counts ${body.total}, SQL counted ${t.matches}`);
  }
}

const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(2)}%`;

function describeWorkload(w: Workload, total: number): string {
  const rot = (r: Workload['selectiveRotation']) =>
    `${r.terms.length} distinct terms matching ${r.minMatches}-${r.maxMatches} (${pct(r.minMatches, total)}-${pct(r.maxMatches, total)})`;
  return [
    `  selective term:   "${w.selective.term}" matches ${w.selective.matches} products (${pct(w.selective.matches, total)}; the candidate nearest 1%)`,
    `    uncached rotation: ${rot(w.selectiveRotation)}, e.g. ${w.selectiveRotation.terms.slice(0, 3).map((t) => `"${t}"`).join(', ')}`,
    `    filtered search's rotation: ${rot(w.filteredSearchRotation)}`,
    `  broad term:       "${w.broad.term}" matches ${w.broad.matches} products (${pct(w.broad.matches, total)})`,
    `    uncached rotation: ${rot(w.broadRotation)}, e.g. ${w.broadRotation.terms.slice(0, 3).map((t) => `"${t}"`).join(', ')}`,
    `  suggestion prefix: "${w.suggestion.term}" matches ${w.suggestion.matches} products (${pct(w.suggestion.matches, total)})`,
    `    uncached rotation: ${rot(w.suggestionRotation)}, e.g. ${w.suggestionRotation.terms.slice(0, 3).map((t) => `"${t}"`).join(', ')}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const opts = options();
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  throwaway = await createThrowawayDb(workDir, databaseUrl);
  console.log(`Vastra benchmark`);
  console.log(`  database:    throwaway, ${throwaway.label}`);
  console.log(`  products:    ${opts.products.toLocaleString('en-US')}`);
  console.log(`  load:        autocannon, ${opts.connections} connections, ${WARMUP_SECONDS} s warm-up (${DRAWING_WARMUP_SECONDS} s before a first render) + ${opts.duration} s per scenario`);
  if (opts.checkoutShoppers) {
    console.log(`  checkout:    ${opts.checkoutShoppers} shoppers buying in a closed loop (checkout-load.ts), ${WARMUP_SECONDS} s warm-up + ${opts.duration} s per checkout`);
  }
  console.log(`  processes:   server and load generators in separate child processes`);
  console.log(`  machine:     ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at start (other work on the machine skews results)`);

  const { seed, workload } = await prepareDatabase(throwaway, opts.products);
  console.log(
    `Seeded ${seed.total.toLocaleString('en-US')} products (${seed.demo} demo + ${seed.synthetic.toLocaleString('en-US')} synthetic) ` +
      `in ${seed.seedSeconds.toFixed(1)} s; VACUUM ANALYZE ${seed.vacuumAnalyzeSeconds.toFixed(1)} s.`,
  );
  console.log(`Workload (match counts by SQL):\n${describeWorkload(workload, seed.total)}`);

  // The drawn pages need the web app and its server build, as `npm start` has them.
  await ensureBuilt(['web', 'ssr']);
  const { origin, bareOrigin, bucketOrigin, photo } = await startServer(throwaway);
  const shopper = await signUpShopper(origin);
  const every = buildScenarios(workload, { ...shopper, cartIds: await fillCart(origin, shopper, workload.productIds), photo });
  const only = opts.only;
  const scenarios = only ? every.filter((s, i) => i === 0 || only.some((part) => s.name.includes(part))) : every;
  await preflight(origin, scenarios.filter((s) => !s.bare), workload);
  const early = serverLog!.take();
  if (early.count) throw new Error(`the server failed during the preflight requests: ${early.first ?? ''} ${early.cause ?? ''}`);
  console.log(`Server at ${origin}; uncached runs bump catalog_version every ${BUMP_INTERVAL_MS} ms.\n`);

  const rows: Row[] = [];
  const origins = { shop: origin, bare: bareOrigin, bucket: bucketOrigin };
  const inTurns = scenarios.filter((s) => s.inTurns);
  for (const s of scenarios) {
    if (s.inTurns) {
      if (s === inTurns[0]) rows.push(...(await runInTurns(origins, inTurns, opts)));
      continue;
    }
    process.stdout.write(`  running: ${s.name} ... `);
    const row = await runScenario(origins, s, opts);
    rows.push(row);
    const r: LoadResult = row.result;
    const notes = [
      row.serverErrors?.count ? `the server logged ${row.serverErrors.count} failed requests` : '',
      row.drain && row.drain.ms > 500 ? `${(row.drain.ms / 1000).toFixed(1)} s to finish requests left over` : '',
      row.drain?.inflight ? `${row.drain.inflight} STILL RUNNING` : '',
    ].filter(Boolean);
    console.log(`${Math.round(r.reqPerSec)} req/s, p99 ${r.p99Ms === null ? '-' : r.p99Ms.toFixed(1)} ms${notes.length ? `; ${notes.join('; ')}` : ''}`);
  }
  const checkouts = checkoutScenarios.filter((s) => !only || only.some((part) => s.name.includes(part)));
  if (opts.checkoutShoppers > 0 && checkouts.length > 0) {
    // Run last, so the scenarios above are measured as before; printed beside the list page.
    const checkoutRows = await runCheckouts(origin, workload.productIds, opts, checkouts);
    rows.splice(rows.findIndex((r) => r.scenario.name === LIST_NAME) + 1, 0, ...checkoutRows);
  }
  // Issue 53: a stranger's crafted filter addresses, last, so the load above is measured as before.
  let crafted: string[] = [];
  if (!only || only.some((part) => CRAFTED_NAME.includes(part))) {
    process.stdout.write(`  running: ${CRAFTED_NAME} (${CRAFTED_COUNT.toLocaleString('en-US')} distinct drawn pages) ... `);
    crafted = describeCrafted(await benchCraftedAddresses(origin, serverMemory));
    console.log('done');
  }
  console.log(`  machine load average at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(', ')} (1, 5, 15 min)`);
  console.log(`\nResults: ${throwaway.kind === 'pglite' ? 'PGlite' : 'PostgreSQL server'}, ${seed.total.toLocaleString('en-US')} products\n`);
  console.log(formatResults(rows));
  if (crafted.length) console.log(['', 'Memory (issue 53):', ...crafted.map((line) => `  ${line}`)].join('\n'));
  // Tax invoices (issue 18) on a database of their own: a PDF per order, and the month's register.
  if (!opts.only) await benchInvoices({ databaseUrl });
  // The couriers' scans and the kept tracking page (issue 48), on a database of their own.
  if (!only || only.some((part) => 'parcels'.includes(part))) await benchParcels({ databaseUrl });
  // Issue 52: one app server and two on one PostgreSQL, side by side (their own database, last).
  if (!only || only.some((part) => TWO_SERVERS_NAME.includes(part))) await benchTwoServers({ databaseUrl });
}

try {
  await main();
} catch (err) {
  if (!interrupted) {
    console.error(err instanceof UsageError ? err.message : `\nThe benchmark could not run: ${(err as Error).stack ?? String(err)}`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  }
} finally {
  if (!interrupted) await cleanup();
}
