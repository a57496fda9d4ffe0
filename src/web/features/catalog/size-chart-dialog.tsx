import * as Dialog from '@radix-ui/react-dialog';
import { Ruler, X } from 'lucide-react';
import { inchesToCm, type SizeChart } from '../../../shared/sizes.ts';

const figure = (n: number | null, unit: 'in' | 'cm') => (n === null ? '–' : unit === 'in' ? String(n) : String(inchesToCm(n)));

/**
 * The size list's chart in a dialog (issue 16): each size's measures in inches and centimetres, as
 * the owner keeps them. A Radix dialog: focus stays inside, Escape and the backdrop close it.
 */
export function SizeChartDialog({ chart, productName }: { chart: SizeChart; productName: string }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-wine underline-offset-4 hover:underline">
        <Ruler className="size-4" aria-hidden="true" /> Size chart
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-ivory p-5 shadow-2xl data-[state=open]:animate-[fade-in_150ms_ease-out] sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl font-semibold">Size chart</Dialog.Title>
            <Dialog.Close aria-label="Close the size chart" className="-mr-2 -mt-1 grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-wine">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-muted">
            {chart.listName} sizes for {productName}: body measurements, in inches and centimetres. Between two sizes, choose the larger.
          </Dialog.Description>
          {/* On a phone the table may scroll sideways: the region takes focus so a keyboard can scroll it too. */}
          <div tabIndex={0} role="region" aria-label="Measurements" className="overflow-x-auto rounded-lg ring-1 ring-line focus-visible:outline-2 focus-visible:outline-wine">
            <table className="w-full min-w-max border-collapse bg-white text-sm">
              <caption className="sr-only">Measurements for each size, in inches and centimetres</caption>
              <thead className="bg-sand/60 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Size
                  </th>
                  {chart.measures.map((m) => (
                    <th key={m} scope="col" className="px-3 py-2 font-medium">
                      {m}
                      <span className="block text-xs font-normal text-muted">in / cm</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.rows.map((row) => (
                  <tr key={row.size} className="border-t border-line/70">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {row.size}
                    </th>
                    {row.inches.map((n, i) => (
                      <td key={chart.measures[i]} className="px-3 py-2 tabular-nums">
                        {figure(n, 'in')} <span className="text-muted">/ {figure(n, 'cm')}</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
