import * as Dialog from '@radix-ui/react-dialog';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { CHART_LIMITS, sizeChartContract, type SizeListChoice } from '../../../shared/admin-product.contract.ts';
import { inputClass } from '../../components/form-field.tsx';
import { useSaveSizeChart } from './products.api.ts';
import { DialogSaveActions, saveInDialog } from './dialog-save.tsx';

const figure = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
/** A blank cell is "not measured"; anything else must read as a number (the contract says what is wrong). */
const parsed = (typed: string) => (typed.trim() === '' ? null : /^\s*\d+(\.\d+)?\s*$/.test(typed) ? Number(typed) : Number.NaN);

/**
 * A size list's chart (issue 16), from the product editor: the measures as columns (renamed, added,
 * removed) and a figure in inches per size. Saved for the list, so every piece sold in it shows it.
 */
export function SizeChartEditor({ list }: { list: SizeListChoice }) {
  const [open, setOpen] = useState(false);
  const [measures, setMeasures] = useState<string[]>([]);
  const [rows, setRows] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSizeChart(list.id);

  const reset = () => {
    setMeasures(list.measures.length ? list.measures : ['Bust']);
    setRows(Object.fromEntries(list.sizes.map((size) => [size, (list.measures.length ? list.measures : ['']).map((_, i) => figure(list.chart[size]?.[i]))])));
    setError(null);
  };
  const setCell = (size: string, i: number, value: string) => setRows((r) => ({ ...r, [size]: r[size]!.map((v, j) => (j === i ? value : v)) }));
  const addMeasure = () => {
    setMeasures((m) => [...m, '']);
    setRows((r) => Object.fromEntries(Object.entries(r).map(([size, v]) => [size, [...v, '']])));
  };
  const removeMeasure = (i: number) => {
    setMeasures((m) => m.filter((_, j) => j !== i));
    setRows((r) => Object.fromEntries(Object.entries(r).map(([size, v]) => [size, v.filter((_, j) => j !== i)])));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // The dialog sits inside the product form in React's tree (its portal aside): React would pass
    // this submit up to that form, which would save the product.
    e.stopPropagation();
    const chart = Object.fromEntries(Object.entries(rows).filter(([, v]) => v.some((x) => x.trim() !== '')).map(([size, v]) => [size, v.map(parsed)]));
    const checked = sizeChartContract.safeParse({ measures, chart });
    await saveInDialog(checked, {
      refused: 'Please check the chart.',
      save: save.mutateAsync,
      savedText: () => `Size chart saved: every piece sold in ${list.name} shows it.`,
      setError,
      close: () => setOpen(false),
    });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) reset();
      }}
    >
      <Dialog.Trigger className="justify-self-start text-sm font-medium text-wine underline underline-offset-2">Edit the size chart of {list.name}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[min(44rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-ivory p-4 shadow-2xl sm:p-6">
          <Dialog.Title className="font-display text-2xl font-semibold">Size chart: {list.name}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">
            In inches (the shop shows centimetres beside them). Leave a figure blank if you do not measure it. Every piece sold in {list.name} shows this chart.
          </Dialog.Description>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
            <div className="overflow-x-auto" role="region" aria-label="Size chart figures" tabIndex={0}>
              <table className="text-sm">
                <thead>
                  <tr>
                    <th scope="col" className="px-1 pb-2 text-left font-medium">
                      Size
                    </th>
                    {measures.map((m, i) => (
                      <th key={i} scope="col" className="px-1 pb-2">
                        <span className="flex items-center gap-1">
                          <input aria-label={`Measure ${i + 1} name`} value={m} maxLength={CHART_LIMITS.measureName} onChange={(e) => setMeasures((all) => all.map((x, j) => (j === i ? e.target.value : x)))} className={`${inputClass} w-24 min-w-24`} />
                          {measures.length > 1 && (
                            <button type="button" onClick={() => removeMeasure(i)} aria-label={`Remove the measure ${m || i + 1}`} className="grid size-8 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-red-800">
                              <X className="size-4" aria-hidden="true" />
                            </button>
                          )}
                        </span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.sizes.map((size) => (
                    <tr key={size}>
                      <th scope="row" className="px-1 py-1 text-left font-medium">
                        {size}
                      </th>
                      {measures.map((m, i) => (
                        <td key={i} className="px-1 py-1">
                          <input
                            aria-label={`${m || `Measure ${i + 1}`}, size ${size}, inches`}
                            inputMode="decimal"
                            value={rows[size]?.[i] ?? ''}
                            onChange={(e) => setCell(size, i, e.target.value)}
                            className={`${inputClass} w-24 min-w-16`}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {measures.length < CHART_LIMITS.measures && (
              <button type="button" onClick={addMeasure} className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-wine">
                <Plus className="size-4" aria-hidden="true" /> Add a measure
              </button>
            )}
            <DialogSaveActions error={error} busy={save.isPending}>
              Save the chart
            </DialogSaveActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
