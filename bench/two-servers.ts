/**
 * npx tsx bench/two-servers.ts [--products 2000] [--duration 5] [--turns 5] [--connections 32]
 * (DATABASE_URL: the PostgreSQL server; `npm run bench` runs it last when DATABASE_URL is set)
 *
 * Issue 52: what a second app server costs. Two app servers (bench/serve.ts, each a process of its
 * own with its own pool, catalog watch and drawing threads, as `npm start` runs them) over one
 * throwaway PostgreSQL database; the same load (two load generators of `--connections` / 2 each)
 * sent either both to server A ("one server") or one to A and one to B ("two servers"), the two
 * ways in turns, `--turns` runs each, the order swapped every turn. This machine's two cores cannot
 * show scaling (the servers, PostgreSQL and the load generators share them); what it shows is
 * whether a second server moves a figure of the first by more than the run-to-run spread:
 * the same reads and writes, against the same rows, from two processes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../scripts/build-lib.mjs';
import { fillCart, signUpShopper } from './bench-shopper.ts';
import { exited, message } from './ipc.ts';
import type { FromLoad, FromPrepare, FromServer, LoadRequest, LoadResult, ToServer } from './messages.ts';
import { buildScenarios, KEPT_PRODUCT_NAME, LIST_NAME, type Scenario } from './scenarios.ts';
import { ServerLog } from './server-log.ts';
import { createThrowawayDb, locationEnv } from './throwaway-db.ts';

export const TWO_SERVERS_NAME = 'two app servers';
const here = path.dirname(fileURLToPath(import.meta.url));
const WARMUP_SECONDS = 2;
/**
 * A cached read, product pages drawn on the server and kept (each server draws its own), a
 * signed-in read and a signed-in write (a transaction under row-level security).
 */
const CHOSEN = [LIST_NAME, KEPT_PRODUCT_NAME, 'read the cart (signed in)', 'add to cart (signed in)'];

export interface TwoServersOptions {
  databaseUrl: string | undefined;
  products?: number;
  durationSeconds?: number;
  turns?: number;
  connections?: number;
}

interface AppServer {
  child: ChildProcess;
  origin: string;
  photo: string;
  log: ServerLog;
}

/** One way's run of a scenario: both load generators' answers together. */
interface WayRun {
  reqPerSec: number;
  p99Ms: number;
  failed: number;
}

