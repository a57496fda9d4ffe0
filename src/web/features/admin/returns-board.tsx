/**
 * /admin/returns (issue 49): every request by what it waits for, with the shopper's photographs and
 * words, and the step the owner takes next; the counts by reason and the pieces whose fit comes
 * back one way; the return rules.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { INDIA_TIME_ZONE } from '../../../shared/india-time.ts';
import { formatInr } from '../../../shared/money.ts';
import { REASON_LABELS, RETURN_STATE_LABELS, type OwnerReturn, type ReturnState } from '../../../shared/returns.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { PickupFeeLine } from '../../components/pickup-fee-line.tsx';
import { buttonClass, EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { FormMessage, TextAreaField } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { ParcelForm, ReturnParcelLines } from './return-parcels.tsx';
import { useOwnerReturns, useReturnStep, type ReturnStep } from './returns.api.ts';

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: INDIA_TIME_ZONE });

/** The groups, in the order the owner works them. */
const GROUPS: { title: string; hint: string; states: ReturnState[] }[] = [
  { title: 'Waiting for your decision', hint: 'Look at the photographs and the reason, then approve or say why not.', states: ['requested'] },
  { title: 'Approved', hint: 'Book the courier to collect it, or ask the shopper to send it.', states: ['approved'] },
  { title: 'On the way back', hint: 'Mark each one received when it reaches you.', states: ['pickup_booked', 'picked_up'] },
  { title: 'Received: check it', hint: 'Passed: back on sale, with a credit note and the refund. Did not pass: say what you found.', states: ['received'] },
  { title: 'Checked', hint: 'Refunds under way, and exchanges whose new size is to be sent (at no charge).', states: ['passed'] },
  { title: 'Closed', hint: 'Refunded, sent, not accepted or not passed.', states: ['refunded', 'exchange_shipped', 'refused', 'failed', 'lapsed'] },
];

export function ReturnsBoard() {
  const [show, setShow] = useState<'open' | 'all'>('open');
  const list = useOwnerReturns(show);
  return (
    <section aria-labelledby="returns-requests" className="grid gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="returns-requests" className="font-display text-2xl font-semibold">
          Requests
        </h2>
        <div role="group" aria-label="Show" className="flex gap-2 text-sm">
          {(['open', 'all'] as const).map((s) => (
            <button key={s} type="button" aria-pressed={show === s} onClick={() => setShow(s)} className={`min-h-10 rounded-full px-4 ${show === s ? 'bg-sand text-wine' : 'text-muted ring-1 ring-line hover:text-ink'}`}>
              {s === 'open' ? 'Open' : 'All, newest first'}
            </button>
          ))}
        </div>
      </div>
      {list.isPending && <LoadingIndicator text="Loading the requests..." />}
      {list.isError && <EmptyState title="We could not load the requests." action={<RetryButton onRetry={() => void list.refetch()} />} />}
      {list.data?.items.length === 0 && <EmptyState title={show === 'open' ? 'No open requests.' : 'No requests yet.'}>A shopper asks for a return or exchange from their orders, once it is delivered.</EmptyState>}
      {list.data &&
        GROUPS.map((g, i) => {
          const held = list.data.items.filter((r) => g.states.includes(r.state));
          if (held.length === 0) return null;
          return (
            <section key={g.title} aria-labelledby={`return-group-${i}`}>
              <h3 id={`return-group-${i}`} className="font-display text-xl font-semibold">
                {g.title} <span className="text-base font-normal text-muted">({held.length})</span>
              </h3>
              <p className="text-sm text-muted">{g.hint}</p>
              <ul className="mt-2 grid gap-3">
                {held.map((r) => (
                  <ReturnCard key={r.id} request={r} />
                ))}
              </ul>
            </section>
          );
        })}
    </section>
  );
}

