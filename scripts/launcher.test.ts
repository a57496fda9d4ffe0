/**
 * `npm start` as a deployment runs it (docs/decisions/0015), in a copy of the checkout with no
 * build: two started at the same moment (the README's several app servers) build once between
 * them, and both serve; started again with nothing changed, neither builds; a changed source is
 * built again.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { childEnv, freePort, projectRoot, start, whenServing, type Child } from '../src/server/test/processes.ts';

let copy: string;
const children: Child[] = [];
beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-launch-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: projectRoot, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(projectRoot, file))) continue; // deleted, not yet committed
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(projectRoot, file), path.join(copy, file));
  }
  fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
});
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill9()));
  fs.rmSync(copy, { recursive: true, force: true });
});

async function launch(name: string) {
  const port = await freePort();
  const child = start(process.execPath, ['scripts/start.mjs'], childEnv({ PORT: String(port), DATA_DIR: path.join(copy, `data-${name}`) }), copy);
  children.push(child);
  return { child, port };
}

it('two starts at the same moment build once and both serve; an unchanged start builds nothing; a change is built again', async () => {
  const [a, b] = await Promise.all([launch('a'), launch('b')]);
  await Promise.all([whenServing(a.port, a.child), whenServing(b.port, b.child)]);
  for (const { port } of [a, b]) expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  const outputs = [a.child.output(), b.child.output()];
  expect(outputs.filter((o) => o.includes('Built the web app in'))).toHaveLength(1);
  expect(outputs.filter((o) => o.includes('Built the server in'))).toHaveLength(1);
  expect(outputs.filter((o) => o.includes('Waiting for another process'))).toHaveLength(1);
  await Promise.all([a.child.stop(), b.child.stop()]);

  const again = await launch('a');
  await whenServing(again.port, again.child);
  expect(again.child.output()).not.toContain('Built the');
  await again.child.stop();

  const file = path.join(copy, 'src', 'shared', 'store.ts');
  fs.appendFileSync(file, '\n');
  const changed = await launch('a');
  await whenServing(changed.port, changed.child);
  expect(changed.child.output()).toContain('Built the web app in');
  expect(changed.child.output()).toContain('Built the server in');
  await changed.child.stop();
}, 480_000);
