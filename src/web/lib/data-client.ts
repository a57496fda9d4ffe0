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
import { createElement, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { freshAsServed, ssrAnswer, ssrState } from './ssr-data.ts';
import { useTakenOver } from './taken-over.tsx';

type ClientModule = typeof import('./query-client.ts');

let client: QueryClient | undefined;
let module: ClientModule | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

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
    listeners.forEach((l) => l());
    return client;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The root's provider: the client once it is there (asked for right after the first paint). On
 * the server, the request's own client (`client`). Taking over a page drawn there, the client as
 * it is at that moment: there already when the screen needed it (a data screen waits for it).
 */
export function DataProvider({ children, client: own }: { children: ReactNode; client?: QueryClient }) {
  const value = useSyncExternalStore(subscribe, () => own ?? client, () => own ?? client);
  useEffect(() => void (own ?? dataClient()), [own]);
  return createElement(QueryClientContext.Provider, { value }, children);
}

/** For `lazy` and route modules: their code and the query client, fetched side by side. */
export function withData<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), dataClient()]).then(([loaded]) => loaded);
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
    // The options are read when the key changes: a factory makes the same ones for the same key.
    const watching = new module.QueryObserver(current, options);
    const take = (r: { data: T | undefined; isError: boolean }) => setState({ data: r.data, failed: r.isError && r.data === undefined });
    take(watching.getCurrentResult());
    setObserver(watching);
    return watching.subscribe(take);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, keyHash]);
  // While React takes over a drawn page, what the page was drawn with: a part taken over after the
  // shell (a screen inside its Suspense) would otherwise read an answer the shell has had since
  // (the session, a moment after the header asked), and differ from its drawing (React error 418).
  const live = useTakenOver();
  const data = live || typeof window === 'undefined' ? state.data : ssrAnswer<T>(options.queryKey);
  return { data: data ?? fallback, failed: live && state.failed, retry: () => void observer?.refetch() };
}
