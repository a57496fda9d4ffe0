import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormMessage } from '../../components/form-field.tsx';
import { completeIntent, readLoginIntent, returnPath, type Next } from '../../lib/login-intent.ts';
import { refreshSession, useSession } from '../../lib/session.ts';
import { AuthCard, linkClass } from './auth-card.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { VerificationNotice } from './verification-notice.tsx';

/** Spec §9: the login redirect waits 1 second. */
export const LOGIN_REDIRECT_MS = 1000;

/** Spec §2 and §4 Login: normal and forgot-password modes; signed in, back where the visitor was. */
export function LoginScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const session = useSession();
  const [mode, setMode] = useState<'login' | 'forgot'>((location.state as { mode?: string } | null)?.mode === 'forgot' ? 'forgot' : 'login');
  const [forgotEmail, setForgotEmail] = useState('');
  const [signedIn, setSignedIn] = useState(false);
  const [next, setNext] = useState<Next | null>(null);
  const destination = returnPath(location.state);
  const intent = readLoginIntent(location.state);

  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next.to, { replace: true, state: next.state }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  // Someone already signed in has nothing to do here.
  if (session.status === 'signed-in' && !signedIn) return <Navigate to={destination} replace />;

  if (mode === 'forgot') {
    return (
      <AuthCard title="Reset your password" intro="Enter the email of your account and we will send you a link to choose a new password.">
        <ForgotPasswordForm email={forgotEmail} onBack={() => setMode('login')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Log in"
      intro={intent ? `Log in to ${intent.action === 'buyNow' ? 'buy' : 'add to your cart'} ${intent.product.name}.` : 'Welcome back to Vastra.'}
      footer={
        <>
          New to Vastra?{' '}
          <Link to="/signup" state={location.state} className={linkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <div className="grid gap-4">
        <VerificationNotice outcome={params.get('email-verification')} />
        {signedIn ? (
          <FormMessage tone="success">You are logged in. Taking you on...</FormMessage>
        ) : (
          <LoginForm
            returnState={location.state}
            onSignedIn={() => {
              setSignedIn(true);
              // The intent (spec §4) completes once the session is known, so the badge counts the new piece.
              void refreshSession(client)
                .then(() => completeIntent(client, location.state))
                // Signed in either way: should asking who it is fail, go on without the intent.
                .catch((): Next => ({ to: destination }))
                .then(setNext);
            }}
            onForgot={(email) => {
              setForgotEmail(email ?? '');
              setMode('forgot');
            }}
          />
        )}
      </div>
    </AuthCard>
  );
}
