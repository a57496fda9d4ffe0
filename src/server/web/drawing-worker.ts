/**
 * A drawing thread's own side (drawing-threads.ts starts it, docs/pages.md step 5): it loads the
 * renderer, draws each page it is asked for, and asks the thread that started it for every API
 * answer the drawing needs. A module of its own, built with the server into
 * dist/server/drawing-worker.js (vite.server.config.ts), and run from its TypeScript through tsx's
 * loader (typescript-worker.mjs) when the server runs as TypeScript.
 *
 * The renderer is the built one (dist/ssr/entry-server.js, npm start), or under npm run dev the
 * sources through Vite: a module runner in this thread whose requests for modules are answered by
 * the dev server on the main thread, and which forgets them after each edit (docs/decisions/0045).
 *
 * It imports types only (and Vite's module runner, in development), and drawing-threads.ts imports
 * only its types: what runs in the thread is this file, Node's worker_threads, and the renderer.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import type { HotPayload } from 'vite';
import type { ApiAnswer, InProcessApi } from '../../shared/in-process-api.ts';
import type { PageRenderer } from '../app.ts';
import type { DrawnPage } from './page-meta.ts';

/** What crosses back when the API could not answer at all (a thrown error, not a refusal). */
export type Failure = { error: unknown };
/** Vite's answer to a module runner's request (its `handleInvoke`): the module, or why not. */
export type ViteAnswer = { result: unknown } | { error: unknown };
export type FromThread =
  | { type: 'ask'; draw: number; ask: number; path: string }
  /** The renderer is loaded and the page's drawing begins: its time limit counts from here. */
  | { type: 'started'; draw: number }
  | { type: 'failed'; draw: number; error: unknown }
  | { type: 'drawn'; draw: number; page: DrawnPage | null }
  | { type: 'threw'; draw: number; error: unknown }
  | { type: 'vite'; call: number; payload: HotPayload };
export type ToThread =
  /** `photosFrom`: where its page fetches the owner's photographs from (IMAGES_PUBLIC_URL), or undefined: /images/. */
  | { type: 'draw'; draw: number; url: string; photosFrom: string | undefined }
  | { type: 'answer'; ask: number; answer: ApiAnswer | Failure }
  | { type: 'vite'; call: number; answer: ViteAnswer }
  | { type: 'edited' };
/**
 * What the thread is started with: where its renderer comes from (the built module as a file URL,
 * or the entry's address in Vite's module graph), and this module's own, when run from TypeScript.
 */
export interface DrawingWorkerData {
  renderer: { file: string } | { vite: string };
  module?: string;
}

type Send = (message: FromThread) => void;
/** The renderer, loaded; asked for by each drawing. */
type Renderer = () => Promise<PageRenderer>;

/**
 * What is said of a failure crosses as a plain Error: one carrying what cannot be cloned (a cause
 * holding a socket, a function) would otherwise fail to cross at all.
 */
const plainError = (e: unknown) => (e instanceof Error ? Object.assign(new Error(e.message), { name: e.name, stack: e.stack }) : new Error(String(e)));

/** npm start: the built renderer, imported once as the thread starts. */
function builtRenderer(file: string): Renderer {
  const loaded = import(file) as Promise<PageRenderer>;
  return () => loaded;
}

/**
 * npm run dev: the renderer from the sources, run by Vite's module runner in this thread. Each
 * module it needs is asked of the dev server (its SSR environment's fetchModule, through the main
 * thread); after an edit the main thread says so, every module is forgotten, and the next drawing
 * loads them afresh. Loaded as the thread starts, as the built one is, so the first page does not
 * wait for it; a load that failed (an edit that does not compile) is tried again by the next page.
 */
function viteRenderer(entry: string, send: Send): { renderer: Renderer; heard(m: ToThread & { type: 'vite' | 'edited' }): void } {
  const calls = new Map<number, (answer: ViteAnswer) => void>();
  let callsMade = 0;
  const invoke = (payload: HotPayload) =>
    new Promise<ViteAnswer>((resolve) => {
      const call = ++callsMade;
      calls.set(call, resolve);
      send({ type: 'vite', call, payload });
    });
  const runner = import('vite/module-runner').then(
    ({ ModuleRunner, ESModulesEvaluator, createNodeImportMeta }) =>
      new ModuleRunner({ transport: { invoke }, hmr: false, createImportMeta: createNodeImportMeta }, new ESModulesEvaluator()),
  );
  let loaded: Promise<PageRenderer> | undefined;
  const load = async () => {
    const started = performance.now();
    const page = await (await runner).import<PageRenderer>(entry);
    // The line that says pages are drawn here, and what an edit costs the next page.
    console.log(`Drawing thread ${threadId}: the renderer loaded from Vite (${entry}) in ${Math.round(performance.now() - started)} ms.`);
    return page;
  };
  const forget = async () => {
    loaded = undefined;
    (await runner).clearCache();
  };
  const renderer: Renderer = () => {
    if (loaded) return loaded;
    const loading = load();
    // Failed, it is forgotten, unless an edit has already started another.
    loading.catch(async () => {
      if (loaded === loading) await forget();
    });
    return (loaded = loading);
  };
  void renderer().catch(() => {});
  return {
    renderer,
    heard(m) {
      if (m.type === 'edited') {
        void forget();
        return;
      }
      calls.get(m.call)?.(m.answer);
      calls.delete(m.call);
    },
  };
}

function serve(port: NonNullable<typeof parentPort>, { renderer: from }: DrawingWorkerData): void {
  const send: Send = (message) => port.postMessage(message);
  const asked = new Map<number, (answer: ApiAnswer | Failure) => void>();
  let asks = 0;
  const { renderer, heard } = 'vite' in from ? viteRenderer(from.vite, send) : { renderer: builtRenderer(from.file), heard: () => {} };
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
    if (m.type === 'vite' || m.type === 'edited') return heard(m);
    if (m.type === 'answer') {
      const settle = asked.get(m.ask);
      asked.delete(m.ask);
      settle?.(m.answer);
      return;
    }
    try {
      const { render, fetchPhotosFrom } = await renderer();
      // Each time: a renderer loaded afresh after an edit (npm run dev) starts without it.
      fetchPhotosFrom?.(m.photosFrom);
      send({ type: 'started', draw: m.draw });
      const page = await render(m.url, transport(m.draw), (error) => send({ type: 'failed', draw: m.draw, error: plainError(error) }));
      send({ type: 'drawn', draw: m.draw, page });
    } catch (error) {
      send({ type: 'threw', draw: m.draw, error: plainError(error) });
    }
  });
}

if (!parentPort) throw new Error('drawing-worker.ts is a drawing thread\'s module: drawing-threads.ts starts it in a worker thread.');
serve(parentPort, workerData as DrawingWorkerData);
