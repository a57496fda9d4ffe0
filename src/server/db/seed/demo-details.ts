/**
 * The demo catalog's saree and kurta details (issue 16), read from each product's own highlights
 * ('5.5 m saree + 0.8 m blouse piece', 'Straight, calf length'), so the structured fields and the
 * words on the page never disagree. Fall and pico: done on the everyday cottons and georgettes
 * (ready to wear), left to the buyer's tailor on silks, as boutiques sell them.
 */
import { GARMENT_LENGTHS, NO_DETAILS, type GarmentDetails, type GarmentLength } from '../../../shared/garment.ts';
import type { DemoProduct } from './demo-types.ts';

/** A usual blouse piece, when a saree's highlight counts it in its length without saying how long. */
const BLOUSE_M = 0.8;

export function demoDetails(p: DemoProduct): GarmentDetails {
  if (p.image.kind === 'saree') return sareeDetails(p);
  if (p.image.kind === 'kurta' || p.image.kind === 'salwar') return kurtaDetails(p);
  return NO_DETAILS;
}

function sareeDetails(p: DemoProduct): GarmentDetails {
  const said = p.keyHighlights.Length ?? '';
  const silk = p.categories.includes('silk-sarees');
  const details: GarmentDetails = { ...NO_DETAILS, fallPico: !silk };
  const apart = /([\d.]+) m saree \+ ([\d.]+) m blouse/.exec(said);
  const together = /([\d.]+) m including blouse/.exec(said);
  const without = /([\d.]+) m, no blouse/.exec(said);
  if (apart) return { ...details, sareeLengthM: Number(apart[1]), blousePiece: 'included', blouseLengthM: Number(apart[2]) };
  if (together) return { ...details, sareeLengthM: Math.round((Number(together[1]) - BLOUSE_M) * 10) / 10, blousePiece: 'included', blouseLengthM: BLOUSE_M };
  if (without) return { ...details, sareeLengthM: Number(without[1]), blousePiece: 'not_included' };
  return details;
}

function kurtaDetails(p: DemoProduct): GarmentDetails {
  const parts = (p.keyHighlights.Fit ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const lengthPart = parts.find((s) => / length$/i.test(s));
  const length = GARMENT_LENGTHS.find((l) => l.toLowerCase() === lengthPart?.toLowerCase()) ?? null;
  const fit = parts.filter((s) => s !== lengthPart).join(', ') || null;
  return { ...NO_DETAILS, fit, length: length as GarmentLength | null };
}
