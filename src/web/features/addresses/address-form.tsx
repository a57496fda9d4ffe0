import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { addressContract, INDIA_ONLY, pincodeField, type AddressFormValues, type AddressInput } from '../../../shared/address.contract.ts';
import { PIN_DIGITS } from '../../../shared/accounts.ts';
import { DEFAULT_COUNTRY, type AddressFields } from '../../../shared/addresses.ts';
import { INDIA_STATE_NAMES } from '../../../shared/india.ts';
import { FormMessage, PhoneField, SelectField, SaveOrCancel, TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { showFieldErrors } from '../../lib/form-errors.ts';
import { pinProblem } from './addresses.api.ts';

const EMPTY: AddressFormValues = { name: '', phone: '', house: '', street: '', city: '', state: '', pincode: '', country: DEFAULT_COUNTRY };

interface Props {
  /** 'New address' or 'Edit address': the form's heading and its name for screen readers. */
  title: string;
  /** An address to edit, or one to start from (the profile's). */
  initial?: AddressFields;
  save: (input: AddressInput) => Promise<unknown>;
  onCancel: () => void;
}

/** What a refusal other than field errors tells the shopper: the server's words when they are for them. */
function failureText(err: unknown) {
  // 409: the book is full; 404: the address was deleted elsewhere. Both messages are the shopper's to read.
  if (err instanceof ApiError && (err.status === 409 || err.status === 404)) return err.message;
  return 'We could not save this address. Please try again.';
}

/**
 * Spec §5 Address: one delivery address, checked by the API's own contract (errors on blur, then
 * on change once touched). On any refusal the form stays open with what was typed (spec §8).
 */
export function AddressForm({ title, initial, save, onCancel }: Props) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, setError, clearErrors, getValues, getFieldState, formState } = useForm({
    resolver: zodResolver(addressContract),
    mode: 'onTouched',
    defaultValues: initial ?? EMPTY,
  });
  const { errors, isSubmitting } = formState;

  // The PIN against the chosen state, by the server's directory: on the PIN's blur, and when the
  // state changes under a PIN already typed. Spec §5's own rule answers first, without a request.
  const checkPin = async () => {
    const { pincode, state } = getValues();
    const pin = pincodeField.safeParse(pincode);
    if (!pin.success) return;
    const problem = await pinProblem(pin.data, state ?? '');
    if (getValues('pincode') !== pincode) return;
    if (problem) setError('pincode', { message: problem });
    else clearErrors('pincode');
  };
  const pinField = register('pincode');
  const stateField = register('state');

  // Focus comes to the form as it opens, on its heading: the name field's blur would otherwise
  // flag it empty as soon as the shopper clicks elsewhere first.
  useEffect(() => heading.current?.focus(), []);

  const submit = handleSubmit(
    async (input) => {
      setMessage(null);
      try {
        await save(input);
      } catch (err) {
        setMessage(showFieldErrors(err, setError) ? 'Please fix the errors below.' : failureText(err));
      }
    },
    () => setMessage('Please fix the errors below.'),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="scroll-mt-32 font-display text-2xl font-semibold">
        {title}
      </h3>
      {message && <FormMessage tone="error">{message}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <PhoneField label="Phone" error={errors.phone?.message} {...register('phone')} />
      </div>
      <TextField label="House/Flat" autoComplete="address-line1" error={errors.house?.message} {...register('house')} />
      <TextField label="Street/Address" autoComplete="address-line2" error={errors.street?.message} {...register('street')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
        <SelectField
          label="State"
          autoComplete="address-level1"
          placeholder="Choose a state"
          options={INDIA_STATE_NAMES}
          error={errors.state?.message}
          {...stateField}
          onChange={async (e) => {
            await stateField.onChange(e);
            if (getFieldState('pincode').isTouched) void checkPin();
          }}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Pincode"
          hint={`${PIN_DIGITS} digits`}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={PIN_DIGITS}
          error={errors.pincode?.message}
          {...pinField}
          onBlur={async (e) => {
            await pinField.onBlur(e);
            void checkPin();
          }}
        />
        <TextField label="Country" readOnly hint={INDIA_ONLY} error={errors.country?.message} {...register('country')} />
      </div>
      <SaveOrCancel busy={isSubmitting} onCancel={onCancel}>
        Save address
      </SaveOrCancel>
    </form>
  );
}
