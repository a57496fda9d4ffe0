/**
 * Pages drawn on threads of their own (issue 19, docs/decisions/0033). React's drawing of a page
 * is about half of what a first render costs the server; on the API's thread it queues behind
 * every other request. Here the renderer runs in worker threads, and the API stays where it is: a
 * drawing's in-process API requests come back to this thread as messages and are answered by the
 * app, as before, so the database (PGlite's too) is only ever used from here. Still one process: a
 * worker thread is not a second server. npm start's threads run the built renderer (dist/ssr);
 * npm run dev's run it from the sources through Vite (docs/decisions/0045), the same way otherwise.
 *
 * A thread that dies takes its pages with it (they are sent undrawn, as any failed drawing is) and
 * the next page starts a new one.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { HotPayload } from 'vite';
import type { InProcessApi } from '../../shared/in-process-api.ts';
import type { PageRenderer } from '../app.ts';
import { projectRoot } from '../project-root.ts';
// Its types only: the worker's module runs in the thread, never here.
import type { DrawingWorkerData, FromThread, ToThread, ViteAnswer } from './drawing-worker.ts';
import type { DrawnPage } from './page-meta.ts';

/**
 * The thread's own module (drawing-worker.ts): built beside the server as drawing-worker.js, run
 * from that when this file is the built server (npm start), and from its TypeScript through tsx
 * (typescript-worker.mjs) when this file runs as TypeScript (the tests, the bench, the browser tests).
 */
function workerStart(): { file: URL; module?: string } {
  if (!import.meta.url.endsWith('.ts')) return { file: pathToFileURL(path.join(projectRoot, 'dist', 'server', 'drawing-worker.js')) };
  return { file: new URL('./typescript-worker.mjs', import.meta.url), module: new URL('./drawing-worker.ts', import.meta.url).href };
}

/**
 * The renderer from the sources, through Vite's dev server (npm run dev, src/server/dev-server.ts):
 * each thread runs it with a module runner of its own, whose requests for modules this answers.
 */
export interface ViteRenderer {
  /** The renderer's address in Vite's module graph. */
  entry: string;
  /** Answers a thread's module runner (the dev server's SSR environment's `handleInvoke`). */
  invoke(payload: HotPayload): Promise<ViteAnswer>;
  /** Calls `edited` after each edit to the renderer's modules, once Vite has taken it in. */
  onEdit(edited: () => void): void;
}

interface Drawing {
  api: InProcessApi;
  /** The thread has its renderer and begins the drawing. */
  started: () => void;
  onError: (error: unknown) => void;
  resolve: (page: DrawnPage | null) => void;
  reject: (error: unknown) => void;
}

/** One worker thread and the pages it is drawing. */
class DrawingThread {
  private readonly worker: Worker;
  readonly drawing = new Map<number, Drawing>();
  dead = false;
  /** npm run dev: the dev server that answers this thread's module runner. */
  private readonly vite?: ViteRenderer;

  constructor(renderer: string | ViteRenderer) {
    const { file, module } = workerStart();
    if (typeof renderer !== 'string') this.vite = renderer;
    const from = typeof renderer === 'string' ? { file: pathToFileURL(renderer).href } : { vite: renderer.entry };
    this.worker = new Worker(file, { workerData: { renderer: from, module } satisfies DrawingWorkerData });
    // It never keeps the process alive: the server's socket does, while there are pages to draw.
    this.worker.unref();
    this.worker.on('message', (m: FromThread) => this.heard(m));
    this.worker.on('error', (error) => this.died(error));
    this.worker.on('exit', (code) => this.died(new Error(`The drawing thread stopped (exit code ${code}).`)));
  }

  draw(draw: number, url: string, photosFrom: string | undefined, drawing: Drawing): void {
    this.drawing.set(draw, drawing);
    this.worker.postMessage({ type: 'draw', draw, url, photosFrom } satisfies ToThread);
  }

  /** Whether the page is still being drawn here. */
  holds(draw: number): boolean {
    return this.drawing.has(draw);
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }

  /** The renderer's sources were edited: the thread forgets the modules it loaded. */
  edited(): void {
    this.tell({ type: 'edited' });
  }

  private tell(message: ToThread): void {
    if (!this.dead) this.worker.postMessage(message);
  }

  private heard(m: FromThread): void {
    if (m.type === 'vite') return void this.answerVite(m.call, m.payload);
    const drawing = this.drawing.get(m.draw);
    if (!drawing) return;
    if (m.type === 'started') drawing.started();
    else if (m.type === 'ask') void this.answer(m.ask, m.path, drawing.api);
    else if (m.type === 'failed') drawing.onError(m.error);
    else {
      this.drawing.delete(m.draw);
      if (m.type === 'drawn') drawing.resolve(m.page);
      else drawing.reject(m.error);
    }
  }

