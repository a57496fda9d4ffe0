/**
 * The browser's one query client and the root's provider of it (docs/decisions/0017). The client
 * and TanStack Query's code arrive just after the first paint (lib/query-client.ts): the provider
 * at the root hands out `undefined` until then, and then the client. Nothing that reads data with
 * TanStack's hooks draws before it is there: data screens and data-bearing parts are loaded
 * through `withData`, which waits for the client alongside their own code; the shell's few reads
 * (the session in the header, the free-shipping promise on home) use `useShellQuery`, which draws
 * a fallback until the client has an answer.
 */
import type { QueryClient, QueryKey, QueryObserverOptions } from '@tanstack/react-query';
import { QueryClientContext } from '@tanstack/react-query';
import { createElement, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { freshAsServed, ssrAnswer, ssrState } from '../drawing/ssr-data.ts';
import { useTakenOver } from '../drawing/taken-over.tsx';

type ClientModule = typeof import('./query-client.ts');

let client: QueryClient | undefined;
let module: ClientModule | undefined;
let loading: Promise<QueryClient> | undefined;

/** The browser's client, made once (TanStack's code is fetched the first time it is asked for). */
export function dataClient(): Promise<QueryClient> {
  loading ??= import('./query-client.ts').then((m) => {
    module = m;
    client = m.makeQueryClient();
    // A page drawn on the server: its answers are this client's first, so nothing is asked twice.
    const drawn = ssrState();
    if (drawn) m.hydrate(client, freshAsServed(drawn) as Parameters<typeof m.hydrate>[1]);
    // What QueryClientProvider would do: refetch on focus and reconnect. The browser's client lives as long as the page.
    client.mount();
    return client;
  });
  return loading;
}

/**
 * A client that arrived after the page was taken over, until the root's provider has handed it
 * out. Parts loaded with `withData` wait for it too: one drawn at an urgent priority (the grid a
 * shopper scrolls to) would otherwise be drawn before the provider's transition, without a client.
 */
let handingOut: { done: Promise<void>; finish: () => void } | undefined;

function startHandingOut() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

/**
 * The root's provider: the client once it is there (asked for right after the first paint). On
 * the server, the request's own client (`client`). Taking over a page drawn there, the client as
 * it is at that moment: there already when the screen needed it (a data screen waits for it).
 *
 * A client that arrives later is handed out in a transition: every part that reads it draws
 * again, which as an urgent update (it was an external store's) made one task of 167 ms just
 * after home was taken over, at Lighthouse's 4x slowdown; as a transition it is drawn in slices a
 * tap can come between (decision 0035).
 */
export function DataProvider({ children, client: own }: { children: ReactNode; client?: QueryClient }) {
  const [arrived, setArrived] = useState(() => {
    // From the first drawing on, not from its effect: a screen's code may arrive in between.
    if (!own && !client) handingOut ??= startHandingOut();
    return client;
  });
  useEffect(() => {
    if (own) return;
    if (arrived) {
      handingOut?.finish();
      return;
    }
    let mounted = true;
    void dataClient().then((made) => mounted && startTransition(() => setArrived(made)));
    return () => {
      mounted = false;
    };
  }, [own, arrived]);
  return createElement(QueryClientContext.Provider, { value: own ?? arrived }, children);
}

/**
 * For `lazy` and route modules: their code and the query client (handed out), fetched side by
 * side. Not for a part the server draws inside a Suspense boundary: React would hold the
 * provider's transition until that part had been taken over, and the part would wait for the
 * transition (the server draws no such part: the session's are drawn in the browser).
 */
export function withData<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), dataClient().then(() => handingOut?.done)]).then(([loaded]) => loaded);
}

export interface ShellQueryResult<T> {
  /** The answer, or the fallback until there is one. */
  data: T;
  /** The last ask failed and there is no answer to show. */
  failed: boolean;
  /** Asks again (nothing while the client is still on its way). */
  retry: () => void;
}

/**
 * A query for the parts of the shell that draw before the client exists (the header, home): the
 * fallback until the client has an answer, then the answer, kept fresh by a real QueryObserver
 * (stale times, focus refetches and invalidations work as for useQuery). It imports nothing of
 * TanStack's at run time but the context, so home's first download stays small.
 */
export function useShellQuery<T, K extends QueryKey>(options: QueryObserverOptions<T, Error, T, T, K>, fallback: T): ShellQueryResult<T> {
  const current = useContext(QueryClientContext);
  // Before the client, the answer the server drew this page with (so the page is taken over as drawn).
  const [state, setState] = useState(() => ({ data: current?.getQueryData<T>(options.queryKey) ?? ssrAnswer<T>(options.queryKey), failed: false }));
  const [observer, setObserver] = useState<{ refetch: () => unknown } | null>(null);
  const keyHash = JSON.stringify(options.queryKey);
  useEffect(() => {
    if (!current || !module) return;
    const { QueryObserver } = module;
    let stop: (() => void) | undefined;
    // The watch starts in a task of its own, not in the one that runs the effects of the whole
    // page just taken over: its first ask (the session, say) and the drawing its answer brings
    // made that task 90 ms long on a budget phone (decision 0035).
    const starting = setTimeout(() => {
      // The options are read when the key changes: a factory makes the same ones for the same key.
      const watching = new QueryObserver(current, options);
      const take = (r: { data: T | undefined; isError: boolean }) => setState({ data: r.data, failed: r.isError && r.data === undefined });
      take(watching.getCurrentResult());
      setObserver(watching);
      stop = watching.subscribe(take);
    });
    return () => {
      clearTimeout(starting);
      stop?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, keyHash]);
  // While React takes over a drawn page, what the page was drawn with: a part taken over after the
  // shell (a screen inside its Suspense) would otherwise read an answer the shell has had since
  // (the session, a moment after the header asked), and differ from its drawing (React error 418).
  const live = useTakenOver();
  const data = live || typeof window === 'undefined' ? state.data : ssrAnswer<T>(options.queryKey);
  return { data: data ?? fallback, failed: live && state.failed, retry: () => void observer?.refetch() };
}
