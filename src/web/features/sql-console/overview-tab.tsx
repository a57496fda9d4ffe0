import type { SqlSchema } from '../../../shared/sql-console.contract.ts';
import { formatBytes, formatCount, formatRows } from './format.ts';

/** What the console is, and the database at a glance. */
export function OverviewTab({ schema }: { schema: SqlSchema }) {
  const { database } = schema;
  const facts = [
    ['Database', `${database.engine} ${database.version}`],
    ['Size on disk', formatBytes(database.sizeBytes)],
    ['Tables', formatCount(database.tables)],
    ['Rows', formatCount(database.rows)],
    ['Row-level policies', formatCount(schema.policies.length)],
    ['Functions · triggers', `${formatCount(schema.functions.length)} · ${formatCount(schema.triggers.length)}`],
    ['Migrations', formatCount(schema.migrations.length)],
  ];
  const biggest = [...schema.tables].sort((a, b) => b.sizeBytes - a.sizeBytes);
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-2 text-sm leading-relaxed">
        <p>
          The shop’s database as it is now: its tables and columns, the row-level security that keeps each shopper to their own rows,
          the functions and triggers, and the migration scripts that made them. <strong>Execute SQL</strong> runs your own statements.
        </p>
        <p className="text-muted">
          Statements run read-only as a role that cannot see sign-in secrets (session tokens, password hashes, reset links), are stopped
          after 5 seconds and show at most 500 rows. Write mode is switched on for one statement at a time, after you confirm it. Every
          statement is kept in the audit log.
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {facts.map(([label, value], i) => (
          <div key={label} className={`rounded-xl border border-line bg-white/80 p-4 ${i === 0 ? 'col-span-2' : ''}`}>
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
            <dd className="mt-1 font-display text-xl font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="min-w-0">
        <h3 className="mb-2 font-display text-xl font-semibold">Tables by size</h3>
        <div tabIndex={0} role="region" aria-label="Tables by size" className="overflow-x-auto rounded-xl border border-line bg-white">
          <table className="min-w-full text-left text-sm">
            <thead className="bg-sand">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Table</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Rows</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Size</th>
              </tr>
            </thead>
            <tbody>
              {biggest.map((t) => (
                <tr key={t.name} className="border-t border-line/60">
                  <td className="px-3 py-1.5 font-mono text-xs">{t.name}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatRows(t)}</td>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">{formatBytes(t.sizeBytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
