import { forwardRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { GENDER_LABELS, GENDERS } from '../../../shared/accounts.ts';
import { FieldError } from '../../components/form-field.tsx';

/** Spec §2 Signup: gender as three radio buttons in one group, with its error under them. */
export const GenderField = forwardRef<HTMLFieldSetElement, { field: UseFormRegisterReturn; error?: string; optional?: boolean }>(
  function GenderField({ field, error, optional }, ref) {
    return (
      <fieldset ref={ref} aria-invalid={error ? true : undefined} aria-describedby={error ? 'gender-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-ink">Gender{optional && <span className="font-normal text-muted"> (optional)</span>}</legend>
        <div className="flex flex-wrap gap-2">
          {GENDERS.map((g) => (
            <label
              key={g}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-4 text-sm has-[:checked]:border-wine has-[:checked]:bg-wine/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-wine"
            >
              <input type="radio" value={g} className="accent-wine" {...field} />
              {GENDER_LABELS[g]}
            </label>
          ))}
        </div>
        {error && <FieldError id="gender-error">{error}</FieldError>}
      </fieldset>
    );
  },
);
