import { MapPinned, ShieldCheck, Truck } from 'lucide-react';
import { useFreeShippingThreshold } from '../../lib/pricing-settings.ts';

const PROMISES = [
  { icon: ShieldCheck, text: 'Secure payments' },
  { icon: MapPinned, text: 'Ships across India' },
];

/**
 * The three promises shoppers in India look for before they trust a new shop (design.md).
 *
 * Each promise sits in a column of its own whose width does not depend on any text, with its icon
 * centred above its words. Chromium may paint the page partway through parsing it (0035): with the
 * promises centred in one row, the first icon, painted before its words and its sisters arrived,
 * then moved, a layout shift before any script ran. Here nothing already painted can move.
 */
export function TrustStrip() {
  const promises = [{ icon: Truck, text: `Free shipping over ${useFreeShippingThreshold()}` }, ...PROMISES];
  return (
    <ul className="grid grid-cols-[repeat(3,minmax(0,12rem))] justify-center gap-x-3 border-b border-line bg-sand/60 px-3 py-3 text-center text-xs text-muted sm:gap-x-8 sm:text-sm">
      {promises.map(({ icon: Icon, text }) => (
        <li key={text} className="flex flex-col items-center gap-1">
          <Icon className="size-4 shrink-0 text-gold" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}
