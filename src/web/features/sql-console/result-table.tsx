import type { SqlColumn, SqlValue } from '../../../shared/sql-console.contract.ts';

const cellText = (value: SqlValue) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

/** Rows as a table that scrolls sideways inside its box; a long value is cut short here (the JSON view has it whole). */
export function ResultTable({ columns, rows, caption }: { columns: SqlColumn[]; rows: SqlValue[][]; caption: string }) {
  return (
    <div tabIndex={0} role="region" aria-label={caption} className="max-h-[32rem] overflow-auto rounded-xl border border-line bg-white">
      <table className="min-w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-sand">
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className="border-b border-line px-3 py-2 align-bottom font-medium whitespace-nowrap">
                {c.name}
                <span className="block text-xs font-normal text-muted">{c.type}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="odd:bg-white even:bg-ivory">
              {row.map((value, i) => (
                <td key={i} className="max-w-[20rem] truncate border-b border-line/60 px-3 py-1.5 font-mono text-xs whitespace-nowrap" title={value === null ? undefined : cellText(value)}>
                  {value === null ? <span className="text-muted italic">NULL</span> : cellText(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Rows as JSON objects keyed by column name (a repeated name gets _2, _3, ...), as spec §8's JSON result. */
export function rowsAsJson(columns: SqlColumn[], rows: SqlValue[][]): string {
  const seen = new Map<string, number>();
  const keys = columns.map((c) => {
    const n = (seen.get(c.name) ?? 0) + 1;
    seen.set(c.name, n);
    return n === 1 ? c.name : `${c.name}_${n}`;
  });
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(row.map((v, i) => [keys[i], v]))),
    null,
    2,
  );
}
