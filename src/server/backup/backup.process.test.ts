/**
 * `npm run backup` and `npm run restore` with real processes (issue 52): a running shop writes the
 * backup of the folder it holds; a restore onto that folder is refused while it runs, naming it; the
 * same file restored into a new folder starts a shop that serves the catalog.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { takeLock } from '../dir-lock.js';
import { childEnv, freePort, npm, projectRoot, run, start, tsxServer, whenServing, type Child } from '../test/processes.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-backup-cli-'));
const children: Child[] = [];
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill9()));
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * The browser tests' demo pictures (e2e/cache-dirs.ts), made by `npm test` beside these tests:
 * copied into a seeding shop's folder once made (their lock held), so the shop does not draw them
 * all again on a machine busy with the other tests (more than two minutes in one CI run).
 */
async function withDemoPictures(dataDir: string): Promise<void> {
  const made = path.join(projectRoot, 'node_modules', '.cache', 'vastra-e2e', 'images');
  const release = await takeLock(`${made}.making.lock`, { what: 'copying the demo pictures for the backup test' });
  try {
    if (fs.existsSync(made)) fs.cpSync(made, path.join(dataDir, 'images'), { recursive: true });
  } finally {
    release();
  }
}

/** A shop on `dataDir`; the first seeds the demo catalog (the restored one finds it in its database). */
async function shop(dataDir: string, seedDemo = false): Promise<{ child: Child; port: number }> {
  if (seedDemo) await withDemoPictures(dataDir);
  const port = await freePort();
  const child = start(process.execPath, tsxServer(), childEnv({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: String(seedDemo) }));
  children.push(child);
  await whenServing(port, child);
  return { child, port };
}

describe('npm run backup and npm run restore', () => {
  it('back up a running shop through it, refuse to restore onto the folder it holds, and restore into a new folder that serves', async () => {
    const first = path.join(root, 'first');
    const file = path.join(root, 'backups', 'shop.tar.gz');
    const running = await shop(first, true);

    const backup = await run(npm, ['run', 'backup', '--', file], childEnv({ DATA_DIR: first }));
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup written: ${file}`);
    expect(running.child.output()).toContain(`Backup written: ${file}`); // the shop wrote it

    const refused = await run(npm, ['run', 'restore', '--', file], childEnv({ DATA_DIR: first }));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`The embedded database in ${path.join(first, 'pgdata')} is in use by another Vastra process`);
    expect((await fetch(`http://127.0.0.1:${running.port}/api/ready`)).status).toBe(200);

    const second = path.join(root, 'second');
    const restored = await run(npm, ['run', 'restore', '--', file], childEnv({ DATA_DIR: second }));
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`Restored from ${file}`);
    const back = await shop(second);
    // The same catalog, answered alike by the shop backed up and the shop restored.
    const listed = async (port: number) => (await (await fetch(`http://127.0.0.1:${port}/api/products?limit=12`)).json()) as { items: { name: string }[] };
    const [was, now] = [await listed(running.port), await listed(back.port)];
    expect(now.items.length, JSON.stringify(now).slice(0, 300)).toBeGreaterThan(0);
    expect(now).toEqual(was);
  }, 300_000);
});
