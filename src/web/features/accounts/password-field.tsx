import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { inputClass, Labelled } from '../../components/form-field.tsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
}

/** A password input with a Show button: on a phone keyboard a typo is easy and hard to see. */
export const PasswordField = forwardRef<HTMLInputElement, Props>(function PasswordField({ label, error, className, ...input }, ref) {
  const [shown, setShown] = useState(false);
  return (
    <Labelled label={label} error={error} className={className}>
      {(aria) => (
        <div className="relative">
          <input ref={ref} {...aria} type={shown ? 'text' : 'password'} className={`${inputClass} pr-12`} {...input} />
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={shown}
            className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-muted hover:text-ink"
          >
            {shown ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
          </button>
        </div>
      )}
    </Labelled>
  );
});
