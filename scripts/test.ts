/**
 * npm test: a type check, lint, unit, API and process tests (Vitest; API on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set), then a production build (web app and server), home's JavaScript budget, and
 * the browser journeys (Playwright, Chromium). Ends with one 'N passed, N failed' line over both runners.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-test-report-'));
const vitestJson = path.join(reports, 'vitest.json');
const playwrightJson = path.join(reports, 'playwright.json');

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label} ===`);
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}

function counts(): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(vitestJson)) {
    const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  }
  if (fs.existsSync(playwrightJson)) {
    const p = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
  }
  return { passed, failed };
}

// The browser tests' demo pictures, made at a low priority while the steps before the journeys run
// (the type check and lint leave a core idle): their shops then open without making them.
const pictures = spawn(process.execPath, ['--import', 'tsx', 'e2e/make-pictures.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
const picturesDone = new Promise((resolve) => pictures.on('exit', resolve));

/**
 * Steps run side by side, each one's output held and printed whole, in the order given, once all
 * have ended. The type check and lint each keep one core busy for 20 to 50 s: one after the other
 * they left the second core to the pictures alone.
 */
async function together(steps: [label: string, cmd: string, args: string[]][]): Promise<boolean> {
  const ended = steps.map(
    ([, cmd, args]) =>
      new Promise<{ ok: boolean; output: string }>((resolve) => {
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks: Buffer[] = [];
        child.stdout.on('data', (c: Buffer) => chunks.push(c));
        child.stderr.on('data', (c: Buffer) => chunks.push(c));
        child.on('error', (error) => resolve({ ok: false, output: String(error) }));
        child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString('utf8') }));
      }),
  );
  let ok = true;
  for (const [i, result] of (await Promise.all(ended)).entries()) {
    console.log(`\n=== ${steps[i]![0]} ===`);
    process.stdout.write(result.output);
    ok &&= result.ok;
  }
  return ok;
}

const before =
  (await together([
    ['type check', 'npx', ['tsc', '--noEmit', '-p', '.']],
    ["lint (and the layout's import boundaries)", 'npx', ['eslint', '.']],
  ])) &&
  run('unit and API tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]) &&
  run('build the web app and the server', 'node', ['scripts/build.mjs']) &&
  run("home's initial JavaScript (docs/decisions/0006)", 'npx', ['tsx', 'scripts/home-js.ts']);
// The journeys' shops would wait on the pictures' lock anyway; waiting here keeps the output in order.
if (before) await picturesDone;
const ok =
  before &&
  run('browser journeys', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

pictures.kill(); // gone already unless a step failed; a lock it leaves is taken over (dir-lock.js)
const { passed, failed } = counts();
fs.rmSync(reports, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
