/**
 * A drawing thread's own side (drawing-threads.ts starts it, docs/pages.md step 5): it loads the
 * renderer (dist/ssr/entry-server.js), draws each page it is asked for, and asks the thread that
 * started it for every API answer the drawing needs. A module of its own, built with the server
 * into dist/server/drawing-worker.js (vite.server.config.ts), and run from its TypeScript through
 * tsx's loader (typescript-worker.mjs) when the server runs as TypeScript.
 *
 * It imports types only, and drawing-threads.ts imports only its types: what runs in the thread is
 * this file, Node's worker_threads, and the renderer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ApiAnswer, InProcessApi } from '../../shared/in-process-api.ts';
import type { PageRenderer } from '../app.ts';
import type { DrawnPage } from './page-meta.ts';

/** What crosses back when the API could not answer at all (a thrown error, not a refusal). */
export type Failure = { error: unknown };
export type FromThread =
  | { type: 'ask'; draw: number; ask: number; path: string }
  | { type: 'failed'; draw: number; error: unknown }
  | { type: 'drawn'; draw: number; page: DrawnPage | null }
  | { type: 'threw'; draw: number; error: unknown };
export type ToThread = { type: 'draw'; draw: number; url: string } | { type: 'answer'; ask: number; answer: ApiAnswer | Failure };
/** What the thread is started with: the renderer's module, as a file URL (and this module's, when run from TypeScript). */
export interface DrawingWorkerData {
  entry: string;
  module?: string;
}

/**
 * What is said of a failure crosses as a plain Error: one carrying what cannot be cloned (a cause
 * holding a socket, a function) would otherwise fail to cross at all.
 */
const plainError = (e: unknown) => (e instanceof Error ? Object.assign(new Error(e.message), { name: e.name, stack: e.stack }) : new Error(String(e)));

function serve(port: NonNullable<typeof parentPort>, { entry }: DrawingWorkerData): void {
  const send = (message: FromThread) => port.postMessage(message);
  const asked = new Map<number, (answer: ApiAnswer | Failure) => void>();
  let asks = 0;
  const loaded = import(entry) as Promise<PageRenderer>;
  // The renderer's API: each ask a message to the API's thread, settled by its answer.
  const transport =
    (draw: number): InProcessApi =>
    (path) =>
      new Promise((resolve, reject) => {
        const ask = ++asks;
        asked.set(ask, (answer) => ('error' in answer ? reject(answer.error) : resolve(answer)));
        send({ type: 'ask', draw, ask, path });
      });
  port.on('message', async (m: ToThread) => {
    if (m.type === 'answer') {
      const settle = asked.get(m.ask);
      asked.delete(m.ask);
      settle?.(m.answer);
      return;
    }
    try {
      const { render } = await loaded;
      const page = await render(m.url, transport(m.draw), (error) => send({ type: 'failed', draw: m.draw, error: plainError(error) }));
      send({ type: 'drawn', draw: m.draw, page });
    } catch (error) {
      send({ type: 'threw', draw: m.draw, error: plainError(error) });
    }
  });
}

if (!parentPort) throw new Error('drawing-worker.ts is a drawing thread\'s module: drawing-threads.ts starts it in a worker thread.');
serve(parentPort, workerData as DrawingWorkerData);
