/**
 * The owner's offers (issue 50): each with its code, terms, state, uses and figures (orders paid or
 * placed with it, their sales after discount, and the discount given); pause, resume, end; a batch
 * of single-use codes for a mailer, downloaded as CSV; the figures of all as CSV.
 */
import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { indiaMinute } from '../../../shared/india-time.ts';
import { formatInr, formatInrShort } from '../../../shared/money.ts';
import { batchContract } from '../../../shared/offers.contract.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { EmptyState, RetryButton } from '../../components/empty-state.tsx';
import { FormMessage } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { ApiError } from '../../lib/api.ts';
import { useBatch, useMoveOffer, useOwnerOffers, type OwnerOffer } from './offers.api.ts';

const STATUS_LABELS = { active: 'Running', paused: 'Paused', ended: 'Ended' } as const;
const smallButton = `${secondaryButtonClass} min-h-9 px-4`;

/** What it takes off and when, in a line. */
function termsOf({ offer: o, scope }: OwnerOffer): string {
  const named = (included: boolean) => scope.filter((s) => s.included === included).map((s) => s.name).join(', ');
  const what = o.type === 'percent' ? `${o.percent}% off${o.capPaise ? ` (at most ${formatInrShort(o.capPaise)})` : ''}` : o.type === 'flat' ? `${formatInrShort(o.flatPaise ?? 0)} off` : 'Free shipping';
  const when = [
    o.minOrderPaise > 0 && `above ${formatInrShort(o.minOrderPaise)}`,
    o.minPieces > 0 && `${o.minPieces} or more pieces`,
    named(true) && `only for ${named(true)}`,
    named(false) && `not for ${named(false)}`,
    o.firstOrderOnly && 'first order only',
    !o.codAllowed && 'not with COD',
    o.endsAt && `until ${indiaMinute(new Date(o.endsAt))}`,
  ].filter(Boolean);
  return [what, ...when].join(' · ');
}

export function OffersList() {
  const offers = useOwnerOffers();
  if (offers.isPending) return <LoadingIndicator text="Loading the offers..." />;
  if (offers.isError) return <EmptyState title="We could not load the offers." action={<RetryButton onRetry={() => void offers.refetch()} />} />;
  const items = offers.data.items;
  return (
    <section aria-labelledby="offers-list" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="offers-list" className="font-display text-2xl font-semibold">
          Offers and codes
        </h2>
        {items.length > 0 && <FiguresDownload campaigns={[...new Set(items.flatMap((r) => (r.offer.campaign ? [r.offer.campaign] : [])))].sort()} />}
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted">No offers yet. Make the first one below.</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((row) => (
            <OfferRow key={row.offer.id} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The figures as CSV: every offer's, or one campaign's. */
function FiguresDownload({ campaigns }: { campaigns: string[] }) {
  const [campaign, setCampaign] = useState('');
  const href = `/api/admin/offers/report.csv${campaign ? `?${new URLSearchParams({ campaign })}` : ''}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {campaigns.length > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium">Campaign</span>
          <select className="min-h-9 rounded-lg border border-line bg-white px-2" value={campaign} onChange={(e) => setCampaign(e.target.value)}>
            <option value="">Every offer</option>
            {campaigns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      )}
      <a href={href} download className={smallButton}>
        <Download className="mr-2 size-4" aria-hidden="true" /> Figures (CSV)
      </a>
    </div>
  );
}

function OfferRow({ row }: { row: OwnerOffer }) {
  const { offer: o } = row;
  const move = useMoveOffer();
  return (
    <li aria-label={o.name} className="grid gap-3 rounded-xl border border-line bg-white/80 p-4 sm:grid-cols-[1fr_auto] sm:gap-x-6">
      <div className="min-w-0">
        <p className="font-medium">
          {o.name} <span className="ml-1 rounded-full bg-sand px-2 py-0.5 text-xs font-normal">{STATUS_LABELS[o.status]}</span>
        </p>
        <p className="mt-0.5 text-sm">
          {row.code ? <span className="font-mono font-medium tracking-wide">{row.code}</span> : o.mode === 'automatic' ? 'Automatic' : 'Codes only from batches'}
          {row.batchCodes > 0 && ` · ${row.batchCodes} single-use codes`}
          {o.campaign && <span className="text-muted"> · {o.campaign}</span>}
        </p>
        <p className="mt-0.5 text-sm text-muted">{termsOf(row)}</p>
      </div>
      <dl className="grid grid-cols-4 gap-3 text-sm sm:text-right">
        <Figure term="Uses" value={`${row.liveUses}${o.maxUses ? ` / ${o.maxUses}` : ''}`} />
        <Figure term="Orders" value={String(row.orders)} />
        <Figure term="Sales" value={formatInr(row.sales)} />
        <Figure term="Discount given" value={formatInr(row.given)} />
      </dl>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        {o.status === 'active' && (
          <button type="button" className={smallButton} disabled={move.isPending} onClick={() => move.mutate({ id: o.id, move: 'pause' })}>
            Pause
          </button>
        )}
        {o.status === 'paused' && (
          <button type="button" className={smallButton} disabled={move.isPending} onClick={() => move.mutate({ id: o.id, move: 'resume' })}>
            Resume
          </button>
        )}
        {o.status !== 'ended' && (
          <button type="button" className={smallButton} disabled={move.isPending} onClick={() => move.mutate({ id: o.id, move: 'end' })}>
            End <span className="sr-only">{o.name}</span>
          </button>
        )}
        {row.batchCodes > 0 && (
          <a href={`/api/admin/offers/${o.id}/codes.csv`} download className={smallButton}>
            <Download className="mr-2 size-4" aria-hidden="true" /> Codes (CSV)
          </a>
        )}
      </div>
      {move.error && <FormMessage tone="error">{move.error.message}</FormMessage>}
      {o.mode === 'code' && o.status !== 'ended' && <BatchForm offerId={o.id} name={o.name} />}
    </li>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** N single-use codes for a mailer: how many, and an optional prefix. */
function BatchForm({ offerId, name }: { offerId: number; name: string }) {
  const batch = useBatch();
  const [count, setCount] = useState('');
  const [prefix, setPrefix] = useState('');
  const [said, setSaid] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = batchContract.safeParse({ count: /^\s*\d+\s*$/.test(count) ? Number(count) : count, prefix });
    if (!checked.success) return setSaid({ tone: 'error', text: checked.error.issues[0]!.message });
    batch.mutate(
      { id: offerId, ...checked.data },
      {
        onSuccess: (made) => setSaid({ tone: 'success', text: `${made.codes.length} codes made. Download them as CSV.` }),
        onError: (err) => setSaid({ tone: 'error', text: err instanceof ApiError ? err.message : 'We could not make the codes.' }),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={`Single-use codes for ${name}`} className="flex flex-wrap items-end gap-2 text-sm sm:col-span-2">
      <label className="grid gap-1">
        <span>Single-use codes</span>
        <input inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} className="min-h-10 w-24 rounded-lg border border-line bg-white px-3" placeholder="500" />
      </label>
      <label className="grid gap-1">
        <span>Prefix</span>
        <input value={prefix} onChange={(e) => setPrefix(e.target.value)} autoCapitalize="characters" className="min-h-10 w-32 rounded-lg border border-line bg-white px-3 uppercase" placeholder="DIWALI" />
      </label>
      <button type="submit" className={smallButton} disabled={batch.isPending}>
        Make codes
      </button>
      {said && (
        <p role="status" className={`basis-full ${said.tone === 'error' ? 'text-red-800' : 'text-emerald-800'}`}>
          {said.text}
        </p>
      )}
    </form>
  );
}
