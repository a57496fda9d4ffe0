import { Minus, Plus } from 'lucide-react';
import { MAX_QUANTITY, MIN_QUANTITY, QUANTITY_TOO_HIGH } from '../../../shared/cart.ts';

const stepClass =
  'grid size-9 place-items-center rounded-full text-ink hover:bg-sand disabled:cursor-not-allowed disabled:text-muted/50 disabled:hover:bg-transparent';

/** Spec §2 and §5: a line's quantity, one step at a time, never below 1 nor above the shop's most. */
export function QuantityStepper({
  name,
  quantity,
  busy,
  onChange,
}: {
  name: string;
  quantity: number;
  busy: boolean;
  onChange: (quantity: number) => void;
}) {
  const atMost = quantity >= MAX_QUANTITY;
  return (
    <div className="flex flex-col items-start gap-1">
      <div role="group" aria-label={`Quantity of ${name}`} className="inline-flex items-center rounded-full ring-1 ring-line">
        <button
          type="button"
          className={stepClass}
          onClick={() => onChange(quantity - 1)}
          disabled={busy || quantity <= MIN_QUANTITY}
          aria-label={`One fewer ${name}`}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <output aria-live="polite" aria-label={`Quantity: ${quantity}`} className="min-w-8 text-center font-medium tabular-nums">
          {quantity}
        </output>
        <button type="button" className={stepClass} onClick={() => onChange(quantity + 1)} disabled={busy || atMost} aria-label={`One more ${name}`}>
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
      {atMost && <p className="text-xs text-muted">{QUANTITY_TOO_HIGH}</p>}
    </div>
  );
}
