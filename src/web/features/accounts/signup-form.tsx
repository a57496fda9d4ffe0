import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signupContract } from '../../../shared/accounts.contract.ts';
import { FormMessage, PhoneField, SubmitButton, TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { signUp } from './accounts.api.ts';
import { showFieldErrors } from '../../lib/form-errors.ts';
import { GenderField } from './gender-field.tsx';
import { PasswordField } from './password-field.tsx';

/** Spec §8 Signup: what each refusal shows. */
function problemOf(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Failed to create account.';
  if (err.status === 422) return 'An account with this email already exists. Please log in or use a different email.';
  if (err.status === 400) return `Invalid signup details: ${err.message}`;
  return `Failed to create account: ${err.message}`;
}

/** Spec §2 Signup: first and last name, email, phone, gender and password. */
export function SignupForm({ onCreated }: { onCreated: (signedIn: boolean) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm({ resolver: zodResolver(signupContract), mode: 'onTouched' });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(
    async (input) => {
      setProblem(null);
      try {
        onCreated((await signUp(input)).signedIn);
      } catch (err) {
        // A field the server refused goes under its input; "this email has an account" is the form's news.
        if (err instanceof ApiError && err.code === 'invalid' && showFieldErrors(err, setError)) return;
        setProblem(problemOf(err));
      }
    },
    () => setProblem('Please fix the validation errors before proceeding.'),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" hint="Optional" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <PhoneField label="Phone" hint="10-digit mobile number" error={errors.phone?.message} {...register('phone')} />
      <GenderField field={register('gender')} error={errors.gender?.message} />
      <PasswordField label="Password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <p className="-mt-2 text-xs text-muted">At least 8 characters, with letters, numbers and one of @$!%*?&amp;</p>
      <SubmitButton busy={isSubmitting} busyText="Creating your account...">
        Create account
      </SubmitButton>
    </form>
  );
}
