import { Phone } from 'lucide-react';
import type { AddressFields } from '../../shared/addresses.ts';

/**
 * An address as a shopper reads one: who, where, and the phone the courier calls (the address book,
 * an order). Spans only, so it may sit inside a radio's label.
 */
export function AddressLines({ address: a }: { address: AddressFields }) {
  return (
    <span className="block min-w-0 break-words">
      <span className="block font-medium text-ink">{a.name}</span>
      <span className="mt-1 block text-sm text-muted">
        {a.house}, {a.street}
      </span>
      <span className="block text-sm text-muted">
        {a.city}, {a.state} {a.pincode}, {a.country}
      </span>
      <span className="mt-1 flex items-center gap-1.5 text-sm text-ink">
        <Phone className="size-3.5 text-gold" aria-hidden="true" />
        <span className="sr-only">Phone: </span>
        {a.phone}
      </span>
    </span>
  );
}
