import { MapPin } from 'lucide-react';
import type { AddressFields } from '../../../shared/addresses.ts';
import { AddressLines } from '../../components/address-lines.tsx';

/** Where the order goes, as it was when the shopper paid (the order keeps its own copy). */
export function OrderAddress({ address }: { address: AddressFields }) {
  return (
    <section aria-label="Delivery address">
      <h3 className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-[0.16em] text-gold">
        <MapPin className="size-3.5" aria-hidden="true" /> Delivering to
      </h3>
      <address className="mt-2 not-italic">
        <AddressLines address={address} />
      </address>
    </section>
  );
}
