import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { resetRequestContract } from '../../../shared/accounts.contract.ts';
import { FormMessage, SubmitButton, TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { requestPasswordReset } from './accounts.api.ts';
import { linkClass } from './auth-card.tsx';
import { codeOf, showFieldErrors } from '../../lib/form-errors.ts';

/** Spec §2 Login, forgot-password mode: the address for the link, Reset Password, and a way back. */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack: () => void }) {
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(resetRequestContract),
    mode: 'onTouched',
    defaultValues: { email },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      await requestPasswordReset(email);
      setOutcome({
        tone: 'success',
        text: `If ${email} has an account with us, a link to reset your password is on its way. It works for 60 minutes.`,
      });
    } catch (err) {
      if (showFieldErrors(err, setError)) return;
      const text = codeOf(err) === 'too_many' ? (err as ApiError).message : 'Failed to send reset link. Please try again.';
      setOutcome({ tone: 'error', text });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <SubmitButton busy={isSubmitting} busyText="Sending...">
        Reset Password
      </SubmitButton>
      <button type="button" className={`${linkClass} justify-self-center text-sm`} onClick={onBack}>
        Back to login
      </button>
    </form>
  );
}
