import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PIN_DIGITS, profileContract, type ProfileInput } from '../../../shared/accounts.contract.ts';
import { FormMessage, PhoneField, SaveOrCancel, TextField } from '../../components/form-field.tsx';
import { showFieldErrors } from '../../lib/form-errors.ts';
import { GenderField } from './gender-field.tsx';
import type { Profile } from './profile.api.ts';

interface Props {
  profile: Profile;
  save: (input: ProfileInput) => Promise<unknown>;
  onCancel: () => void;
  /** The form's message: 'Please fix the errors below.' or what saving said. */
  message: { tone: 'error' | 'success'; text: string } | null;
  onMessage: (m: { tone: 'error' | 'success'; text: string } | null) => void;
}

/** Spec §2 Profile, edit mode: every field but the email (read-only) and the admin flag (never). */
export function ProfileForm({ profile, save, onCancel, message, onMessage }: Props) {
  const { email: _email, ...values } = profile;
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(profileContract),
    mode: 'onTouched',
    defaultValues: values,
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(
    async (input) => {
      onMessage(null);
      try {
        await save(input);
      } catch (err) {
        onMessage({ tone: 'error', text: showFieldErrors(err, setError) ? 'Please fix the errors below.' : 'Failed to update profile.' });
      }
    },
    () => onMessage({ tone: 'error', text: 'Please fix the errors below.' }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label="Email" value={profile.email} readOnly hint="Your email is how you log in; it cannot be changed here." />
      <PhoneField label="Phone" error={errors.phone?.message} {...register('phone')} />
      <GenderField field={register('gender')} error={errors.gender?.message} optional />
      <fieldset className="grid gap-4 border-t border-line pt-4">
        <legend className="pt-4 font-display text-xl font-semibold">Address</legend>
        <TextField label="House / Flat" autoComplete="address-line1" error={errors.addressHouse?.message} {...register('addressHouse')} />
        <TextField label="Address line" autoComplete="address-line2" error={errors.addressLine?.message} {...register('addressLine')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="City" autoComplete="address-level2" error={errors.addressCity?.message} {...register('addressCity')} />
          <TextField label="State" autoComplete="address-level1" error={errors.addressState?.message} {...register('addressState')} />
          <TextField
            label="Pin code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={PIN_DIGITS}
            error={errors.addressPin?.message}
            {...register('addressPin')}
          />
        </div>
      </fieldset>
      <SaveOrCancel busy={isSubmitting} onCancel={onCancel}>
        Save changes
      </SaveOrCancel>
    </form>
  );
}
