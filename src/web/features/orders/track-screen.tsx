import { PackageSearch } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { pincodeProblem } from '../../../shared/pincode.ts';
import { ORDER_NUMBER_MESSAGE, orderNumberOf, TRACK_NOT_FOUND, trackedQuery } from '../../../shared/track-query.ts';
import { tidy } from '../../../shared/text-rules.ts';
import { OrderStatusBadge } from '../../components/order-status-badge.tsx';
import { buttonClass } from '../../components/empty-state.tsx';
import { FormMessage, TextField } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { ParcelTimeline } from '../../components/parcel-timeline.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTracking } from './track.api.ts';

const ORDER_NUMBER_HINT = 'As in your order mail, such as VA100001.';

/** What the address asks: both values in their one form, or what is wrong with what was typed. */
function lookUp(params: URLSearchParams) {
  const typed = { order: params.get('order') ?? '', pin: params.get('pin') ?? '' };
  const asked = params.has('order') || params.has('pin');
  const query = trackedQuery(params);
  const look = query ? { order: orderNumberOf(typed.order)!, pin: tidy(typed.pin) } : null;
  const problems = asked && !look ? { order: orderNumberOf(typed.order) ? undefined : ORDER_NUMBER_MESSAGE, pin: pincodeProblem(tidy(typed.pin)) } : {};
  return { typed, look, problems };
}

/**
 * /track (issue 48): a parcel followed with the order number and the delivery PIN code, no account
 * needed. A plain GET form, so it works before the page's code has arrived, and without it.
 * `foundMissing`: the server already asked and found nothing (the browser does not ask again).
 */
export function TrackScreen({ foundMissing }: { foundMissing: boolean }) {
  const [params] = useSearchParams();
  const { typed, look, problems } = lookUp(params);
  const tracking = useTracking(look, !foundMissing);
  const navigate = useNavigate();
  // Once the app runs, the look-up moves the address in place; before, the form goes as any GET form does.
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void navigate(`/track?${new URLSearchParams({ order: String(form.get('order') ?? ''), pin: String(form.get('pin') ?? '') })}`);
  };
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex items-center gap-3">
        <PackageSearch className="size-7 text-gold" aria-hidden="true" />
        <h1 className="font-display text-4xl font-semibold">Track your parcel</h1>
      </div>
      <p className="mt-1 text-muted">Enter your order number and the PIN code it is being delivered to. No account needed.</p>
      {/* Keyed by the look-up: a new one starts from what its address says. */}
      <form key={params.toString()} method="get" action="/track" onSubmit={submit} noValidate className="mt-6 grid gap-4 rounded-2xl border border-line bg-white/80 p-5 sm:grid-cols-[1fr_12rem_auto] sm:items-start sm:p-6">
        <TextField name="order" label="Order number" hint={ORDER_NUMBER_HINT} defaultValue={typed.order} error={problems.order} autoComplete="off" autoCapitalize="characters" maxLength={20} required />
        <TextField name="pin" label="Delivery PIN code" hint="Where the parcel is going." defaultValue={typed.pin} error={problems.pin} inputMode="numeric" autoComplete="postal-code" maxLength={6} required />
        <button type="submit" className={`${buttonClass} sm:mt-[2.6rem]`}>
          Track parcel
        </button>
      </form>
      <div className="mt-6" aria-live="polite">
        {look && <Result foundMissing={foundMissing} tracking={tracking} />}
      </div>
    </div>
  );
}

function Result({ foundMissing, tracking }: { foundMissing: boolean; tracking: ReturnType<typeof useTracking> }) {
  if (foundMissing || (tracking.error instanceof ApiError && tracking.error.status === 404)) {
    return <FormMessage tone="error">{TRACK_NOT_FOUND}</FormMessage>;
  }
  if (tracking.isError) return <FormMessage tone="error">{tracking.error.message}</FormMessage>;
  if (tracking.isPending) return <LoadingIndicator text="Finding your parcel..." />;
  const t = tracking.data;
  return (
    <article className="grid gap-4 rounded-2xl border border-line bg-white/80 p-5 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-2xl font-semibold lining-nums">Order {t.orderNumber}</h2>
        <OrderStatusBadge status={t.status} />
      </header>
      {t.parcel && t.parcel.step !== 'booking' ? (
        <ParcelTimeline parcel={t.parcel} />
      ) : (
        <p className="text-muted">{t.status === 'processing' ? 'We are packing your order. Tracking starts when the courier picks it up.' : `This order is ${t.statusLabel.toLowerCase()}.`}</p>
      )}
    </article>
  );
}
