/**
 * A return's parcels on the owner's returns screen (issue 49): the courier's pickup of an approved
 * piece, and an exchange's new size sent with the shop's courier or the owner's own; each parcel's
 * courier, AWB and step once booked.
 */
import { useState } from 'react';
import { PARCEL_GRAMS } from '../../../shared/parcels.contract.ts';
import { COURIER_LABELS, PARCEL_KIND_LABELS } from '../../../shared/parcels.ts';
import type { OwnerReturn } from '../../../shared/returns.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass } from '../../components/empty-state.tsx';
import { TextField } from '../../components/form-field.tsx';
import type { ReturnStep } from './returns.api.ts';

/** Each booked parcel of the request, in a line. */
export function ReturnParcelLines({ request: r }: { request: OwnerReturn }) {
  if (r.parcels.length === 0) return null;
  return (
    <ul className="grid gap-1">
      {r.parcels.map((parcel) => (
        <li key={parcel.kind}>
          <span className="font-medium">{PARCEL_KIND_LABELS[parcel.kind]}:</span> {parcel.courier}
          {parcel.awb && <>, AWB {parcel.awb}</>} · {parcel.stepLabel}
          {parcel.kind === 'exchange' && parcel.courier !== COURIER_LABELS.manual && parcel.step !== 'cancelled' && (
            <>
              {' · '}
              <a className="font-medium text-wine underline underline-offset-4 hover:text-wine-dark" href={`/api/admin/returns/${r.id}/label`} download>
                Print the label
              </a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The parcel's form: its weight, and for an exchange the tracking number when it goes with the
 * owner's own courier (empty: the shop's courier is booked).
 */
export function ParcelForm({ kind, busy, onSend, onCancel }: { kind: 'pickup' | 'exchange'; busy: boolean; onSend: (step: ReturnStep) => void; onCancel: () => void }) {
  const [grams, setGrams] = useState(String(PARCEL_GRAMS.usual));
  const [tracking, setTracking] = useState('');
  return (
    <form
      className="grid gap-2 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        const weightGrams = Number(grams);
        onSend(kind === 'pickup' ? { step: 'pickup', weightGrams } : { step: 'ship-exchange', weightGrams, ...(tracking.trim() && { trackingNumber: tracking }) });
      }}
    >
      <TextField label="Parcel weight (grams)" inputMode="numeric" required value={grams} onChange={(e) => setGrams(e.target.value)} />
      {kind === 'exchange' && <TextField label="Tracking number" hint="Only when you send it with your own courier; leave empty to book the shop’s courier." value={tracking} onChange={(e) => setTracking(e.target.value)} />}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" disabled={busy} className={buttonClass}>
          {kind === 'pickup' ? 'Book the pickup' : 'Send the new size'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
