import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { loginContract, type LoginInput } from '../../../shared/accounts.contract.ts';
import { FormMessage, SubmitButton, TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { logIn } from './accounts.api.ts';
import { linkClass } from './auth-card.tsx';
import { codeOf, showFieldErrors } from '../../lib/form-errors.ts';
import { PasswordField } from './password-field.tsx';

type Problem = { text: string; offer?: 'reset' | 'signup' };

/** Spec §8 Login: what each refusal shows. */
function problemOf(err: unknown): Problem {
  switch (codeOf(err)) {
    case 'wrong_password':
      return { text: 'Wrong password. Please try again.', offer: 'reset' };
    case 'no_account':
      return { text: 'No account found. Try signing up.', offer: 'signup' };
    case 'email_not_verified':
    case 'too_many':
      return { text: (err as ApiError).message };
    default:
      return { text: 'Invalid email or password.' };
  }
}

/** Spec §2 Login, normal mode. `onForgot` switches to forgot-password mode with the email typed so far. */
export function LoginForm({ onSignedIn, onForgot, returnState }: { onSignedIn: () => void; onForgot: (email: string) => void; returnState: unknown }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const { register, handleSubmit, setError, getValues, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginContract),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(
    async (input) => {
      setProblem(null);
      try {
        await logIn(input);
        onSignedIn();
      } catch (err) {
        if (!showFieldErrors(err, setError)) setProblem(problemOf(err));
      }
    },
    () => setProblem({ text: 'Please fix the validation errors before proceeding.' }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {problem && (
        <FormMessage tone="error">
          {problem.text}{' '}
          {problem.offer === 'reset' && (
            <button type="button" className={linkClass} onClick={() => onForgot(getValues('email'))}>
              Reset Password
            </button>
          )}
          {problem.offer === 'signup' && (
            <Link to="/signup" state={returnState} className={linkClass}>
              Sign up
            </Link>
          )}
        </FormMessage>
      )}
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <PasswordField label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <div className="-mt-2 text-right">
        <button type="button" className={`${linkClass} text-sm`} onClick={() => onForgot(getValues('email'))}>
          Forgot password?
        </button>
      </div>
      <SubmitButton busy={isSubmitting} busyText="Logging in...">
        Log in
      </SubmitButton>
    </form>
  );
}
