import { useId, useState } from 'react';
import type { SqlSchema } from '../../../shared/sql-console.contract.ts';
import { inputClass } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { ResultView } from './result-view.tsx';
import { useSqlSample } from './sql-console.api.ts';

/** A few rows of a chosen table, read as Execute SQL reads (read-only, no secrets, logged). */
export function SampleTab({ schema }: { schema: SqlSchema }) {
  const readable = schema.tables.filter((t) => t.columns.some((c) => c.readable)).map((t) => t.name);
  const [table, setTable] = useState(readable.includes('products') ? 'products' : (readable[0] ?? null));
  const sample = useSqlSample(table);
  const id = useId();
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-1 sm:max-w-sm">
        <label htmlFor={id} className="text-sm font-medium">
          Table
        </label>
        <select id={id} value={table ?? ''} onChange={(e) => setTable(e.target.value)} className={inputClass}>
          {readable.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {sample.data && (
        <p className="text-xs text-muted">
          Ran <code className="font-mono break-all">{sample.data.statement}</code>
        </p>
      )}
      {sample.isFetching ? <LoadingIndicator text="Reading rows..." /> : <ResultView result={sample.data} error={sample.error} />}
    </div>
  );
}
