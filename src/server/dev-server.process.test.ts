/**
 * npm run dev draws pages as npm start does, on drawing threads (docs/decisions/0045), from the
 * sources through Vite: the real dev server in a process of its own, on a catalog seeded as
 * `npm run seed` seeds it. A thread says when it has loaded the renderer from Vite (a line only
 * npm run dev prints), and again after an edit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, freePort, projectRoot, run, start, tsxServer, whenServing, type Child } from './test/processes.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-dev-'));
let dev: Child | undefined;
afterAll(async () => {
  await dev?.kill9();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const LOADED = /Drawing thread (\d+): the renderer loaded from Vite \(\/drawing\/entry-server\.tsx\)/g;
const loads = (child: Child) => [...child.output().matchAll(LOADED)].map((m) => Number(m[1]));

/** Waits until `ready` holds of the dev server's output, or fails with the output. */
async function until(child: Child, ready: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const by = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > by) throw new Error(`npm run dev never said ${what}:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The drawn root of a page: what React drew on the server, before the data block. */
async function drawnRoot(port: number, page: string): Promise<string> {
  const html = await (await fetch(`http://127.0.0.1:${port}${page}`)).text();
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('id="ssr-data"');
  expect(start, `${page} is sent undrawn`).toBeGreaterThan(-1);
  expect(end, `${page} has no data block: it was not drawn`).toBeGreaterThan(start);
  return html.slice(start, end);
}

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('npm run dev', () => {
  it('draws the pages on a drawing thread, loading the renderer through Vite, and loads it afresh after an edit', async () => {
    const seeded = await run(process.execPath, tsxServer('src/server/db/seed/cli.ts'), childEnv({ DATA_DIR: dataDir }));
    expect(seeded.code, seeded.output).toBe(0);
    const port = await freePort();
    dev = start(process.execPath, tsxServer('src/server/dev-server.ts'), childEnv({ DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'development' }));
    await whenServing(port, dev);
    // Threads load the renderer as they start; a page asked for sooner would wait for it within its time limit.
    await until(dev, () => loads(dev!).length > 0, 'that a drawing thread loaded the renderer');
    // Thread 0 is the main thread: a drawing thread is any other.
    expect(loads(dev).every((thread) => thread > 0)).toBe(true);

    const { items } = (await (await fetch(`http://127.0.0.1:${port}/api/products?limit=1`)).json()) as { items: { id: number; name: string }[] };
    const first = items[0];
    if (!first) throw new Error('The seeded catalog has no product.');
    expect(await drawnRoot(port, `/product/${first.id}`)).toContain(`>${escaped(first.name)}</h1>`);
    expect(await drawnRoot(port, '/products')).toContain(escaped(first.name));

    // An edit Vite takes in (here the route's file touched, its text unchanged): the threads forget
    // the renderer's modules, and the next page is drawn from the renderer loaded afresh, a page
    // seen before the edit too (npm run dev keeps no drawn copies).
    const before = loads(dev).length;
    const route = path.join(projectRoot, 'src', 'web', 'routes', 'product.tsx');
    const now = new Date();
    fs.utimesSync(route, now, now);
    await until(dev, () => dev!.output().includes('(ssr) page reload routes/product.tsx'), 'that Vite took the edit in', 30_000);
    expect(await drawnRoot(port, `/product/${first.id}`)).toContain(`>${escaped(first.name)}</h1>`);
    expect(loads(dev).length).toBe(before + 1);
  }, 300_000);
});
