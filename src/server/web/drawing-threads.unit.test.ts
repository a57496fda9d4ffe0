/**
 * The drawing threads' time limit (drawing-threads.ts), with stand-in renderers written here: one
 * whose drawing never ends, one caught in a loop. The real renderer's pages are in
 * server-drawn.test.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { threadedRenderer } from './drawing-threads.ts';

/**
 * Draws '/waits' never, '/loops' forever, '/asks' from two API asks (one the API cannot answer),
 * anything else at once, naming the thread that drew it.
 */
const entry = path.join(os.tmpdir(), `stand-in-renderer-${crypto.randomUUID()}.mjs`);
fs.writeFileSync(
  entry,
  `import { threadId } from 'node:worker_threads';
export async function render(url, api) {
  if (url.endsWith('/asks')) {
    const one = await api('/api/one?size=M&name=%E2%82%B9');
    const failed = await api('/api/down').then(() => 'answered', (e) => e.constructor.name + ': ' + e.message);
    return { html: one.status + ' ' + one.body + ' | ' + failed };
  }
  if (url.endsWith('/waits')) return new Promise(() => {});
  if (url.endsWith('/loops')) for (;;);
  return { html: 'drawn by ' + threadId };
}
`,
);
/** Renderers that take 3 s to load, and that never load (a module waiting on something that never comes). */
const slowEntry = entry.replace('.mjs', '-slow.mjs');
const neverEntry = entry.replace('.mjs', '-never.mjs');
fs.writeFileSync(slowEntry, `await new Promise((r) => setTimeout(r, 3000));\nexport async function render() { return { html: 'drawn after a slow load' }; }\n`);
fs.writeFileSync(neverEntry, `await new Promise(() => setInterval(() => {}, 1000));\nexport async function render() { return { html: 'never' }; }\n`);
afterAll(() => [entry, slowEntry, neverEntry].forEach((file) => fs.rmSync(file, { force: true })));

const api = () => Promise.resolve({ status: 204, body: '' });
/** What the stand-in drew for `url`: which thread drew it. */
const drawnBy = async (renderer: ReturnType<typeof threadedRenderer>, url: string) => ((await renderer.render(url, api)) as unknown as { html: string }).html;
// The limit counts from the drawing's start, once the thread has its renderer: a thread still
// loading through tsx on a busy run (over 2 s once, with both databases' tests at once) is not
// counted against it.
const LIMIT = 2000;
/** A test here waits out the limit once and starts up to two threads: more than vitest's 5 s. */
const WAITS_OUT_THE_LIMIT = 30_000;

describe('a drawing’s API asks', () => {
  it('cross to this thread as a path and come back as the status and body; an API that throws fails the ask with its message', async () => {
    const renderer = threadedRenderer(entry, { threads: 1 });
    const asked: string[] = [];
    const answering = async (path: string) => {
      asked.push(path);
      if (path === '/api/down') throw Object.assign(new Error('the database is down'), { cause: { socket: () => {} } });
      return { status: 200, body: JSON.stringify({ name: 'Saree ₹' }) };
    };
    try {
      const drawn = (await renderer.render('http://localhost/asks', answering)) as unknown as { html: string };
      expect(drawn.html).toBe('200 {"name":"Saree ₹"} | Error: the database is down');
      expect(asked).toEqual(['/api/one?size=M&name=%E2%82%B9', '/api/down']);
    } finally {
      await renderer.close();
    }
  });
});

describe('a drawing that does not end in time', () => {
  it.each(['waits', 'loops'])('one that %s fails, its thread is stopped, and the next page is drawn by a new one', async (kind) => {
    const renderer = threadedRenderer(entry, { threads: 1, timeLimitMs: LIMIT });
    try {
      const before = await drawnBy(renderer, 'http://localhost/fine');
      const started = performance.now();
      await expect(renderer.render(`http://localhost/${kind}`, api)).rejects.toThrow(`The page http://localhost/${kind} was not drawn within ${LIMIT} ms`);
      expect(performance.now() - started).toBeLessThan(LIMIT + 3000);
      const after = await drawnBy(renderer, 'http://localhost/fine');
      expect(after).toMatch(/^drawn by \d+$/);
      expect(after).not.toBe(before);
    } finally {
      await renderer.close();
    }
  }, WAITS_OUT_THE_LIMIT);

  it('a page that ends in time is untouched by the limit, its thread kept', async () => {
    const renderer = threadedRenderer(entry, { threads: 1, timeLimitMs: LIMIT });
    try {
      const first = await drawnBy(renderer, 'http://localhost/a');
      await new Promise((r) => setTimeout(r, LIMIT + 500));
      const second = await drawnBy(renderer, 'http://localhost/b');
      expect(second).toBe(first);
    } finally {
      await renderer.close();
    }
  }, WAITS_OUT_THE_LIMIT);
});

describe('a thread still loading its renderer', () => {
  it('is not counted against the drawing’s limit: a page waits for a slow load, and is drawn', async () => {
    const renderer = threadedRenderer(slowEntry, { threads: 1, timeLimitMs: 500 });
    try {
      expect(await drawnBy(renderer, 'http://localhost/a')).toBe('drawn after a slow load');
    } finally {
      await renderer.close();
    }
  }, WAITS_OUT_THE_LIMIT);

  it('fails the page once the load has taken its own limit, and stops the thread', async () => {
    const renderer = threadedRenderer(neverEntry, { threads: 1, timeLimitMs: 500, loadLimitMs: 1500 });
    try {
      await expect(renderer.render('http://localhost/a', api)).rejects.toThrow('The page http://localhost/a was not begun (its renderer was still loading) within 1500 ms');
    } finally {
      await renderer.close();
    }
  }, WAITS_OUT_THE_LIMIT);
});
