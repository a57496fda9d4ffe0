import { ChevronDown } from 'lucide-react';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { PHONE_DIGITS } from '../../shared/accounts.ts';
import { secondaryButtonClass } from './buttons.ts';
import { buttonClass } from './empty-state.tsx';

const controlClass =
  'block min-h-11 w-full rounded-lg border border-line bg-white px-3 text-base text-ink placeholder:text-muted/70 ' +
  'focus:border-wine focus:outline-none focus:ring-2 focus:ring-wine/20 aria-[invalid=true]:border-red-700';
// A select always matches :read-only, so only inputs take the read-only ground.
export const inputClass = `${controlClass} read-only:bg-sand/40`;

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's message (spec §5), shown under it and read with it. */
  error?: string;
  /** A quiet line under the label ("optional", the phone's 10 digits). */
  hint?: ReactNode;
}

/** The label above, the hint under it, the error below: one field's frame, tied together for screen readers. */
export function Labelled({ label, hint, error, className, children }: { label: string; hint?: ReactNode; error?: string; className?: string; children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="-mt-0.5 mb-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** A labelled input with its error under it, tied together for screen readers (react-hook-form's register fits). */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField({ label, error, hint, className, ...input }, ref) {
  return (
    <Labelled label={label} hint={hint} error={error} className={className}>
      {(aria) => <input ref={ref} {...aria} className={inputClass} {...input} />}
    </Labelled>
  );
});

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled text area (several lines: descriptions, care notes), tied to its hint and error as TextField is. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField({ label, error, hint, className, rows = 4, ...area }, ref) {
  return (
    <Labelled label={label} hint={hint} error={error} className={className}>
      {(aria) => <textarea ref={ref} rows={rows} {...aria} className={`${controlClass} py-2`} {...area} />}
    </Labelled>
  );
});

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  /** The empty first option's text ('Choose a state'): nothing is picked for the shopper. */
  placeholder: string;
  options: readonly string[];
}

/** A labelled native select (the phone's own picker), styled and tied to its error as TextField is. */
export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, placeholder, options, className, ...select },
  ref,
) {
  return (
    <Labelled label={label} error={error} className={className}>
      {(aria) => (
        <div className="relative">
          <select ref={ref} {...aria} className={`${controlClass} appearance-none pr-10`} {...select}>
            <option value="">{placeholder}</option>
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
          <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
        </div>
      )}
    </Labelled>
  );
});

/** An Indian mobile number: the number keypad, and never more than its 10 digits (spec §5). */
export const PhoneField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type' | 'inputMode' | 'maxLength'>>(function PhoneField(props, ref) {
  return <TextField ref={ref} type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={PHONE_DIGITS} {...props} />;
});

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {children}
    </p>
  );
}

/** A form's own message: a summary of its errors, or what the server said. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const tones = {
    error: 'border-red-200 bg-red-50 text-red-900',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-line bg-sand/60 text-ink',
  } as const;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3 py-2 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

/**
 * A form's submit button. Pressing it does not take focus from the field being typed in: that
 * field's blur would show its error, push the button down before the mouse comes up, and the
 * click would be lost. The form validates everything on submit anyway.
 */
export function SubmitButton({ busy, busyText, children }: { busy: boolean; busyText: string; children: ReactNode }) {
  return (
    <button type="submit" className={buttonClass} disabled={busy} onMouseDown={(e) => e.preventDefault()}>
      {busy ? busyText : children}
    </button>
  );
}

/** An editing form's save (Saving... while it saves) and its Cancel, side by side. */
export function SaveOrCancel({ busy, onCancel, children }: { busy: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton busy={busy} busyText="Saving...">
        {children}
      </SubmitButton>
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** Chips to tick: the groups a piece is in (a product's categories and collections, an offer's categories). */
export function GroupPicker({ legend, choices, chosen, error, onChange }: { legend: string; choices: readonly { slug: string; name: string }[]; chosen: string[]; error?: string; onChange: (v: string[]) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((g) => (
          <label key={g.slug} className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border border-line bg-white px-3 text-sm has-[:checked]:border-wine has-[:checked]:bg-wine/5">
            <input
              type="checkbox"
              className="size-4 accent-wine"
              checked={chosen.includes(g.slug)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, g.slug] : chosen.filter((s) => s !== g.slug))}
            />
            {g.name}
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-800">{error}</p>}
    </fieldset>
  );
}
