/**
 * What a page drawn on the server carries for the browser to take it over (issue 19): the query
 * answers it was drawn from, in a `<script type="application/json">` block (data, never run, so
 * the strict CSP stands), and what the routes' loaders answered. Read once; no TanStack code here, so home can use it before the query
 * client has arrived.
 */
import { SSR_DATA_ID } from '../../shared/script-json.ts';

/** TanStack's dehydrated state, as far as this module reads it. */
export interface SsrState {
  queries: { queryHash: string; queryKey: readonly unknown[]; state: { data?: unknown; status: string; dataUpdatedAt?: number } }[];
  mutations: unknown[];
  /** What the routes' loaders answered on the server, by route id (only answers that are not null). */
  loaderData?: Record<string, unknown>;
}

let read: SsrState | null | undefined;

/** The state the server drew this page from; null when it was not drawn there (or not in a browser). */
export function ssrState(): SsrState | null {
  if (read !== undefined) return read;
  const block = typeof document === 'undefined' ? null : document.getElementById(SSR_DATA_ID);
  try {
    read = block?.textContent ? (JSON.parse(block.textContent) as SsrState) : null;
  } catch {
    read = null;
  }
  return read;
}

/** The answer the server drew with for this key (TanStack hashes keys as JSON of the array). */
export function ssrAnswer<T>(queryKey: readonly unknown[]): T | undefined {
  const hash = JSON.stringify(queryKey);
  const found = ssrState()?.queries.find((q) => q.queryHash === hash && q.state.status === 'success');
  return found?.state.data as T | undefined;
}

/**
 * The drawn state with its answers dated now. The server vouches for a page as it sends it (a kept
 * page is redrawn when anything it shows changes), while the time it was drawn may be minutes
 * ago, and the shopper's clock may run ahead of the server's: dated as drawn, the answers would be
 * stale on arrival and every one asked for again.
 */
export function freshAsServed(state: SsrState, now = Date.now()): SsrState {
  return { ...state, queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })) };
}
