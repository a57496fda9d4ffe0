import { useState } from 'react';
import { decisionDue, type OwnerParcel, type NdrDecision } from '../../../shared/parcels.ts';
import { PARCEL_GRAMS } from '../../../shared/parcels.contract.ts';
import type { AdminOrder } from '../../../shared/admin-orders.contract.ts';
import { INDIA_TIME_ZONE } from '../../../shared/india-time.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass } from '../../components/empty-state.tsx';
import { FormMessage, TextField } from '../../components/form-field.tsx';
import { ParcelTimeline } from '../../components/parcel-timeline.tsx';
import { useBookParcel, useCourierSettings, useDecideParcel, useOrderParcel } from './parcels.api.ts';

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: INDIA_TIME_ZONE });
const COURIER_NAMES = { shiprocket: 'Shiprocket', delhivery: 'Delhivery' } as const;
const CHANNELS = { email: 'E-mail', whatsapp: 'WhatsApp', sms: 'SMS' } as const;

/** The order's parcel for the owner (issue 48): book it with one button, print its label, follow it, decide after a failed attempt. */
export function ParcelPanel({ order }: { order: AdminOrder }) {
  const parcel = useOrderParcel(order.id);
  const settings = useCourierSettings();
  if (parcel.isPending || settings.isPending || parcel.isError) return null;
  const p = parcel.data.parcel;
  const booking = p?.step === 'booking';
  const chosen = settings.data?.courier && settings.data.courier !== 'none' ? settings.data.courier : null;
  const canBook = order.status === 'processing' && (!p || booking) && chosen;
  if (!p && !canBook && parcel.data.messages.length === 0) return null;
  return (
    <section aria-labelledby="parcel-heading" className="grid gap-3 rounded-xl border border-line bg-white p-3 sm:p-4">
      <h3 id="parcel-heading" className="text-xs font-medium uppercase tracking-[0.16em] text-gold">
        Parcel
      </h3>
      {canBook && <BookParcel orderId={order.id} courier={COURIER_NAMES[chosen]} grams={p?.weightGrams ?? settings.data?.parcelGrams ?? PARCEL_GRAMS.usual} resumes={booking} local={settings.data?.local ?? false} />}
      {p && !booking && <Booked orderId={order.id} parcel={p} />}
      {parcel.data.messages.length > 0 && (
        <div>
          <h4 className="text-sm font-medium">Told the shopper</h4>
          <ul className="mt-1 grid gap-0.5 text-sm text-muted">
            {parcel.data.messages.map((m, i) => (
              <li key={i}>
                <time dateTime={m.at}>{when.format(new Date(m.at))}</time> · {CHANNELS[m.channel]}: {m.summary}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function BookParcel({ orderId, courier, grams, resumes, local }: { orderId: string; courier: string; grams: number; resumes: boolean; local: boolean }) {
  const book = useBookParcel(orderId);
  const [weight, setWeight] = useState(String(grams));
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await book.mutateAsync(Number(weight));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-2 sm:grid-cols-[12rem_auto] sm:items-end">
      <TextField label="Parcel weight (grams)" inputMode="numeric" value={weight} onChange={(e) => setWeight(e.target.value)} hint={`${PARCEL_GRAMS.min} g to ${PARCEL_GRAMS.max / 1000} kg, packed.`} />
      <div>
        <button type="submit" className={buttonClass} disabled={book.isPending}>
          {book.isPending ? 'Booking...' : resumes ? `Finish booking with ${courier}` : `Book ${courier} and ask for pickup`}
        </button>
      </div>
      {local && <p className="text-xs text-muted sm:col-span-2">Development: the local courier plays {courier}; nothing real is booked.</p>}
      {error && (
        <div className="sm:col-span-2">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}
    </form>
  );
}

function Booked({ orderId, parcel }: { orderId: string; parcel: OwnerParcel }) {
  return (
    <div className="grid gap-3">
      {parcel.step === 'attempt_failed' && <Decide orderId={orderId} parcel={parcel} />}
      {parcel.hasLabel && (
        <p>
          <a className={secondaryButtonClass} href={`/api/admin/orders/${orderId}/label`} download>
            Download the label (PDF)
          </a>
        </p>
      )}
      <ParcelTimeline parcel={parcel} headingLevel={4} />
      <p className="text-xs text-muted">
        Booked by {parcel.bookedBy} · reference {parcel.reference} · {parcel.weightGrams} g
      </p>
    </div>
  );
}

/** A failed attempt: try again or bring it back, within the courier's 48 hours. */
function Decide({ orderId, parcel }: { orderId: string; parcel: OwnerParcel }) {
  const decide = useDecideParcel(orderId);
  const [error, setError] = useState<string | null>(null);
  if (parcel.decision) {
    return <FormMessage tone="info">{parcel.decision === 'reattempt' ? 'You asked the courier to try again' : 'You asked the courier to bring it back'}{parcel.decidedBy ? ` (${parcel.decidedBy})` : ''}.</FormMessage>;
  }
  async function take(decision: NdrDecision) {
    setError(null);
    try {
      await decide.mutateAsync(decision);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }
  return (
    <div className="grid gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
      <p className="text-sm text-amber-950">
        The courier could not deliver it. Decide by {when.format(decisionDue(parcel.attemptFailedAt ?? new Date().toISOString()))}, or the courier decides alone.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass} disabled={decide.isPending} onClick={() => void take('reattempt')}>
          Try delivery again
        </button>
        <button type="button" className={secondaryButtonClass} disabled={decide.isPending} onClick={() => void take('return')}>
          Bring it back to us
        </button>
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}
