/**
 * The app shell's data (docs/decisions/0009-accounts.md): who is signed in, for the header's user
 * menu, the sidebar and the verification banner. A small store of its own rather than a query, so
 * home's first download stays without the query client; read with `useSession()`, refreshed by
 * whatever changes it (login, sign-up, logout, a verified address) with `refreshSession()`.
 * The next stage adds the wishlist and cart counts here.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getJson, sendJson } from './api.ts';

export interface SessionShopper {
  id: string;
  email: string;
  emailVerified: boolean;
}

export type Session = { status: 'unknown' } | { status: 'signed-out' } | { status: 'signed-in'; shopper: SessionShopper };

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

/** Asks the server who is signed in (one request at a time) and tells every reader. */
export function refreshSession(): Promise<Session> {
  inFlight ??= getJson<{ shopper: SessionShopper | null }>('/api/accounts/session')
    .then(({ shopper }) => (shopper ? { status: 'signed-in' as const, shopper } : { status: 'signed-out' as const }))
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
