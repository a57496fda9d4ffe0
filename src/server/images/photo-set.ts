/**
 * A photograph kept at every width the shop shows (issue 52): `<kind>/<stem>-<width>.webp` for
 * each of PRODUCT_IMAGE_WIDTHS, then `<kind>/<stem>.webp` (the largest) last, whose presence means
 * the set is whole. The stem is a hash of the upload, so the same photograph is one set, a retried
 * upload writes what is missing, and every name can be cached for ever.
 */
import crypto from 'node:crypto';
import { PRODUCT_IMAGE_WIDTHS } from '../../shared/images.ts';
import type { Storage } from '../storage/storage.ts';
import { widthsOf, type PhotoRules } from './photo-check.ts';

export type PhotoSetKind = 'products' | 'reviews';

/** `u-` for the owner's photographs, `r-` for buyers' (issue 51), then 20 hex digits of the upload's SHA-256. */
export const stemOf = (kind: PhotoSetKind, bytes: Uint8Array) => `${kind === 'products' ? 'u' : 'r'}-${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 20)}`;

export const photoSetKeys = (kind: PhotoSetKind, stem: string) => [`${kind}/${stem}.webp`, ...PRODUCT_IMAGE_WIDTHS.map((w) => `${kind}/${stem}-${w}.webp`)];

/** Stores the set unless it is whole already (the bytes are checked by the caller). */
export async function storePhotoSet(storage: Storage, kind: PhotoSetKind, stem: string, bytes: Uint8Array, rules: PhotoRules): Promise<void> {
  if (await storage.has(`${kind}/${stem}.webp`)) return;
  const widths = await widthsOf(bytes, PRODUCT_IMAGE_WIDTHS, rules);
  for (const { width, webp } of widths) await storage.put(`${kind}/${stem}-${width}.webp`, webp, 'image/webp');
  await storage.put(`${kind}/${stem}.webp`, widths.at(-1)!.webp, 'image/webp');
}
