/**
 * One process at a time on an embedded data folder (docs/decisions/0015), with real processes: a
 * second shop, `npm run seed` and a test's own open are refused at once with the holder named; a
 * holder killed with SIGKILL does not block the next start; of processes racing for a dead
 * holder's lock, exactly one gets it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';
import { DataFolderInUse } from './data-lock.ts';
import { childEnv, freePort, npm, projectRoot, run, start, tsxLoadedServer, tsxServer, whenServing, type Child } from '../test/processes.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-lock-'));
const pgdata = path.join(dataDir, 'pgdata');
const children: Child[] = [];
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill9()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function shop(args = tsxServer()): Promise<{ child: Child; port: number }> {
  const port = await freePort();
  const child = start(process.execPath, args, childEnv({ DATA_DIR: dataDir, PORT: String(port) }));
  children.push(child);
  return { child, port };
}

const holderPid = () => (JSON.parse(fs.readFileSync(path.join(`${pgdata}.lock`, 'holder.json'), 'utf8')) as { pid: number }).pid;

describe('the embedded data folder, one process at a time', () => {
  it('refuses a second shop, npm run seed and a test’s own open, naming the holder; a killed holder does not block the next start', async () => {
    const first = await shop();
    await whenServing(first.port, first.child);
    const pid = holderPid();

    const second = await shop();
    expect(await second.child.exited).toBe(1);
    expect(second.child.output()).toContain(`The embedded database in ${pgdata} is in use by another Vastra process: node index.ts (pid ${pid}, since `);
    expect(second.child.output()).toContain('Stop that one first (Ctrl+C in its terminal), or set DATA_DIR to another folder.');

    const seed = await run(npm, ['run', 'seed', '--', '--products', '1'], childEnv({ DATA_DIR: dataDir }));
    expect(seed.code).toBe(1);
    expect(seed.output).toContain(`is in use by another Vastra process: node index.ts (pid ${pid}`);

    await expect(openPglite({ dir: pgdata })).rejects.toThrow(DataFolderInUse);
    // The shop was not disturbed by any of them.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/products?limit=1`)).status).toBe(200);

    await first.child.kill9();
    expect(fs.existsSync(`${pgdata}.lock`)).toBe(true); // left behind by the killed shop
    const third = await shop(tsxLoadedServer());
    await whenServing(third.port, third.child);
    expect(holderPid()).not.toBe(pid);
    const code = await third.child.stop(); // Ctrl+C: the shop closes its database and lets the folder go
    expect(fs.existsSync(`${pgdata}.lock`), `the shop exited with ${code}:\n${third.child.output()}`).toBe(false);
    expect(code).toBe(0);
  }, 300_000);

  it('of six processes racing for a dead holder’s lock, exactly one takes it', async () => {
    const lockDir = path.join(dataDir, 'race.lock');
    const gone = await run(process.execPath, ['-e', 'console.log(process.pid)'], childEnv({}));
    fs.mkdirSync(lockDir);
    fs.writeFileSync(path.join(lockDir, 'holder.json'), JSON.stringify({ pid: Number(gone.output), since: new Date().toISOString(), host: os.hostname(), token: 'dead' }));
    const lock = pathToFileURL(path.join(projectRoot, 'src', 'server', 'dir-lock.js')).href;
    const script = `const { tryLock } = await import(${JSON.stringify(lock)});
      const a = tryLock(${JSON.stringify(lockDir)}, { what: 'racer' });
      console.log(JSON.stringify({ held: a.held }));
      await new Promise((r) => setTimeout(r, 1500));`;
    const racers = await Promise.all(Array.from({ length: 6 }, () => run(process.execPath, ['--input-type=module', '-e', script], childEnv({}))));
    const held = racers.map((r) => (JSON.parse(r.output) as { held: boolean }).held);
    expect(held.filter(Boolean)).toHaveLength(1);
    expect(fs.existsSync(lockDir)).toBe(false); // released at its exit
  }, 60_000);
});