async function startServer(env: NodeJS.ProcessEnv, imagesDir: string): Promise<AppServer> {
  fs.mkdirSync(imagesDir, { recursive: true });
  const child = fork(path.join(here, 'serve.ts'), [], { env: { ...env, BENCH_IMAGES_DIR: imagesDir }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const log = new ServerLog(child.stderr!);
  const m = (await message<FromServer>(child, (x) => x.type === 'listening', 'starting an app server')) as Extract<FromServer, { type: 'listening' }>;
  log.quiet();
  return { child, origin: `http://127.0.0.1:${m.port}`, photo: m.photo, log };
}

async function drained(server: AppServer): Promise<void> {
  const answer = message<FromServer>(server.child, (x) => x.type === 'drained', 'waiting for an app server to finish');
  server.child.send({ type: 'drain' } satisfies ToServer);
  await answer;
}

async function loadRun(load: ChildProcess, request: LoadRequest): Promise<LoadResult> {
  const answer = message<FromLoad>(load, () => true, 'a load run');
  load.send(request);
  const m = await answer;
  if (m.type === 'error') throw new Error(`load run: ${m.message}`);
  return m.result;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) => `${Math.round(Math.min(...xs)).toLocaleString('en-US')}-${Math.round(Math.max(...xs)).toLocaleString('en-US')}`;
const f1 = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export async function benchTwoServers(o: TwoServersOptions): Promise<void> {
  const { products = 2000, durationSeconds = 5, turns = 5, connections = 32 } = o;
  console.log(`\nTwo app servers on one PostgreSQL (issue 52):`);
  if (!o.databaseUrl) {
    console.log('  not measured: two app servers share a PostgreSQL server (DATABASE_URL=postgres://… npm run bench).');
    return;
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-two-servers-'));
  const throwaway = await createThrowawayDb(workDir, o.databaseUrl);
  const children: ChildProcess[] = [];
  const servers: AppServer[] = [];
  try {
    const env = { ...process.env, ...locationEnv(throwaway.location) };
    const prepare = fork(path.join(here, 'prepare.ts'), [], { env: { ...env, BENCH_PRODUCTS: String(products) }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(prepare);
    const { workload } = await message<FromPrepare>(prepare, (m) => m.type === 'prepared', 'seeding the database');
    await exited(prepare);
    await ensureBuilt(['web', 'ssr']);
    const a = await startServer(env, path.join(workDir, 'images-a'));
    servers.push(a);
    const b = await startServer(env, path.join(workDir, 'images-b'));
    servers.push(b);
    // One shopper, signed up on A; the session is the shop's, good on either server.
    const shopper = await signUpShopper(a.origin);
    const scenarios = buildScenarios(workload, { ...shopper, cartIds: await fillCart(a.origin, shopper, workload.productIds), photo: a.photo }).filter((s) => CHOSEN.includes(s.name));
    const loads = [fork(path.join(here, 'load.ts'), [], { stdio: 'inherit' }), fork(path.join(here, 'load.ts'), [], { stdio: 'inherit' })];
    children.push(...loads);
    console.log(`  ${products.toLocaleString('en-US')} products; ${connections} connections from two load generators; ${durationSeconds} s a run; ${turns} turns each way, in turns`);

    const way = async (s: Scenario, origins: [string, string]): Promise<WayRun> => {
      const request = (origin: string): LoadRequest => ({
        type: 'run',
        paths: s.paths,
        ...(s.post !== undefined && { method: 'POST', body: JSON.stringify(s.post) }),
        headers: { ...s.headers, ...(s.post !== undefined && { 'content-type': 'application/json' }) },
        origin,
        connections: connections / 2,
        durationSeconds,
        warmupSeconds: WARMUP_SECONDS,
      });
      const results = await Promise.all(loads.map((load, i) => loadRun(load, request(origins[i]!))));
      await Promise.all(servers.map(drained));
      const logged = servers.reduce((n, server) => n + server.log.take().count, 0);
      return {
        reqPerSec: results.reduce((n, r) => n + r.reqPerSec, 0),
        // The slower generator's p99: each saw half the requests, of the same kind.
        p99Ms: Math.max(...results.map((r) => r.p99Ms ?? Infinity)),
        failed: results.reduce((n, r) => n + r.errors + r.non2xx, 0) + logged,
      };
    };

    const lines: string[] = [];
    for (const s of scenarios) {
      const runs = { one: [] as WayRun[], two: [] as WayRun[] };
      for (let turn = 0; turn < turns; turn++) {
        for (const w of turn % 2 ? (['two', 'one'] as const) : (['one', 'two'] as const)) {
          runs[w].push(await way(s, w === 'one' ? [a.origin, a.origin] : [a.origin, b.origin]));
        }
      }
      const p99 = { one: runs.one.map((r) => r.p99Ms), two: runs.two.map((r) => r.p99Ms) };
      const rate = { one: runs.one.map((r) => r.reqPerSec), two: runs.two.map((r) => r.reqPerSec) };
      const moved = median(p99.two) - median(p99.one);
      // A second server that makes the first one faster costs nothing; only a slower p99 counts.
      const within = moved <= Math.max(...p99.one) - Math.min(...p99.one);
      const failed = [...runs.one, ...runs.two].reduce((n, r) => n + r.failed, 0);
      lines.push(
        `  ${s.name}\n` +
          `    one server:  ${Math.round(median(rate.one)).toLocaleString('en-US')} req/s (${spread(rate.one)}), p99 ${f1(median(p99.one))} ms (${f1(Math.min(...p99.one))}-${f1(Math.max(...p99.one))})\n` +
          `    two servers: ${Math.round(median(rate.two)).toLocaleString('en-US')} req/s (${spread(rate.two)}), p99 ${f1(median(p99.two))} ms (${f1(Math.min(...p99.two))}-${f1(Math.max(...p99.two))})\n` +
          `    p99 moved ${moved >= 0 ? '+' : ''}${f1(moved)} ms: ${within ? 'within' : 'OUTSIDE'} one server's run-to-run spread; ${failed ? `${failed} FAILED` : '0 failed'}`,
      );
      console.log(lines.at(-1));
    }
  } finally {
    // The servers close their databases; the load generators leave when told nothing more is coming.
    for (const { child } of servers) if (child.connected) child.send({ type: 'close' } satisfies ToServer);
    for (const child of children) if (child.connected) child.disconnect();
    const all = [...children, ...servers.map((s) => s.child)];
    await Promise.all(all.map((c) => Promise.race([exited(c), new Promise((r) => setTimeout(r, 5000))])));
    for (const child of all) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await throwaway.dispose();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { products: { type: 'string', default: '2000' }, duration: { type: 'string', default: '5' }, turns: { type: 'string', default: '5' }, connections: { type: 'string', default: '32' } } });
  await benchTwoServers({
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    products: Number(values.products),
    durationSeconds: Number(values.duration),
    turns: Number(values.turns),
    connections: Number(values.connections),
  });
}
