import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useSessionQuery, type SignedIn } from '../lib/session.ts';
import { EmptyState, RetryButton, buttonClass } from './empty-state.tsx';
import { LoadingIndicator } from './loading-indicator.tsx';

/** What a private screen tells a visitor (spec §6: cart, favorites, orders need sign-in). */
export interface VisitorTexts {
  title: string;
  text: string;
  action: string;
}

/**
 * The one door of every private screen (docs/decisions/0017). While the session is not known,
 * loading. A visitor gets the screen's own words (the spec's) and a way to log in that comes back
 * here, or, for screens without such words, the login screen at once. A shopper whose session
 * lapsed on this page (any 401, lib/query-client.ts) goes to log in and comes back here.
 */
export function SignInFirst({
  loading,
  visitor,
  children,
}: {
  loading: string;
  /** Omitted: a visitor goes straight to /login. */
  visitor?: VisitorTexts;
  children: (session: SignedIn) => ReactNode;
}) {
  const session = useSessionQuery();
  const { pathname, search } = useLocation();
  const from = pathname + search;
  const s = session.data;
  if (s.status === 'signed-in') return children(s);
  if (s.status === 'unknown') {
    if (session.failed) return <EmptyState level={1} title="We could not reach the shop." action={<RetryButton onRetry={session.retry} />} />;
    return <LoadingIndicator text={loading} />;
  }
  if (s.lapsed || !visitor) return <Navigate to="/login" replace state={{ from }} />;
  return (
    <EmptyState
      level={1}
      title={visitor.title}
      action={
        <Link to="/login" state={{ from }} className={buttonClass}>
          {visitor.action}
        </Link>
      }
    >
      {visitor.text}
    </EmptyState>
  );
}