function ReturnCard({ request: r }: { request: OwnerReturn }) {
  return (
    <li className="grid gap-3 rounded-xl border border-line bg-white p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <Link className="font-medium text-wine underline-offset-4 hover:underline" to={`/admin/orders?search=${r.orderNumber}`}>
            {r.orderNumber}
          </Link>
          <span className="text-muted"> · {r.shopper} · {when.format(new Date(r.createdAt))}</span>
        </p>
        <p className="font-medium">{RETURN_STATE_LABELS[r.state]}</p>
      </div>
      <p>
        <span className="font-medium">{REASON_LABELS[r.reason]}</span>, {r.resolution === 'exchange' ? 'exchange' : 'refund'}: {r.lines.map((l) => `${l.quantity} × ${l.name}${l.size ? ` (${l.size})` : ''}${l.exchangeSize ? ` for ${l.exchangeSize}` : ''}`).join(', ')}
      </p>
      {r.note && <p className="rounded-lg bg-sand/40 px-3 py-2">“{r.note}”</p>}
      {r.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="The shopper’s photographs">
          {r.photos.map((id, i) => (
            <li key={id}>
              <a href={`/api/admin/returns/photos/${id}`} target="_blank" rel="noreferrer">
                <img src={`/api/admin/returns/photos/${id}`} alt={`Photograph ${i + 1} from the shopper`} className="size-24 rounded-lg object-cover ring-1 ring-line" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.ownerNote && <p className="text-muted">Your note: {r.ownerNote}</p>}
      <ReturnParcelLines request={r} />
      <Money request={r} />
      <Steps request={r} />
    </li>
  );
}

function Money({ request: r }: { request: OwnerReturn }) {
  if (r.refunds.length === 0 && !r.creditNote) return <PickupFeeLine request={r} invoiceHref={`/api/admin/returns/${r.id}/pickup-fee-invoice`} owner />;
  return (
    <p>
      <PickupFeeLine request={r} invoiceHref={`/api/admin/returns/${r.id}/pickup-fee-invoice`} owner />{' '}
      {r.refunds.map((m) => (
        <span key={m.way} className={m.failed ? 'text-red-800' : undefined}>
          {moneyWords(m)}{' '}
        </span>
      ))}
      {r.creditNote && (
        <a className="font-medium text-wine underline underline-offset-4 hover:text-wine-dark" href={`/api/admin/returns/${r.id}/credit-note`} download>
          Credit note {r.creditNote}
        </a>
      )}
    </p>
  );
}

/** Where a request's money stands, as the owner reads it. */
function moneyWords(m: OwnerReturn['refunds'][number]): string {
  const amount = formatInr(m.amount);
  if (m.way === 'payout') {
    if (m.choosing) return `${amount} waits for the shopper to choose store credit or a payout.`;
    if (m.failed) return `The payout of ${amount} to their ${m.payoutTo} got no answer: look in the RazorpayX Dashboard before paying it by hand.`;
    return `${amount} ${m.made ? 'paid' : 'being paid'} to their ${m.payoutTo}.`;
  }
  if (m.failed) return `The refund of ${amount} could not be made: refund it in the payment Dashboard.`;
  return `${amount} ${m.made ? 'refunded' : 'being refunded'} ${m.way === 'store_credit' ? 'as store credit' : 'to the way they paid'}.`;
}

/** The step that asks for more first: the words the shopper reads, or the parcel's weight. */
const SECOND: Partial<Record<ReturnState, { form: 'refuse' | 'fail' | 'pickup' | 'exchange'; label: string; first?: boolean }>> = {
  requested: { form: 'refuse', label: 'Refuse…' },
  approved: { form: 'pickup', label: 'Book a courier pickup…' },
  received: { form: 'fail', label: 'Did not pass…' },
  passed: { form: 'exchange', label: 'Send the new size…', first: true },
};

/** The owner's next step on the request, with words where the shopper reads them. */
function Steps({ request: r }: { request: OwnerReturn }) {
  const step = useReturnStep(r.id);
  const [asking, setAsking] = useState<'refuse' | 'fail' | 'pickup' | 'exchange' | null>(null);
  const [words, setWords] = useState('');
  const take = (s: ReturnStep) => step.mutate(s, { onSuccess: () => setAsking(null) });
  const buttons: { label: string; step: ReturnStep; quiet?: boolean }[] = [
    ...(r.state === 'requested' ? [{ label: 'Approve', step: { step: 'approve' } as const }] : []),
    ...(r.state === 'approved' ? [{ label: 'Ask the shopper to send it', step: { step: 'send-yourself' } as const }] : []),
    ...(['approved', 'pickup_booked', 'picked_up'].includes(r.state) ? [{ label: 'Mark received', step: { step: 'received' } as const }] : []),
    ...(r.state === 'received' ? [{ label: 'Passed the check', step: { step: 'check', passed: true, note: '' } as const }] : []),
    ...(r.state === 'passed' && r.refunds.some((m) => m.failed) ? [{ label: 'I refunded it myself', step: { step: 'refunded-by-hand' } as const }] : []),
    ...(r.state === 'passed' && r.resolution === 'exchange' ? [{ label: 'Refund instead', step: { step: 'refund-instead' } as const, quiet: true }] : []),
  ];
  const second = r.state === 'passed' && r.resolution !== 'exchange' ? null : (SECOND[r.state] ?? null);
  if (buttons.length === 0 && !second) return null;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {buttons.map((b, i) => (
          <button key={b.label} type="button" disabled={step.isPending} className={i === 0 && !b.quiet ? buttonClass : secondaryButtonClass} onClick={() => take(b.step)}>
            {b.label}
          </button>
        ))}
        {second && !asking && (
          <button type="button" className={second.first ? buttonClass : secondaryButtonClass} onClick={() => setAsking(second.form)}>
            {second.label}
          </button>
        )}
      </div>
      {(asking === 'pickup' || asking === 'exchange') && <ParcelForm kind={asking} busy={step.isPending} onSend={take} onCancel={() => setAsking(null)} />}
      {(asking === 'refuse' || asking === 'fail') && (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            take(asking === 'refuse' ? { step: 'refuse', reason: words } : { step: 'check', passed: false, note: words });
          }}
        >
          <TextAreaField label={asking === 'refuse' ? 'Why it is not accepted (the shopper reads this)' : 'What the check found (the shopper reads this)'} rows={3} maxLength={500} value={words} onChange={(e) => setWords(e.target.value)} />
          <div className="flex gap-2">
            <button type="submit" disabled={step.isPending} className={buttonClass}>
              {asking === 'refuse' ? 'Refuse the request' : 'Record: did not pass'}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setAsking(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {step.isError && <FormMessage tone="error">{step.error.message}</FormMessage>}
    </div>
  );
}
