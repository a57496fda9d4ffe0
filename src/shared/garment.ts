/**
 * What a buyer asks before buying a saree or a kurta (issue 16): structured fields the owner fills
 * and the product page shows in Product Details. Every field may be left unsaid (null).
 */
import { groupIndian } from './money.ts';

export const GARMENT_LENGTHS = ['Hip length', 'Knee length', 'Calf length', 'Ankle length'] as const;
export type GarmentLength = (typeof GARMENT_LENGTHS)[number];
export const BLOUSE_PIECE = ['included', 'not_included'] as const;

export interface GarmentDetails {
  /** A saree's drape, in metres (5.5 is usual). */
  sareeLengthM: number | null;
  blousePiece: (typeof BLOUSE_PIECE)[number] | null;
  /** The blouse piece's length in metres, when it comes with one (about 0.8). */
  blouseLengthM: number | null;
  /** Whether the fall is stitched and the edges picoed, ready to wear. */
  fallPico: boolean | null;
  /** Kurtas and suits: the cut, in the owner's words (Straight, A-line, Anarkali). */
  fit: string | null;
  length: GarmentLength | null;
}

export const NO_DETAILS: GarmentDetails = { sareeLengthM: null, blousePiece: null, blouseLengthM: null, fallPico: null, fit: null, length: null };

/** 5.5 m, 0.8 m, 1.15 m: at most two decimals, as en-IN writes them (without Intl: money.ts says why). */
export function metres(m: number): string {
  const hundredths = Math.round(Math.abs(m) * 100);
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return `${m < 0 ? '-' : ''}${groupIndian(String(Math.floor(hundredths / 100)))}${fraction ? `.${fraction}` : ''} m`;
}

/** The lines Product Details shows, in a buyer's order; nothing for what the owner left unsaid. */
export function detailLines(d: GarmentDetails): [label: string, value: string][] {
  const lines: [string, string][] = [];
  if (d.sareeLengthM !== null) lines.push(['Saree length', metres(d.sareeLengthM)]);
  if (d.blousePiece === 'included') lines.push(['Blouse piece', d.blouseLengthM !== null ? `Included, ${metres(d.blouseLengthM)} (unstitched)` : 'Included (unstitched)']);
  if (d.blousePiece === 'not_included') lines.push(['Blouse piece', 'Not included']);
  if (d.fallPico !== null) lines.push(['Fall and pico', d.fallPico ? 'Done: ready to wear' : 'Not done']);
  if (d.fit !== null) lines.push(['Fit', d.fit]);
  if (d.length !== null) lines.push(['Length', d.length]);
  return lines;
}
