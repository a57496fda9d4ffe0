import { useState } from 'react';
import { Link } from 'react-router';
import { IMPORT_MESSAGES, stockChangeText, type CsvReport, type CsvRowResult, type RowOutcome } from '../../../shared/admin-import.contract.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { FormMessage } from '../../components/form-field.tsx';

const PAGE = 100;
const ORDER: RowOutcome[] = ['refused', 'created', 'updated', 'unchanged'];
const LABELS: Record<RowOutcome, [done: string, dry: string]> = {
  created: ['Created', 'Would be created'],
  updated: ['Updated', 'Would be updated'],
  unchanged: ['Unchanged', 'Unchanged'],
  refused: ['Refused', 'Would be refused'],
};
const TONES: Record<RowOutcome, string> = {
  created: 'bg-emerald-50 text-emerald-900',
  updated: 'bg-sand text-ink',
  unchanged: 'bg-white text-muted ring-1 ring-line',
  refused: 'bg-red-50 text-red-900',
};

const n = (x: number) => x.toLocaleString('en-IN');

/** The per-row report: the counts first, then the rows, refused ones first. */
export function CsvReportView({ report }: { report: CsvReport }) {
  const [shown, setShown] = useState(PAGE);
  const label = (o: RowOutcome) => LABELS[o][report.dryRun ? 1 : 0];
  const rows = [...report.rows].sort((a, b) => ORDER.indexOf(a.outcome) - ORDER.indexOf(b.outcome) || a.row - b.row);
  const { created, updated, unchanged, refused } = report.counts;
  const headline = report.dryRun
    ? `Checked ${n(report.total)} rows; nothing was written. ${n(created)} would be created, ${n(updated)} updated, ${n(unchanged)} unchanged, ${n(refused)} refused.`
    : `Import finished: ${n(report.total)} rows in ${report.seconds >= 1 ? `${report.seconds} s` : 'under a second'}. ${n(created)} created, ${n(updated)} updated, ${n(unchanged)} unchanged, ${n(refused)} refused.`;

  return (
    <section className="grid gap-4" aria-labelledby="report-heading">
      <h3 id="report-heading" className="font-display text-xl font-semibold">
        {report.dryRun ? 'Check' : 'Import'} report
      </h3>
      <FormMessage tone={refused ? 'error' : 'success'}>{headline}</FormMessage>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {ORDER.map((o) => (
          <li key={o} className={`rounded-xl p-3 ${TONES[o]}`}>
            <span className="block text-2xl font-semibold tabular-nums">{n(report.counts[o])}</span>
            <span className="text-sm">{label(o)}</span>
          </li>
        ))}
      </ul>
      {report.stockChanged > 0 && (
        <p className="text-sm text-muted">
          {report.dryRun ? 'Would change' : 'Changed'} the stock of {n(report.stockChanged)} {report.stockChanged === 1 ? 'product' : 'products'}: each row below says which
          counts, and the stock ledger records each with this import.
        </p>
      )}
      {report.unknownColumns.length > 0 && <p className="text-sm text-muted">{IMPORT_MESSAGES.csvUnknownColumns(report.unknownColumns)}</p>}
      {rows.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-line bg-white">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">Each row of the file and what became of it</caption>
            <thead className="bg-sand/60 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Row
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Result
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Product
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.slice(0, shown).map((r) => (
                <ReportRow key={r.row} r={r} label={label(r.outcome)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > shown && (
        <div>
          <button type="button" className={secondaryButtonClass} onClick={() => setShown((s) => s + PAGE * 10)}>
            Show more rows ({n(rows.length - shown)} left)
          </button>
        </div>
      )}
    </section>
  );
}

function ReportRow({ r, label }: { r: CsvRowResult; label: string }) {
  return (
    <tr className="align-top">
      <td className="px-3 py-2 tabular-nums">{r.row}</td>
      <td className="px-3 py-2">
        <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[r.outcome]}`}>{label}</span>
      </td>
      <td className="px-3 py-2">
        <span className="block break-words">
          {r.productId ? (
            <Link to={`/admin/products/${r.productId}`} className="text-wine underline underline-offset-2">
              {r.name || `#${r.productId}`}
            </Link>
          ) : (
            r.name || <span className="text-muted">(no name)</span>
          )}
        </span>
        {r.stock && <span className="mt-0.5 block break-words text-muted">Stock: {stockChangeText(r.stock)}</span>}
        {r.reason && (
          <span className="mt-0.5 block break-words text-red-800">
            {r.column && <span className="font-mono text-xs">{r.column}: </span>}
            {r.reason}
          </span>
        )}
      </td>
    </tr>
  );
}
