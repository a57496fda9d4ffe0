import { useState } from 'react';
import { SQL_ERROR, SQL_ROW_CAP, SQL_SUCCESS, SQL_UNKNOWN_ERROR, type SqlResult } from '../../../shared/sql-console.contract.ts';
import { formatCount, plural } from './format.ts';
import { ResultTable, rowsAsJson } from './result-table.tsx';
import { ScriptBlock } from './script-block.tsx';

const CHANGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

function summary(result: SqlResult): string {
  const rows = CHANGES.has(result.command) ? `${plural(result.rowCount, 'row')} ${result.command === 'INSERT' ? 'added' : 'changed'}` : plural(result.rowCount, 'row');
  return `${result.command} · ${rows} · ${formatCount(result.durationMs)} ms · ${result.mode === 'write' ? 'write mode' : 'read-only'}`;
}

/** Spec §8: 'Success!' with the rows (as a table or as JSON), or 'Error:' with the message, or 'Unknown error'. */
export function ResultView({ result, error }: { result?: SqlResult; error?: Error | null }) {
  const [view, setView] = useState<'table' | 'json'>('table');
  if (error) {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">{SQL_ERROR}</p>
        <p className="mt-1 font-mono text-xs break-words whitespace-pre-wrap">{error.message || SQL_UNKNOWN_ERROR}</p>
      </div>
    );
  }
  if (!result) return null;
  const json = rowsAsJson(result.columns, result.rows);
  return (
    <div className="grid min-w-0 gap-3">
      <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <p className="font-semibold">{SQL_SUCCESS}</p>
        <p className="mt-1">{summary(result)}</p>
        {result.capped && <p className="mt-1">Only the first {formatCount(SQL_ROW_CAP)} rows are shown; more matched. Add a WHERE or a LIMIT to see others.</p>}
      </div>
      {result.columns.length > 0 && (
        <>
          <div role="group" aria-label="Show the result as" className="flex gap-2">
            {(['table', 'json'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={`min-h-9 rounded-full px-4 text-sm font-medium ring-1 ${view === v ? 'bg-wine text-ivory ring-wine' : 'text-wine ring-line hover:bg-sand'}`}
              >
                {v === 'table' ? 'Table' : 'JSON'}
              </button>
            ))}
          </div>
          {view === 'table' ? (
            <ResultTable columns={result.columns} rows={result.rows} caption={`Result: ${plural(result.rows.length, 'row')}`} />
          ) : (
            <ScriptBlock title="result.json" script={json} />
          )}
        </>
      )}
    </div>
  );
}
