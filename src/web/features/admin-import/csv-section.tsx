import { useQueryClient } from '@tanstack/react-query';
import { catalogChanged } from '../../lib/query-keys.ts';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { CSV_TEMPLATE, TEMPLATE_COLUMNS, type CsvProgress, type CsvReport } from '../../../shared/admin-import.contract.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass } from '../../components/empty-state.tsx';
import { FormMessage, inputClass } from '../../components/form-field.tsx';
import { CsvReportView } from './csv-report.tsx';
import { importCsv } from './import.api.ts';

// A BOM, so that spreadsheets open the ₹ signs as UTF-8.
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${CSV_TEMPLATE}`)}`;

const HELP: [string, string][] = [
  ['name', 'Required. The product’s name.'],
  ['handle', 'Optional. Names the product across imports (else its name does): importing the file again updates it.'],
  ['price, offer_price', 'In rupees, such as ₹1,299 or 1299.50. An empty price is ₹599.'],
  ['stock', 'Pieces in stock of a one-size piece, such as 6 (10 when empty). The shop shows In Stock, Only a few left or Out of Stock from it.'],
  ['size_list', 'For a piece in sizes: the list’s name (Kurtas and suits, Lehengas, Blouses, Free size). Empty: one size.'],
  ['sizes', 'Each size with its pieces, separated by |, such as S:4|M:0|L:2. They replace the piece’s sizes; a size left out goes to 0.'],
  ['saree_length_m, blouse_length_m', 'In metres, such as 5.5 and 0.8.'],
  ['blouse_piece, fall_pico', 'included or not included; yes or no.'],
  ['fit, length', 'Kurtas and suits: the cut (Straight, A-line) and Hip, Knee, Calf or Ankle length.'],
  ['fabric, colour, weave, origin', 'A name from the shop’s lists, as the product editor offers them: Silk, Red, Zari weave, Banarasi. Empty: not said.'],
  ['colour_name', 'Your own name for the shade, such as Rani pink (needs a colour).'],
  ['occasions', 'Festive, Wedding, Party, Daily wear or Office; several separated by |.'],
  ['hsn_code', 'The HSN code, 4, 6 or 8 digits: 5007 silk sarees, 5208 cotton, 6204 kurtas and suits, 6214 dupattas.'],
  ['tax_rule, tax_rate', 'fabric (or fixed) with tax_rate in percent, such as 5; or apparel (5% up to ₹2,500 a piece, 18% above). Empty: the shop’s GST rate.'],
  ['key_highlights', 'Label: text, separated by |, such as Fabric: Silk | Length: 6.3 m.'],
  ['featured', 'yes or no.'],
  ['categories, collections', 'Slugs separated by |, such as silk-sarees|sarees.'],
  ['delivery_info', 'The deliveries offered: standard|express|pincode (all when empty), or none.'],
  ['images', 'Paths of photographs in the import folder, separated by |, such as red-saree/1.jpg.'],
];

/** Many products from one CSV file: checked first if the owner likes, progress as rows complete, then the report. */
export function CsvSection() {
  const client = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [running, setRunning] = useState<{ dryRun: boolean; progress: CsvProgress | null } | null>(null);
  const [report, setReport] = useState<CsvReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(dryRun: boolean) {
    if (!file) return setError('Choose a CSV file first.');
    setError(null);
    setReport(null);
    setRunning({ dryRun, progress: null });
    try {
      setReport(await importCsv(file, dryRun, (progress) => setRunning({ dryRun, progress })));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setRunning(null);
      // Even a stopped import may have written some batches.
      if (!dryRun) await catalogChanged(client);
    }
  }

  const p = running?.progress;
  return (
    <section aria-labelledby="csv-heading" className="grid gap-4 rounded-2xl border border-line bg-white/80 p-4 sm:p-6">
      <div className="max-w-2xl">
        <h2 id="csv-heading" className="font-display text-2xl font-semibold">
          From a CSV file
        </h2>
        <p className="mt-1 text-sm text-muted">
          Many products at once, one per row, with a first row naming the columns. Rows with a mistake are refused and reported; the others are imported.
        </p>
      </div>
      <details className="rounded-xl bg-sand/50 p-3 text-sm sm:p-4">
        <summary className="cursor-pointer font-medium">The columns</summary>
        <p className="mt-2 break-words text-muted">{TEMPLATE_COLUMNS.join(', ')}</p>
        <dl className="mt-3 grid gap-2 sm:grid-cols-[12rem_1fr]">
          {HELP.map(([term, text]) => (
            <div key={term} className="contents">
              <dt className="font-mono text-xs font-medium sm:pt-0.5">{term}</dt>
              <dd className="mb-1 text-muted sm:mb-0">{text}</dd>
            </div>
          ))}
        </dl>
        <a href={TEMPLATE_HREF} download="vastra-products-example.csv" className="mt-3 inline-flex min-h-10 items-center gap-1.5 font-medium text-wine underline underline-offset-2">
          <Download className="size-4" aria-hidden="true" /> Download an example CSV
        </a>
      </details>

      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void start(false);
        }}
      >
        <div>
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className={`${inputClass} py-2 file:mr-3 file:rounded-full file:border-0 file:bg-sand file:px-4 file:py-1.5 file:text-sm file:font-medium file:text-ink`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
              setError(null);
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${secondaryButtonClass} disabled:opacity-60`} disabled={running !== null} onClick={() => void start(true)}>
            Check without importing
          </button>
          <button type="submit" className={buttonClass} disabled={running !== null}>
            {running && !running.dryRun ? 'Importing...' : 'Import'}
          </button>
        </div>
      </form>

      {running && (
        <div role="status" className="grid gap-1.5">
          <progress className="h-2 w-full accent-wine" max={p?.total || 1} value={p?.done ?? 0} aria-label={running.dryRun ? 'Rows checked' : 'Rows imported'} />
          <p className="text-sm">
            {p ? `${running.dryRun ? 'Checked' : 'Imported'} ${p.done.toLocaleString('en-IN')} of ${p.total.toLocaleString('en-IN')} rows` : 'Sending the file...'}
          </p>
        </div>
      )}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {report && <CsvReportView report={report} />}
    </section>
  );
}
