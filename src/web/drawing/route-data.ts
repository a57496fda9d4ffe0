/**
 * Route loaders (issue 19): on the server they fill the request's query client through the same
 * queryOptions the screens' hooks read, so the page is drawn with its data and the browser takes
 * the answers over instead of asking again. In the browser they do nothing: a screen asks for its
 * own data as it draws, with its skeleton meanwhile, as before.
 *
 * A page whose product or group does not exist is decided by its loader on the server: the answer
 * is a 404 with the screen's own not-found drawn, and the browser takes that over as it is.
 */
import type { QueryClient } from '@tanstack/react-query';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isNotFound } from '../lib/api.ts';

/** What the server hands every loader as its context: the request's own query client. */
export interface ServerContext {
  queryClient: QueryClient;
}

const serverClient = (context: unknown): QueryClient | undefined =>
  context !== null && typeof context === 'object' && 'queryClient' in context ? (context as ServerContext).queryClient : undefined;

/** What a loader's `fill` answers when the page's product or group does not exist. */
export const MISSING = Symbol('missing');

/** The loader data of a page drawn for something that does not exist (JSON: the browser reads it back). */
interface Missing {
  missing: true;
}

/** `asked`, or MISSING when the API answered that there is no such thing (any other failure stays one). */
export const orMissing = <T>(asked: Promise<T>): Promise<T | typeof MISSING> =>
  asked.catch((error: unknown) => {
    if (isNotFound(error)) return MISSING;
    throw error;
  });

/**
 * A loader that, on the server, waits for what `fill` asks (a failed ask fails the loader: the
 * server then sends the page undrawn, and the screen in the browser shows what went wrong). When
 * `fill` finds the page's subject missing, the page is a 404, drawn.
 */
export function preloading(fill: (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>) {
  return async (args: LoaderFunctionArgs) => {
    const client = serverClient(args.context);
    if (client && (await fill(client, args)) === MISSING) return data<Missing>({ missing: true }, { status: 404 });
    return null;
  };
}

/**
 * Whether the server's loader found this page's subject missing. Only ever true on a page drawn on
 * the server and while the browser takes it over (the loader data travels in the page); after that
 * the screen's own query decides, as it always has.
 */
export function useFoundMissing(): boolean {
  const loaded: unknown = useLoaderData();
  return typeof loaded === 'object' && loaded !== null && (loaded as Partial<Missing>).missing === true;
}
