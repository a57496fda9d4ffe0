import { COLOURS, type Colour } from '../../shared/attributes.ts';

/**
 * Each colour family's swatch, as classes: a drawn page may carry no inline style its CSP has not
 * hashed, and classes written out here are what Tailwind builds.
 */
const SWATCH: Readonly<Record<Colour, string>> = {
  red: 'bg-[#c0262d]',
  maroon: 'bg-[#7a1f2b]',
  pink: 'bg-[#e0528f]',
  orange: 'bg-[#e8772e]',
  yellow: 'bg-[#e9b824]',
  green: 'bg-[#2f7d4a]',
  blue: 'bg-[#2456a8]',
  purple: 'bg-[#6e3a96]',
  white: 'bg-[#f7f3ea]',
  beige: 'bg-[#d9c4a0]',
  gold: 'bg-[#c9a23a]',
  brown: 'bg-[#7b4a2a]',
  grey: 'bg-[#8a8a8a]',
  black: 'bg-[#1d1d1d]',
  multicolour: 'bg-[conic-gradient(#c0262d,#e9b824,#2f7d4a,#2456a8,#6e3a96,#c0262d)]',
};

/** A colour family's dot; its name is said beside it, so the dot itself is hidden from readers. */
export function ColourSwatch({ colour, className = 'size-4' }: { colour: Colour; className?: string }) {
  return <span aria-hidden="true" title={COLOURS[colour]} className={`inline-block shrink-0 rounded-full ring-1 ring-ink/20 ${SWATCH[colour]} ${className}`} />;
}
