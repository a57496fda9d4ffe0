/**
 * The code box of the cart and checkout (issue 50): a code typed in any case, applied by the
 * server (which answers the fresh quote: what it takes off, or what more it needs), removed with
 * one tap; the offers that apply, why another did not, and the best one within reach.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Tag, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatInr } from '../../shared/money.ts';
import { applyCodeContract } from '../../shared/offers.contract.ts';
import type { QuoteOffers } from '../../shared/orders.ts';
import { ApiError, sendJson } from '../lib/api.ts';
import type { BuyNowKey } from '../lib/buy-now.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { secondaryButtonClass } from './buttons.ts';
import { inputClass } from './form-field.tsx';

/** Where the code goes: the same piece (Buy Now) and address as the quote it changes. */
function codePath(buyNow: BuyNowKey | null, addressId: string | null): string {
  const params = new URLSearchParams({
    ...(buyNow && { buyNow: String(buyNow.productId), ...(buyNow.size !== undefined && { size: buyNow.size }) }),
    ...(addressId && { address: addressId }),
  });
  return params.size ? `/api/checkout/code?${params}` : '/api/checkout/code';
}

export function CodeBox({ offers, buyNow = null, addressId = null }: { offers: QuoteOffers; buyNow?: BuyNowKey | null; addressId?: string | null }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function send(method: 'POST' | 'DELETE', body?: { code: string }) {
    setBusy(true);
    setError(null);
    try {
      await sendJson(method, codePath(buyNow, addressId), body);
      setTyped('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.quotes });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'We could not reach the shop. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  function apply(event: FormEvent) {
    event.preventDefault();
    // The same contract as the server's: spaces and case folded, the shape checked before asking.
    const parsed = applyCodeContract.safeParse({ code: typed });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a code.');
    void send('POST', parsed.data);
  }

  const code = offers.code;
  return (
    <div className="grid gap-2 border-t border-line pt-4 text-sm">
      {code ? (
        <div className="flex items-center justify-between gap-2 rounded-lg bg-sand/60 px-3 py-2">
          <span className="flex items-center gap-2 font-medium">
            <Tag className="size-4 text-gold" aria-hidden="true" /> {code.code}
          </span>
          <button type="button" className="inline-flex min-h-11 items-center gap-1 text-wine underline-offset-2 hover:underline" disabled={busy} onClick={() => void send('DELETE')}>
            <X className="size-4" aria-hidden="true" /> Remove <span className="sr-only">code {code.code}</span>
          </button>
        </div>
      ) : (
        <form onSubmit={apply} noValidate className="grid gap-1">
          <label htmlFor={id} className="font-medium">
            Coupon code
          </label>
          <div className="flex gap-2">
            <input
              id={id}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${inputClass} uppercase placeholder:normal-case`}
              placeholder="FESTIVE10"
            />
            <button type="submit" className={`${secondaryButtonClass} shrink-0 px-5`} disabled={busy}>
              Apply
            </button>
          </div>
        </form>
      )}
      <p id={`${id}-error`} role="status" className={error || code?.message ? (code?.applies === false || error ? 'text-red-800' : 'text-muted') : 'sr-only'}>
        {error ?? code?.message ?? ''}
      </p>
      {offers.hint && offers.hint !== code?.message && <p className="font-medium text-wine">{offers.hint}</p>}
      {offers.applied.length > 0 && (
        <ul aria-label="Offers applied" className="grid gap-1">
          {offers.applied.map((o) => (
            <li key={`${o.offerId}:${o.code ?? ''}`} className="flex justify-between gap-3 text-emerald-800">
              <span>{o.label}</span>
              <span className="whitespace-nowrap tabular-nums">−{formatInr(o.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      {offers.notApplied.map((o) => (
        <p key={o.label} className="text-xs text-muted">
          {o.label}: {o.reason}
        </p>
      ))}
    </div>
  );
}
