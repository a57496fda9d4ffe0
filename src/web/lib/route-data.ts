/**
 * Route loaders (issue 19): on the server they fill the request's query client through the same
 * queryOptions the screens' hooks read, so the page is drawn with its data and the browser takes
 * the answers over instead of asking again. In the browser they do nothing: a screen asks for its
 * own data as it draws, with its skeleton meanwhile, as before.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/** What the server hands every loader as its context: the request's own query client. */
export interface ServerContext {
  queryClient: QueryClient;
}

const serverClient = (context: unknown): QueryClient | undefined =>
  context !== null && typeof context === 'object' && 'queryClient' in context ? (context as ServerContext).queryClient : undefined;

/**
 * A loader that, on the server, waits for what `fill` asks (a failed ask fails the loader: the
 * server then sends the page undrawn, and the screen in the browser shows what went wrong).
 */
export function preloading(fill: (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    const client = serverClient(args.context);
    if (client) await fill(client, args);
    return null;
  };
}