  private async answer(ask: number, path: string, api: InProcessApi): Promise<void> {
    let answer: ToThread & { type: 'answer' };
    try {
      const { status, body } = await api(path);
      answer = { type: 'answer', ask, answer: { status, body } };
    } catch (error) {
      answer = { type: 'answer', ask, answer: { error: error instanceof Error ? new Error(error.message) : new Error(String(error)) } };
    }
    this.tell(answer);
  }

  private async answerVite(call: number, payload: HotPayload): Promise<void> {
    if (!this.vite) return;
    const answer = await this.vite.invoke(payload);
    try {
      this.tell({ type: 'vite', call, answer });
    } catch {
      // Vite's error, with whatever its plugin hung on it, may not cross: what it says does.
      const { name, message, stack } = ('error' in answer ? answer.error : {}) as Partial<Error>;
      this.tell({ type: 'vite', call, answer: { error: { name, message: message ?? 'Vite’s answer could not cross to the drawing thread.', stack } } });
    }
  }

  /** Stops the thread, failing every page it holds with `error`. */
  stop(error: Error): void {
    this.died(error);
    void this.worker.terminate();
  }

  private died(error: unknown): void {
    if (this.dead) return;
    this.dead = true;
    for (const drawing of this.drawing.values()) drawing.reject(error);
    this.drawing.clear();
  }
}

/** Threads for drawing: the cores beside the API's own, one at least, four at most. */
export const drawingThreadCount = () => Math.min(4, Math.max(1, os.availableParallelism() - 1));

/** A drawing takes milliseconds; one that has not ended by now never will (a loop, an answer lost). */
export const DRAW_TIME_LIMIT_MS = 10_000;
/**
 * A thread loads its renderer once, as it starts: the built one in well under a second, Vite's in
 * npm run dev in seconds (33 s once on a busy CI run). A page waiting longer than this for it is
 * sent undrawn, and the thread stopped: its renderer is not coming. Only a renderer that cannot
 * load makes a page wait this long; a slow one is no longer stopped for being slow to load.
 */
export const RENDERER_LOAD_LIMIT_MS = 60_000;

/**
 * The renderer at `entry` (dist/ssr/entry-server.js), or Vite's, run in `threads` worker threads.
 * Each page goes to the thread with the fewest pages in hand. A page not drawn within `timeLimitMs`
 * of its drawing's start (a thread still loading its renderer is not counted against it, up to
 * `loadLimitMs`) fails (it is sent undrawn), and so does its thread: stopped, with the pages it
 * holds, and replaced by the next page, so a thread caught in a loop never takes more pages.
 */
export function threadedRenderer(
  entry: string | ViteRenderer,
  { threads: count = drawingThreadCount(), timeLimitMs = DRAW_TIME_LIMIT_MS, loadLimitMs = RENDERER_LOAD_LIMIT_MS }: { threads?: number; timeLimitMs?: number; loadLimitMs?: number } = {},
): Required<PageRenderer> & { close(): Promise<void> } {
  // Started now, so the first page does not wait for a thread to load React.
  const threads = Array.from({ length: count }, () => new DrawingThread(entry));
  if (typeof entry !== 'string') entry.onEdit(() => threads.forEach((t) => t.edited()));
  let draws = 0;
  let photosFrom: string | undefined;
  const thread = (): DrawingThread => {
    threads.forEach((t, i) => {
      if (t.dead) threads[i] = new DrawingThread(entry);
    });
    return threads.reduce((best, t) => (t.drawing.size < best.drawing.size ? t : best));
  };
  return {
    render: (url, api, onError = () => {}) =>
      new Promise<DrawnPage | null>((resolve, reject) => {
        const draw = ++draws;
        const on = thread();
        // One timer at a time: the renderer's load, then the drawing's own limit.
        let limit: NodeJS.Timeout;
        const stopAfter = (ms: number, what: string) => {
          limit = setTimeout(() => {
            if (on.holds(draw)) on.stop(new Error(`The page ${url} was not ${what} within ${ms} ms: its drawing thread was stopped.`));
          }, ms);
          // A page that waits never keeps the process alive; its request does.
          limit.unref();
        };
        stopAfter(loadLimitMs, 'begun (its renderer was still loading)');
        const started = () => {
          clearTimeout(limit);
          stopAfter(timeLimitMs, 'drawn');
        };
        const settled = <T>(settle: (value: T) => void) => (value: T) => {
          clearTimeout(limit);
          settle(value);
        };
        on.draw(draw, url, photosFrom, { api, started, onError, resolve: settled(resolve), reject: settled(reject) });
      }),
    /** Said to each thread with each page (a thread started later, or a renderer loaded again, has it too). */
    fetchPhotosFrom(base) {
      photosFrom = base;
    },
    /** Stops the threads; a page asked for later starts new ones. */
    async close() {
      await Promise.all(threads.map((t) => t.terminate()));
    },
  };
}
