import { useQueryClient } from '@tanstack/react-query';
import { catalogChanged } from '../../lib/query-keys.ts';
import { AlertTriangle, FolderOpen, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { stockChangeText, DETAILS_FILE, type FolderImportResult, type ImportFolder } from '../../../shared/admin-import.contract.ts';
import { IMPORT_DEFAULTS } from '../../../shared/admin-product.contract.ts';
import { formatInrShort } from '../../../shared/money.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass, RetryButton } from '../../components/empty-state.tsx';
import { FormMessage } from '../../components/form-field.tsx';
import { LoadingIndicator } from '../../components/loading-indicator.tsx';
import { importFolder, useImportFolders } from './import.api.ts';

type Outcome = { ok: true; result: FolderImportResult } | { ok: false; message: string };

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** Spec §2: the owner's preset folders, each imported alone or all at once, with what each did. */
export function FoldersSection() {
  const folders = useImportFolders();
  const client = useQueryClient();
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [all, setAll] = useState<{ done: number; total: number } | null>(null);
  const [summary, setSummary] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function run(name: string): Promise<Outcome> {
    setBusy(name);
    const outcome: Outcome = await importFolder(name).then(
      (result) => ({ ok: true, result }),
      (err: unknown) => ({ ok: false, message: err instanceof Error ? err.message : String(err) }),
    );
    setOutcomes((o) => ({ ...o, [name]: outcome }));
    setBusy(null);
    return outcome;
  }

  // The catalog changed: the folder list (which now names products) and every cached shop answer.
  const refresh = () => catalogChanged(client);

  async function importOne(name: string) {
    setSummary(null);
    await run(name);
    await refresh();
  }

  async function importAll(list: ImportFolder[]) {
    setSummary(null);
    const results: Outcome[] = [];
    setAll({ done: 0, total: list.length });
    for (const [i, f] of list.entries()) {
      results.push(await run(f.name));
      setAll({ done: i + 1, total: list.length });
    }
    const ok = results.filter((r) => r.ok);
    const created = ok.filter((r) => r.result.outcome === 'created').length;
    const refused = results.length - ok.length;
    setSummary({
      tone: refused ? 'error' : 'success',
      text: `Imported ${plural(ok.length, 'folder')}: ${created} new, ${ok.length - created} updated${refused ? `; ${plural(refused, 'folder')} refused (see below)` : ''}.`,
    });
    setAll(null);
    await refresh();
  }

  const data = folders.data;
  const ready = data?.folders.filter((f) => f.problems.length === 0) ?? [];
  return (
    <section aria-labelledby="folders-heading" className="grid gap-4 rounded-2xl border border-line bg-white/80 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-2xl">
          <h2 id="folders-heading" className="font-display text-2xl font-semibold">
            From folders
          </h2>
          <p className="mt-1 text-sm text-muted">
            Each folder becomes a product: its photographs in file-name order, and the fields of its {DETAILS_FILE} if it has one. Without details a
            product is named after its folder, costs {formatInrShort(IMPORT_DEFAULTS.pricePaise)} and says “{IMPORT_DEFAULTS.returnPolicy}”.
            Importing a folder again updates its product.
          </p>
          {data?.importDir && (
            <p className="mt-2 flex items-start gap-1.5 text-xs text-muted">
              <FolderOpen className="mt-px size-4 shrink-0" aria-hidden="true" />
              <span className="break-all font-mono">{data.importDir}</span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButtonClass} onClick={() => void folders.refetch()} disabled={busy !== null}>
            <RefreshCw className="mr-1.5 size-4" aria-hidden="true" /> Look again
          </button>
          {ready.length > 1 && (
            <button type="button" className={buttonClass} onClick={() => void importAll(ready)} disabled={busy !== null}>
              Import all ({ready.length})
            </button>
          )}
        </div>
      </div>

      {all && (
        <div role="status" className="grid gap-1.5">
          <progress className="h-2 w-full accent-wine" max={all.total} value={all.done} aria-label="Folders imported" />
          <p className="text-sm">
            Imported {all.done} of {plural(all.total, 'folder')}...
          </p>
        </div>
      )}
      {summary && <FormMessage tone={summary.tone}>{summary.text}</FormMessage>}

      {folders.isPending ? (
        <LoadingIndicator text="Looking in the import folder..." />
      ) : folders.isError ? (
        <div className="grid justify-items-start gap-3">
          <FormMessage tone="error">We could not read the import folder: {folders.error.message}</FormMessage>
          <RetryButton onRetry={() => void folders.refetch()} />
        </div>
      ) : !data!.exists ? (
        <FormMessage tone="info">{data!.message}</FormMessage>
      ) : data!.folders.length === 0 ? (
        <FormMessage tone="info">The import folder is empty. Put one folder per product in it, then choose Look again.</FormMessage>
      ) : (
        <ul className="grid gap-2">
          {data!.folders.map((f) => (
            <FolderRow key={f.name} folder={f} outcome={outcomes[f.name]} busy={busy === f.name} disabled={busy !== null} onImport={() => void importOne(f.name)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FolderRow({ folder: f, outcome, busy, disabled, onImport }: { folder: ImportFolder; outcome?: Outcome; busy: boolean; disabled: boolean; onImport: () => void }) {
  const productId = outcome?.ok ? outcome.result.productId : f.productId;
  return (
    <li className="grid gap-3 rounded-xl border border-line bg-white p-3 sm:grid-cols-[1fr_auto] sm:items-center sm:p-4">
      <div className="min-w-0">
        <p className="font-medium break-all text-ink">{f.name}</p>
        <p className="mt-0.5 text-sm text-muted">
          {plural(f.photos, 'photograph')} · {f.hasDetails ? DETAILS_FILE : `no ${DETAILS_FILE}`}
          {productId !== null && (
            <>
              {' · '}
              <Link to={`/admin/products/${productId}`} className="text-wine underline underline-offset-2">
                product #{productId}
              </Link>
            </>
          )}
        </p>
        {f.problems.map((p) => (
          <p key={p} className="mt-1 flex gap-1.5 text-sm text-red-800">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {p}
          </p>
        ))}
        {f.warnings.map((w) => (
          <p key={w} className="mt-1 text-xs text-muted">
            {w}
          </p>
        ))}
        {outcome && (
          <div className="mt-2">
            {outcome.ok ? (
              <FormMessage tone="success">
                {outcome.result.outcome === 'created' ? 'Created' : 'Updated'} “{outcome.result.name}” with {plural(outcome.result.photos, 'photograph')}.{' '}
                {outcome.result.stock.length > 0 ? `Stock: ${stockChangeText(outcome.result.stock)}.` : 'Stock unchanged.'}{' '}
                <Link to={`/product/${outcome.result.productId}`} className="underline underline-offset-2">
                  See it in the shop
                </Link>
              </FormMessage>
            ) : (
              <FormMessage tone="error">{outcome.message}</FormMessage>
            )}
          </div>
        )}
      </div>
      <button type="button" className={productId !== null ? secondaryButtonClass : buttonClass} onClick={onImport} disabled={disabled || f.problems.length > 0}>
        {busy ? 'Importing...' : productId !== null ? 'Import again' : 'Import'}
        <span className="sr-only"> {f.name}</span>
      </button>
    </li>
  );
}
