import { FileDown } from 'lucide-react';
import type { OrderDocument } from '../../shared/orders.ts';

const LABEL: Record<OrderDocument['kind'], string> = { invoice: 'invoice', credit_note: 'credit note' };
const PATH: Record<OrderDocument['kind'], string> = { invoice: 'invoice', credit_note: 'credit-note' };

/**
 * An order's invoice and credit note as PDF downloads (issue 18). `base` is the order's address in
 * the API (the shopper's own, or the owner's), which answers each document under it.
 */
export function OrderDocuments({ documents, base }: { documents: OrderDocument[]; base: string }) {
  if (documents.length === 0) return null;
  return (
    <ul className="grid gap-1.5">
      {documents.map((d) => (
        <li key={d.kind}>
          <a
            href={`${base}/${PATH[d.kind]}`}
            download
            className="inline-flex items-center gap-2 rounded-lg text-sm font-medium text-wine underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine"
          >
            <FileDown className="size-4 shrink-0" aria-hidden="true" />
            <span>
              Download {LABEL[d.kind]} <span className="font-mono text-xs">{d.number}</span>
              <span className="text-muted"> (PDF)</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
