/**
 * The app shell's data (docs/decisions/0009-accounts.md): who is signed in, for the header's user
 * menu, the sidebar and the verification banner. A small store of its own rather than a query, so
 * home's first download stays without the query client; read with `useSession()`, refreshed by
 * whatever changes it (login, sign-up, logout, a verified address) with `refreshSession()`.
 * The session's answer carries the shopper's shelf (what they like, how many pieces are in the
 * cart) for the header's badges and the like buttons; likes and cart changes update it from the
 * server's answers (src/web/lib/shelf.ts).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Shelf } from '../../shared/cart.ts';
import { getJson, sendJson } from './api.ts';

export interface SessionShopper {
  id: string;
  email: string;
  emailVerified: boolean;
}

export type Session =
  | { status: 'unknown' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; shopper: SessionShopper; shelf: Shelf; isAdmin: boolean };

const EMPTY_SHELF: Shelf = { likedProductIds: [], cartPieces: 0 };

/** A tab left in the background asks again when it comes back after this long: a session may have ended. */
const STALE_MS = 60_000;

let session: Session = { status: 'unknown' };
let fetchedAt = 0;
let inFlight: Promise<Session> | null = null;
const listeners = new Set<() => void>();

function set(next: Session) {
  session = next;
  fetchedAt = Date.now();
  listeners.forEach((l) => l());
}

/** The session as it is now, outside React (an action deciding what a tap means). */
export const currentSession = () => session;

/** The session as it is, asked of the server first if not known yet. */
export const knownSession = () => (session.status === 'unknown' ? refreshSession() : Promise.resolve(session));

/** Changes the signed-in shopper's shelf (from a like's or the cart's answer); nothing when signed out. */
export function updateShelf(change: (shelf: Shelf) => Shelf) {
  if (session.status === 'signed-in') set({ ...session, shelf: change(session.shelf) });
}

/** Asks the server who is signed in (one request at a time) and tells every reader. */
export function refreshSession(): Promise<Session> {
  inFlight ??= getJson<{ shopper: SessionShopper | null; shelf: Shelf | null; isAdmin?: boolean }>('/api/accounts/session')
    .then(({ shopper, shelf, isAdmin }): Session =>
      shopper ? { status: 'signed-in', shopper, shelf: shelf ?? EMPTY_SHELF, isAdmin: isAdmin === true } : { status: 'signed-out' },
    )
    // Unknown stays unknown on a failed request: the header keeps offering log in, nothing breaks.
    .catch(() => session)
    .then((next) => {
      set(next);
      return next;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, fetched on first use and again when a tab returns after a while. */
export function useSession(): Session {
  const current = useSyncExternalStore(subscribe, () => session, () => session);
  useEffect(() => {
    if (session.status === 'unknown' && !inFlight) void refreshSession();
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - fetchedAt > STALE_MS) void refreshSession();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);
  return current;
}

/** Ends the session on the server, then everywhere on the page. */
export async function signOut(): Promise<void> {
  await sendJson('POST', '/api/accounts/logout');
  set({ status: 'signed-out' });
}
