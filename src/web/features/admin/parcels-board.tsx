import { Link } from 'react-router';
import { decisionDue, PARCEL_KIND_LABELS, type ParcelBoardRow } from '../../../shared/parcels.ts';
import { INDIA_TIME_ZONE } from '../../../shared/india-time.ts';
import { formatInr } from '../../../shared/money.ts';
import { EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { useParcelBoard } from './parcels.api.ts';

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: INDIA_TIME_ZONE });

/** The board's groups, in the order the owner works them: what waits on them first. */
const GROUPS: { title: string; hint: string; holds: (r: ParcelBoardRow) => boolean }[] = [
  { title: 'Failed attempts waiting for you', hint: 'Cash on Delivery first: decide before the courier does.', holds: (r) => r.step === 'attempt_failed' && !r.decision },
  { title: 'Booking not finished', hint: 'The courier did not answer or said no: open the order to try again.', holds: (r) => r.step === 'booking' },
  { title: 'Waiting for pickup', hint: 'Print the label and keep the parcel ready.', holds: (r) => r.step === 'booked' },
  { title: 'On the way', hint: 'The courier’s scans move these by themselves.', holds: (r) => ['picked_up', 'in_transit', 'out_for_delivery', 'returning'].includes(r.step) || (r.step === 'attempt_failed' && !!r.decision) },
  { title: 'Returned to us', hint: 'Back on sale, with a credit note; a paid order refunded.', holds: (r) => r.step === 'returned' },
  { title: 'Delivered lately', hint: 'The last fortnight.', holds: (r) => r.step === 'delivered' },
];

/** Failed attempts: Cash on Delivery first, then the one whose time runs out first. */
const urgency = (a: ParcelBoardRow, b: ParcelBoardRow) => Number(b.paymentMethod === 'cod') - Number(a.paymentMethod === 'cod') || (a.attemptFailedAt ?? '').localeCompare(b.attemptFailedAt ?? '');

/** /admin/parcels (issue 48): every parcel by what it needs, the failed attempts first. */
export function ParcelsBoard() {
  const board = useParcelBoard();
  if (board.isPending) return <LoadingIndicator text="Loading the parcels..." />;
  if (board.isError) return <EmptyState title="We could not load the parcels." action={<RetryButton onRetry={() => void board.refetch()} />} />;
  const rows = board.data.items;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="font-display text-3xl font-semibold">Parcels</h1>
        <p className="mt-1 text-sm text-muted">
          Orders to pack and book are under <Link className="text-wine underline underline-offset-4" to="/admin/orders?status=processing">Orders · Processing</Link>.
        </p>
      </div>
      {rows.length === 0 && <EmptyState title="No parcels yet.">Book an order with the courier from its page, and it shows here.</EmptyState>}
      {GROUPS.map((g, i) => {
        const held = rows.filter(g.holds);
        if (held.length === 0) return null;
        if (g.title.startsWith('Failed')) held.sort(urgency);
        return (
          <section key={g.title} aria-labelledby={`parcel-group-${i}`}>
            <h2 id={`parcel-group-${i}`} className="font-display text-xl font-semibold">
              {g.title} <span className="text-base font-normal text-muted">({held.length})</span>
            </h2>
            <p className="text-sm text-muted">{g.hint}</p>
            <ul className="mt-2 grid gap-2">
              {held.map((r) => (
                <ParcelRow key={r.orderId} row={r} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function ParcelRow({ row: r }: { row: ParcelBoardRow }) {
  return (
    <li className="grid gap-1 rounded-xl border border-line bg-white p-3 text-sm sm:grid-cols-[8rem_1fr_auto] sm:items-center sm:gap-4">
      <Link className="font-medium text-wine underline-offset-4 hover:underline" to={`/admin/orders?search=${r.orderNumber}`}>
        {r.orderNumber}
      </Link>
      <p>
        {r.kind !== 'order' && <span className="mr-2 rounded-full bg-sand/60 px-2 py-0.5 text-xs font-medium">{PARCEL_KIND_LABELS[r.kind]}</span>}
        {r.stepLabel}
        <span className="text-muted">
          {' · '}
          {r.courier}
          {r.awb && ` · AWB ${r.awb}`}
        </span>
        {r.step === 'attempt_failed' && r.attemptFailedAt && !r.decision && <span className="block text-amber-900">Decide by {when.format(decisionDue(r.attemptFailedAt))}</span>}
      </p>
      <p className="text-muted sm:text-right">
        {r.kind !== 'order' ? 'No charge' : r.paymentMethod === 'cod' ? `COD ${formatInr(r.total)}` : 'Paid'}
        {r.heardAt && <span className="block text-xs">Last heard {when.format(new Date(r.heardAt))}</span>}
      </p>
    </li>
  );
}
