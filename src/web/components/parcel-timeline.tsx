import { clsx } from 'clsx';
import { INDIA_TIME_ZONE } from '../../shared/india-time.ts';
import { PARCEL_STEP_LABELS, type ParcelTracking } from '../../shared/parcels.ts';

/** Times as the shopper's parcel lived them: India's clock, whatever the phone's own zone. */
const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: INDIA_TIME_ZONE });
const day = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: INDIA_TIME_ZONE });

/** A calendar day (YYYY-MM-DD) as words, read as India's day. */
const dayWords = (isoDay: string) => day.format(new Date(`${isoDay}T12:00:00+05:30`));

/**
 * Where the parcel is (issue 48): its step, the courier and AWB, the expected day, and every scan
 * newest first with its place and time. The shopper's /orders, /track and the owner's order share it.
 */
export function ParcelTimeline({ parcel, headingLevel = 3 }: { parcel: ParcelTracking; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  const ended = parcel.step === 'delivered' || parcel.step === 'returned' || parcel.step === 'cancelled';
  return (
    <section aria-label="Parcel tracking" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Heading className="font-medium">{PARCEL_STEP_LABELS[parcel.step]}</Heading>
        <p className="text-sm text-muted">
          {parcel.courier}
          {parcel.awb && (
            <>
              {' · AWB '}
              <span className="font-mono">{parcel.awb}</span>
            </>
          )}
        </p>
      </div>
      {parcel.deliveredAt && parcel.step === 'delivered' && <p className="text-sm">Delivered {when.format(new Date(parcel.deliveredAt))}</p>}
      {!ended && parcel.expectedOn && <p className="text-sm">Expected by {dayWords(parcel.expectedOn)}</p>}
      <ol className="grid gap-0 border-l-2 border-line pl-4">
        {parcel.events.map((e, i) => (
          <li key={`${e.at}-${i}`} className="relative pb-3 last:pb-0">
            <span aria-hidden="true" className={clsx('absolute -left-[1.45rem] top-1.5 size-3 rounded-full ring-2 ring-white', i === 0 ? 'bg-wine' : 'bg-line')} />
            <p className={clsx('text-sm', i === 0 && 'font-medium')}>{e.activity}</p>
            <p className="text-xs text-muted">
              <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
              {e.place && ` · ${e.place}`}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
