/**
 * The web app's query client, made by one function (docs/decisions/0017-web-data-layer.md): once
 * in the browser (lib/data-client.ts), and, when pages are rendered on the server, once per
 * request. This module brings TanStack Query itself, so the browser loads it just after home has
 * drawn rather than in the first download (docs/decisions/0006).
 *
 * One policy for a lapsed session lives here: any request the server answers 401 marks the
 * session signed out and lapsed, and the private screens send the shopper to log in and back
 * (components/sign-in-first.tsx).
 */
import { hydrate, MutationCache, QueryCache, QueryClient, QueryObserver } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { queryKeys } from './query-keys.ts';
import type { Session } from './session.ts';

export { hydrate, QueryObserver };

/** The server's considered answer (not found, refused, not allowed): asking again would not change it. */
const isAnswer = (error: Error) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

function sessionChanged(client: QueryClient, error: Error) {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401 && client.getQueryData<Session>(queryKeys.session)?.status === 'signed-in') {
    const lapsed: Session = { status: 'signed-out', lapsed: true };
    client.setQueryData<Session>(queryKeys.session, lapsed);
  }
  // The owner's role was taken back while a screen was open: the session says so, and the admin screens step aside.
  if (error.status === 403 && error.code === 'not_allowed') void client.invalidateQueries({ queryKey: queryKeys.session });
}

export function makeQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => sessionChanged(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => sessionChanged(client, error) }),
    defaultOptions: {
      queries: { staleTime: 60_000, retry: (failures, error) => failures < 1 && !isAnswer(error), refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
