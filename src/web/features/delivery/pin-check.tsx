import { Banknote, MapPin, Truck, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { PIN_DIGITS } from '../../../shared/accounts.ts';
import { checkPincode } from '../../../shared/pincode.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { FieldError, inputClass } from '../../components/form-field.tsx';
import { rememberedPin, rememberPin, useDeliveryCheck } from './delivery.api.ts';

interface Props {
  productId: number;
  /** The PIN of the shopper's address, when signed in and none was checked this visit. */
  addressPin?: string;
}

/**
 * Delivery Info's PIN field (issue 17): 'Delivery between ... and ...' or 'Delivery by ...', Cash
 * on Delivery for this piece there, or why not. Checked by the server; spec §5's six-digit rule
 * answers at once, before any request.
 */
export function PinCheck({ productId, addressPin }: Props) {
  const id = useId();
  const [typed, setTyped] = useState(addressPin ?? '');
  const [pin, setPin] = useState<string | null>(addressPin ?? null);
  // The PIN checked earlier this visit wins over the address's. Read once drawn: the page may come
  // drawn from the server, which cannot know this tab's storage, and must be taken over as it is.
  useEffect(() => {
    const remembered = rememberedPin();
    if (remembered === null) return;
    setTyped(remembered);
    setPin(remembered);
  }, []);
  const [problem, setProblem] = useState<string | null>(null);
  const answer = useDeliveryCheck(pin, productId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkPincode(typed);
    if (checked.problem !== undefined) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setPin(checked.pin);
    rememberPin(checked.pin);
  };

  const error = problem ?? (answer.isError ? answer.error.message : undefined);
  return (
    <div className="grid gap-3">
      <form onSubmit={submit} noValidate className="flex items-end gap-2">
        <div className="grow">
          <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
            Check delivery to your pincode
          </label>
          <input
            id={id}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={PIN_DIGITS}
            placeholder="6-digit pincode"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass}
          />
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Check
        </button>
      </form>
      <div aria-live="polite" className="grid gap-2 text-sm">
        {error ? (
          <FieldError id={`${id}-error`}>{error}</FieldError>
        ) : answer.isFetching && !answer.data ? (
          <p className="text-muted">Checking {pin}...</p>
        ) : answer.data ? (
          <DeliveryAnswer check={answer.data} />
        ) : null}
      </div>
    </div>
  );
}

function DeliveryAnswer({ check }: { check: NonNullable<ReturnType<typeof useDeliveryCheck>['data']> }) {
  return (
    <>
      <p className="flex items-center gap-2 text-muted">
        <MapPin className="size-4 shrink-0 text-gold" aria-hidden="true" /> {check.pincode} · {check.place}
      </p>
      {check.served ? (
        <>
          <p className="flex items-center gap-2 font-medium text-ink">
            <Truck className="size-4 shrink-0 text-emerald-700" aria-hidden="true" /> {check.text}
          </p>
          <p className={`flex items-center gap-2 ${check.cod ? 'text-ink' : 'text-muted'}`}>
            {check.cod ? <Banknote className="size-4 shrink-0 text-emerald-700" aria-hidden="true" /> : <X className="size-4 shrink-0 text-wine" aria-hidden="true" />}
            {check.codText}
          </p>
        </>
      ) : (
        <p className="flex items-center gap-2 font-medium text-wine">
          <X className="size-4 shrink-0" aria-hidden="true" /> {check.message}
        </p>
      )}
    </>
  );
}
