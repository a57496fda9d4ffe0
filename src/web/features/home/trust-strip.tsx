import { MapPinned, ShieldCheck, Truck } from 'lucide-react';
import { useFreeShippingThreshold } from '../../lib/pricing-settings.ts';

const PROMISES = [
  { icon: ShieldCheck, text: 'Secure payments' },
  { icon: MapPinned, text: 'Ships across India' },
];

/** The three promises shoppers in India look for before they trust a new shop (design.md). */
export function TrustStrip() {
  const promises = [{ icon: Truck, text: `Free shipping over ${useFreeShippingThreshold()}` }, ...PROMISES];
  return (
    <ul className="flex flex-wrap justify-center gap-x-5 gap-y-1 border-b border-line bg-sand/60 px-3 py-3 text-xs text-muted sm:gap-x-8 sm:text-sm">
      {promises.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-2">
          <Icon className="size-4 text-gold" aria-hidden="true" /> {text}
        </li>
      ))}
    </ul>
  );
}
