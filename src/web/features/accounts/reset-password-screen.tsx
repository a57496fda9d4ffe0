import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { newPasswordContract } from '../../../shared/accounts.contract.ts';
import { FormMessage, SubmitButton } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { resetPassword } from './accounts.api.ts';
import { AuthCard, linkClass } from './auth-card.tsx';
import { codeOf, showFieldErrors } from '../../lib/form-errors.ts';
import { PasswordField } from './password-field.tsx';

/** Spec §9: after a reset, /login in 2 seconds. */
export const RESET_REDIRECT_MS = 2000;

const askAgain = (
  <Link to="/login" state={{ mode: 'forgot' }} className={linkClass}>
    Ask for a new link
  </Link>
);

/** Spec §2 Reset: a new password and its confirmation, for the token in the mailed link. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<{ text: string; askAgain?: boolean } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm({ resolver: zodResolver(newPasswordContract), mode: 'onTouched' });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = handleSubmit(async (input) => {
    setProblem(null);
    try {
      await resetPassword({ ...input, token });
      setDone(true);
    } catch (err) {
      if (codeOf(err) === 'invalid_token') return setProblem({ text: (err as ApiError).message, askAgain: true });
      if (!showFieldErrors(err, setError)) setProblem({ text: 'Failed to update password. Try again.' });
    }
  });

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <FormMessage tone="error">
          This page opens from the link in our reset mail. {askAgain}
        </FormMessage>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" intro="Your new password works at once, and every device signed in to your account is signed out.">
      {done ? (
        <FormMessage tone="success">Your password is changed. Taking you to log in...</FormMessage>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          {problem && (
            <FormMessage tone="error">
              {problem.text} {problem.askAgain && askAgain}
            </FormMessage>
          )}
          <PasswordField label="New password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
          <PasswordField label="Confirm new password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
          <SubmitButton busy={isSubmitting} busyText="Saving...">
            Save new password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
