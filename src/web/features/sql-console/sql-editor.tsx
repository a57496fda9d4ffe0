import { Play } from 'lucide-react';
import { useId, useState } from 'react';
import { sqlRunContract, type SqlMode } from '../../../shared/sql-console.contract.ts';
import { buttonClass } from '../../components/empty-state.tsx';
import { FieldError } from '../../components/form-field.tsx';
import { useRunSql } from './sql-console.api.ts';
import { ResultView } from './result-view.tsx';
import { WriteModeDialog } from './write-mode-dialog.tsx';

/**
 * Free SQL (spec §2 Execute SQL). Read-only unless write mode is switched on, which asks first and
 * goes back off after that one statement. Ctrl+Enter (⌘+Enter) runs.
 */
export function SqlEditor() {
  const [text, setText] = useState('');
  const [writeMode, setWriteMode] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const runSql = useRunSql();
  const id = useId();

  const send = (sql: string, mode: SqlMode) => {
    setWriteMode(false);
    runSql.mutate({ sql, mode, ...(mode === 'write' && { confirmWrite: true }) });
  };
  const submit = () => {
    // The API's own contract, so the owner hears 'too long' before sending, in the same words.
    const checked = sqlRunContract.safeParse({ sql: text, mode: 'read' });
    setProblem(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    if (writeMode) setAsking(text);
    else send(text, 'read');
  };

  return (
    <div className="grid min-w-0 gap-4">
      <form
        noValidate
        className="grid gap-3 rounded-xl border border-line bg-white/80 p-4 sm:p-5"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${id}-sql`} className="text-sm font-medium">
          SQL statement
        </label>
        <textarea
          id={`${id}-sql`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              submit();
            }
          }}
          rows={6}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          placeholder="select name, price from products order by id limit 10"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          className="block w-full resize-y rounded-lg border border-line bg-white p-3 font-mono text-sm text-ink focus:border-wine focus:ring-2 focus:ring-wine/20 focus:outline-none aria-[invalid=true]:border-red-700"
        />
        <p id={`${id}-hint`} className="text-xs text-muted">
          One statement at a time. Read-only, stopped after 5 seconds, at most 500 rows shown. Ctrl+Enter runs it.
        </p>
        {problem && <FieldError id={`${id}-error`}>{problem}</FieldError>}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={writeMode} onChange={(e) => setWriteMode(e.target.checked)} className="size-5 accent-wine" />
            <span>
              <span className="font-medium">Write mode</span> <span className="text-muted">for the next statement only</span>
            </span>
          </label>
          <button type="submit" className={buttonClass} disabled={runSql.isPending}>
            <Play className="mr-1.5 size-4" aria-hidden="true" />
            {runSql.isPending ? 'Running...' : writeMode ? 'Run in write mode…' : 'Run'}
          </button>
        </div>
      </form>
      <WriteModeDialog
        statement={asking}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          if (asking !== null) send(asking, 'write');
        }}
      />
      {!runSql.isPending && <ResultView result={runSql.data} error={runSql.error} />}
    </div>
  );
}
