import { useId, useState } from 'react';
import { PIN_RULE_LABELS, PIN_RULES, pinRuleContract, type PinRule, type PinRuleKind } from '../../../shared/delivery.contract.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { FieldError, FormMessage, inputClass } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useRemovePinRule, useSavePinRule } from './delivery.api.ts';

const describe = (prefix: string) => (prefix.length === 6 ? `Pincode ${prefix}` : `Pincodes starting ${prefix}`);

/** PINs or prefixes the shop does not deliver to, or delivers to without Cash on Delivery; the longest match decides. */
export function PinRulesEditor({ rules }: { rules: PinRule[] }) {
  const id = useId();
  const saveRule = useSavePinRule();
  const removeRule = useRemovePinRule();
  const [prefix, setPrefix] = useState('');
  const [kind, setKind] = useState<PinRuleKind>('not_served');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    setFailed(null);
    const checked = pinRuleContract.safeParse({ prefix, rule: kind });
    if (!checked.success) return setError(checked.error.issues[0]!.message);
    setError(null);
    try {
      await saveRule.mutateAsync(checked.data);
      setPrefix('');
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : 'We could not save the rule. Please try again.');
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-2xl border border-line bg-white/80 p-5 sm:p-8">
      <div>
        <h2 id={`${id}-title`} className="font-display text-2xl font-semibold">
          Pincodes served differently
        </h2>
        <p className="mt-1 text-sm text-muted">A pincode or its first digits (79: every pincode starting 79). The longest match decides.</p>
      </div>
      {rules.length === 0 ? (
        <p className="text-sm text-muted">Every pincode in India is delivered to, with Cash on Delivery.</p>
      ) : (
        <ul className="divide-y divide-line/70" aria-label="Pincode rules">
          {rules.map((r) => (
            <li key={r.prefix} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{describe(r.prefix)}</span> <span className="text-muted">· {PIN_RULE_LABELS[r.rule]}</span>
              </span>
              <button type="button" className="min-h-11 px-3 text-sm font-medium text-wine underline-offset-4 hover:underline" onClick={() => removeRule.mutate(r.prefix)} aria-label={`Remove the rule for ${describe(r.prefix).toLowerCase()}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void add(e)} noValidate className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-prefix`} className="mb-1 block text-sm font-medium">
            Pincode or first digits
          </label>
          <input
            id={`${id}-prefix`}
            value={prefix}
            onChange={(e) => setPrefix(e.target.value)}
            inputMode="numeric"
            maxLength={6}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-rule`} className="mb-1 block text-sm font-medium">
            Rule
          </label>
          <select id={`${id}-rule`} value={kind} onChange={(e) => setKind(e.target.value as PinRuleKind)} className={inputClass}>
            {PIN_RULES.map((r) => (
              <option key={r} value={r}>
                {PIN_RULE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButtonClass} disabled={saveRule.isPending}>
          Add rule
        </button>
        {error && (
          <FieldError id={`${id}-error`}>{error}</FieldError>
        )}
      </form>
      {failed && <FormMessage tone="error">{failed}</FormMessage>}
    </section>
  );
}
