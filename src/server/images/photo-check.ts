/**
 * A photograph from outside (the owner's upload or import, a shopper's picture of a damaged piece)
 * checked before anything is decoded: its type read from the bytes (never the name), its size and
 * its pixel count bounded (a decompression bomb is refused unopened). Then decoded once, upright by
 * its EXIF orientation, to raw pixels: whatever is written from them carries no metadata (camera,
 * GPS location).
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../http/errors.ts';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const HEIC = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export interface PhotoRules {
  bytes: number;
  pixels: number;
  /** The words each refusal says, in the caller's voice (the owner's or the shopper's). */
  words: { notAPhoto: string; tooBig: string; tooManyPixels: string; unreadable: string; heic?: string };
}

/** Refuses (422, or 413 when too large) a file that is not a JPEG, PNG or WebP photograph within the rules. */
export async function checkPhoto(bytes: Uint8Array, rules: PhotoRules): Promise<void> {
  if (bytes.byteLength === 0) throw new AppError(422, 'not_a_photo', rules.words.notAPhoto);
  if (bytes.byteLength > rules.bytes) throw new AppError(413, 'photo_too_big', rules.words.tooBig);
  const type = await fileTypeFromBuffer(bytes);
  // An iPhone's own format, which not every browser shows: said as such, with how to send a JPEG, where the caller has words for it.
  if (type && HEIC.has(type.mime) && rules.words.heic) throw new AppError(422, 'heic_photo', rules.words.heic);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError(422, 'not_a_photo', rules.words.notAPhoto);
  // The header alone says how many pixels decoding would make.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(422, 'unreadable_photo', rules.words.unreadable);
  }
  if (!meta.width || !meta.height) throw new AppError(422, 'unreadable_photo', rules.words.unreadable);
  if (meta.width * meta.height > rules.pixels) throw new AppError(422, 'too_many_pixels', rules.words.tooManyPixels);
}

/** The photograph's pixels, upright; limitInputPixels holds the line again while decoding, should the header have lied. */
export const uprightPixels = (bytes: Uint8Array, pixels: number) => sharp(bytes, { limitInputPixels: pixels, failOn: 'error' }).rotate().raw().toBuffer({ resolveWithObject: true });

/** WebP's quality for every photograph the shop keeps. */
const QUALITY = 80;

/**
 * Each width of a photograph, upright, as WebP: decoded once, every width resized from those pixels
 * (none larger than the photograph). A file that will not decode is refused in the caller's words.
 */
export async function widthsOf(bytes: Uint8Array, widths: readonly number[], rules: PhotoRules): Promise<{ width: number; webp: Buffer }[]> {
  try {
    const { data, info } = await uprightPixels(bytes, rules.pixels);
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    return await Promise.all(widths.map(async (width) => ({ width, webp: await pixels().resize({ width, withoutEnlargement: true }).webp({ quality: QUALITY }).toBuffer() })));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(422, 'unreadable_photo', rules.words.unreadable);
  }
}
