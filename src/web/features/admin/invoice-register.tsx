import { FileSpreadsheet } from 'lucide-react';
import { useId, useState } from 'react';
import { indiaMonth } from '../../../shared/india-time.ts';

/** The last two years' months, newest first, as 'YYYY-MM' and how a person says them. */
function recentMonths(now: Date, count = 24): { value: string; label: string }[] {
  const [y, m] = indiaMonth(now).split('-').map(Number) as [number, number];
  const name = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(Date.UTC(y, m - 1 - i, 1));
    return { value: at.toISOString().slice(0, 7), label: name.format(at) };
  });
}

const linkClass =
  'inline-flex items-center gap-2 rounded-lg border border-line bg-white px-4 py-2.5 text-sm font-medium text-wine hover:border-wine focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine';

/** /admin/tax: a month's invoices and credit notes for the accountant, as CSV (issue 18). */
export function InvoiceRegister() {
  const id = useId();
  const months = recentMonths(new Date());
  const [month, setMonth] = useState(months[0]!.value);
  const href = (view: 'documents' | 'summary') => `/api/admin/invoices/register?month=${month}&view=${view}`;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-2xl border border-line bg-white/80 p-5 sm:p-8">
      <div>
        <h2 id={`${id}-title`} className="font-display text-2xl font-semibold">
          Invoice register
        </h2>
        <p className="mt-1 text-sm text-muted">
          Every invoice and credit note of a month, with its taxable value and CGST, SGST or IGST per rate: the sheet your accountant prepares GSTR-1 from.
        </p>
      </div>
      <label className="grid max-w-xs gap-1 text-sm">
        <span className="font-medium">Month</span>
        <select value={month} onChange={(e) => setMonth(e.target.value)} className="rounded-lg border border-line bg-white px-3 py-2.5 text-base">
          {months.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap gap-3">
        <a href={href('documents')} download className={linkClass}>
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          Download the register (CSV)
        </a>
        <a href={href('summary')} download className={linkClass}>
          <FileSpreadsheet className="size-4" aria-hidden="true" />
          Summary by state and rate (CSV)
        </a>
      </div>
    </section>
  );
}
