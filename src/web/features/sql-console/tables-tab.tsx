import { ShieldCheck } from 'lucide-react';
import type { SqlSchema, SqlTable } from '../../../shared/sql-console.contract.ts';
import { formatBytes, formatRows } from './format.ts';
import { MigrationsList } from './migrations-list.tsx';

/** Every table with its columns (live from pg_catalog), then the scripts that made them. */
export function TablesTab({ schema }: { schema: SqlSchema }) {
  return (
    <div className="grid min-w-0 gap-6">
      <ul className="grid gap-2">
        {schema.tables.map((t) => (
          <li key={t.name}>
            <TableDetails table={t} />
          </li>
        ))}
      </ul>
      <MigrationsList migrations={schema.migrations} tab="tables" intro="Tables, indexes and extensions, as ./drizzle holds them." />
    </div>
  );
}

function TableDetails({ table }: { table: SqlTable }) {
  const hidden = table.columns.filter((c) => !c.readable).length;
  return (
    <details className="group min-w-0 rounded-xl border border-line bg-white/80">
      <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm">
        <span className="font-mono font-medium">{table.name}</span>
        <span className="text-muted">
          {formatRows(table)} {table.rows === 1 ? 'row' : 'rows'} · {formatBytes(table.sizeBytes)} · {table.columns.length} columns
        </span>
        {table.rowLevelSecurity && (
          <span className="inline-flex items-center gap-1 rounded-full bg-sand px-2 py-0.5 text-xs text-wine">
            <ShieldCheck className="size-3.5" aria-hidden="true" /> RLS
          </span>
        )}
        {hidden > 0 && <span className="text-xs text-muted">{hidden} hidden from the console</span>}
      </summary>
      <div tabIndex={0} role="region" aria-label={`Columns of ${table.name}`} className="overflow-x-auto border-t border-line">
        <table className="min-w-full text-left text-sm">
          <thead className="bg-sand/60">
            <tr>
              {['Column', 'Type', 'Null', 'Default', 'Console'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.columns.map((c) => (
              <tr key={c.name} className="border-t border-line/60">
                <td className="px-3 py-1.5 font-mono text-xs whitespace-nowrap">{c.name}</td>
                <td className="px-3 py-1.5 font-mono text-xs whitespace-nowrap">{c.type}</td>
                <td className="px-3 py-1.5 text-xs">{c.nullable ? 'yes' : 'no'}</td>
                <td className="px-3 py-1.5 font-mono text-xs whitespace-nowrap">{c.default ?? ''}</td>
                <td className="px-3 py-1.5 text-xs whitespace-nowrap">{c.readable ? 'readable' : 'secret: hidden'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
