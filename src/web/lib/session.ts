/**
 * Who is signed in (docs/decisions/0009, 0017): one query, read by the header's user menu and
 * badges, the private screens and the buttons that need a shopper. Its answer carries the
 * shopper's shelf (what they like, how many pieces are in the cart), which likes and cart changes
 * keep to the server's answers (lib/shelf.ts). Login, sign-up, verification and log out change it;
 * a 401 anywhere marks it lapsed (lib/query-client.ts).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Shelf } from '../../shared/cart.ts';
import { getJson, sendJson } from './api.ts';
import { useShellQuery } from './data-client.ts';
import { isShopperKey, queryKeys } from './query-keys.ts';

export interface SessionShopper {
  id: string;
  email: string;
  emailVerified: boolean;
}

export type Session =
  | { status: 'unknown' }
  /** `lapsed`: the shopper was signed in on this page and the server has since said no (a 401, an expired session). */
  | { status: 'signed-out'; lapsed?: boolean }
  | { status: 'signed-in'; shopper: SessionShopper; shelf: Shelf; isAdmin: boolean };

export type SignedIn = Extract<Session, { status: 'signed-in' }>;

const EMPTY_SHELF: Shelf = { likedProductIds: [], cartPieces: 0 };
const UNKNOWN: Session = { status: 'unknown' };
const SIGNED_OUT: Session = { status: 'signed-out' };

interface SessionAnswer {
  shopper: SessionShopper | null;
  shelf: Shelf | null;
  isAdmin?: boolean;
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: async ({ client, signal }): Promise<Session> => {
      const before = client.getQueryData<Session>(queryKeys.session);
      const { shopper, shelf, isAdmin } = await getJson<SessionAnswer>('/api/accounts/session', { signal });
      if (shopper) return { status: 'signed-in', shopper, shelf: shelf ?? EMPTY_SHELF, isAdmin: isAdmin === true };
      // Signed in a moment ago on this page, and now not: the session ended on the server.
      return before?.status === 'signed-in' ? { status: 'signed-out', lapsed: true } : SIGNED_OUT;
    },
    // A tab that comes back after a while asks again: the session may have ended meanwhile.
    refetchOnWindowFocus: true,
  });

/** The session: 'unknown' until the server has answered (or while the data layer loads). */
export const useSession = (): Session => useShellQuery(sessionQuery(), UNKNOWN).data;

/** The same, with whether asking failed, for the screens that cannot go on without knowing. */
export const useSessionQuery = () => useShellQuery(sessionQuery(), UNKNOWN);

/** The session as the server has it now (asked if not known yet), for an action deciding what a tap means. */
export const knownSession = (client: QueryClient) => client.ensureQueryData(sessionQuery());

/** After login, sign-up or a verified address: ask the server who is signed in now. */
export const refreshSession = (client: QueryClient) => client.fetchQuery({ ...sessionQuery(), staleTime: 0 });

/** Changes the signed-in shopper's shelf (from a like's or the cart's answer); nothing when signed out. */
export function updateShelf(client: QueryClient, change: (shelf: Shelf) => Shelf) {
  client.setQueryData<Session>(queryKeys.session, (s) => (s?.status === 'signed-in' ? { ...s, shelf: change(s.shelf) } : s));
}

/** Ends the session on the server, then on the page: signed out, and the shopper's own answers dropped. */
export async function signOut(client: QueryClient): Promise<void> {
  await sendJson('POST', '/api/accounts/logout');
  await client.cancelQueries();
  client.setQueryData<Session>(queryKeys.session, SIGNED_OUT);
  client.removeQueries({ predicate: isShopperKey });
}
