import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession, type Session } from '../lib/session.ts';
import { EmptyState, buttonClass } from './empty-state.tsx';
import { LoadingIndicator } from './loading-indicator.tsx';

type SignedIn = Extract<Session, { status: 'signed-in' }>;

/**
 * A screen of a shopper's own (spec §6: cart, favorites need sign-in): while the session is not
 * known, loading; signed out, the spec's words and a way to log in that comes back here.
 */
export function SignInFirst({
  from,
  loading,
  title,
  text,
  action,
  children,
}: {
  /** This screen's path, to come back to after logging in. */
  from: string;
  loading: string;
  title: string;
  text: string;
  action: string;
  children: (session: SignedIn) => ReactNode;
}) {
  const session = useSession();
  if (session.status === 'unknown') return <LoadingIndicator text={loading} />;
  if (session.status === 'signed-in') return children(session);
  return (
    <EmptyState
      level={1}
      title={title}
      action={
        <Link to="/login" state={{ from }} className={buttonClass}>
          {action}
        </Link>
      }
    >
      {text}
    </EmptyState>
  );
}
