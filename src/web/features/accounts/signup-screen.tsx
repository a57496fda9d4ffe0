import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FormMessage } from '../../components/form-field.tsx';
import { completeIntent, returnPath, type Next } from '../../lib/login-intent.ts';
import { refreshSession, useSession } from '../../lib/session.ts';
import { AuthCard, linkClass } from './auth-card.tsx';
import { SignupForm } from './signup-form.tsx';

/** Spec §9: sign-up redirects after 2 seconds. */
export const SIGNUP_REDIRECT_MS = 2000;

/**
 * Spec §2 and §4 Signup. Signed in at once: home (or back where the visitor was going) after 2 s.
 * With verification required (design.md): to /login after 2 s, carrying the same intent.
 */
export function SignupScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const [created, setCreated] = useState<{ signedIn: boolean } | null>(null);
  const [next, setNext] = useState<Next | null>(null);

  useEffect(() => {
    // Signed in: where the visitor was going, once their intent has completed; otherwise log in.
    const go = created?.signedIn ? next : created && { to: '/login', state: location.state };
    if (!go) return;
    const timer = setTimeout(() => navigate(go.to, { replace: true, state: go.state }), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [created, next, location.state, navigate]);

  if (session.status === 'signed-in' && !created) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <AuthCard
      title="Create your account"
      intro="Save favourites, check out faster and follow your orders."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={location.state} className={linkClass}>
            Log in
          </Link>
        </>
      }
    >
      {created ? (
        <FormMessage tone="success">
          {created.signedIn
            ? 'Your account is ready. We have sent you a mail to verify your email address. Taking you to the shop...'
            : 'Your account is ready. Please open the link we have mailed you to verify your email address, then log in.'}
        </FormMessage>
      ) : (
        <SignupForm
          onCreated={(signedIn) => {
            setCreated({ signedIn });
            if (signedIn) {
              void refreshSession(client)
                .then(() => completeIntent(client, location.state))
                // Signed in either way: should asking who it is fail, go on without the intent.
                .catch((): Next => ({ to: returnPath(location.state) }))
                .then(setNext);
            }
          }}
        />
      )}
    </AuthCard>
  );
}
