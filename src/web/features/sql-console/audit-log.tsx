import type { SqlAuditEntry, SqlOutcome } from '../../../shared/sql-console.contract.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { RetryButton } from '../../components/empty-state.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { formatCount, formatWhen, plural } from './format.ts';
import { useSqlAudit } from './sql-console.api.ts';

const OUTCOMES: Record<SqlOutcome, { label: string; tone: string }> = {
  ok: { label: 'Ran', tone: 'bg-emerald-50 text-emerald-900 ring-emerald-200' },
  refused: { label: 'Refused', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  failed: { label: 'Failed', tone: 'bg-red-50 text-red-900 ring-red-200' },
  timed_out: { label: 'Timed out', tone: 'bg-red-50 text-red-900 ring-red-200' },
};

/** Every statement the console ran or refused, newest first (design.md: the owner can read it). */
export function AuditLog() {
  const audit = useSqlAudit();
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby="sql-audit-heading" className="grid min-w-0 gap-3">
      <h2 id="sql-audit-heading" className="font-display text-2xl font-semibold">
        Audit log
      </h2>
      {audit.isPending && <LoadingIndicator text="Loading the audit log..." />}
      {audit.isError && (
        <div className="grid justify-items-start gap-2 text-sm">
          <p role="alert">We could not load the audit log.</p>
          <RetryButton onRetry={() => void audit.refetch()} />
        </div>
      )}
      {audit.isSuccess && entries.length === 0 && <p className="text-sm text-muted">No statements yet.</p>}
      {entries.length > 0 && (
        <ol className="grid gap-2" aria-label="Statements, newest first">
          {entries.map((e) => (
            <AuditItem key={e.id} entry={e} />
          ))}
        </ol>
      )}
      {audit.hasNextPage && (
        <button type="button" className={`${secondaryButtonClass} justify-self-start`} disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
          {audit.isFetchingNextPage ? 'Loading...' : 'Show older statements'}
        </button>
      )}
    </section>
  );
}

function AuditItem({ entry }: { entry: SqlAuditEntry }) {
  const outcome = OUTCOMES[entry.outcome];
  return (
    <li className="min-w-0 rounded-xl border border-line bg-white/80 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${outcome.tone}`}>{outcome.label}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${entry.mode === 'write' ? 'bg-wine text-ivory ring-wine' : 'text-muted ring-line'}`}>
          {entry.mode === 'write' ? 'Write' : 'Read'}
        </span>
        <time dateTime={entry.at} className="text-muted">
          {formatWhen(entry.at)}
        </time>
        <span className="min-w-0 truncate text-muted">{entry.userEmail}</span>
        <span className="text-muted">
          {entry.rowCount !== null && `${plural(entry.rowCount, 'row')} · `}
          {formatCount(entry.durationMs)} ms
        </span>
      </div>
      <pre tabIndex={0} className="mt-2 max-h-32 overflow-auto rounded-lg bg-sand/40 p-2 font-mono text-xs">
        <code>{entry.statement}</code>
      </pre>
      {entry.error && <p className="mt-1 font-mono text-xs break-words text-red-800">{entry.error}</p>}
    </li>
  );
}
