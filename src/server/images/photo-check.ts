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

export interface PhotoRules {
  bytes: number;
  pixels: number;
  /** The words each refusal says, in the caller's voice (the owner's or the shopper's). */
  words: { notAPhoto: string; tooBig: string; tooManyPixels: string; unreadable: string };
}

/** Refuses (422, or 413 when too large) a file that is not a JPEG, PNG or WebP photograph within the rules. */
export async function checkPhoto(bytes: Uint8Array, rules: PhotoRules): Promise<void> {
  if (bytes.byteLength === 0) throw new AppError(422, 'not_a_photo', rules.words.notAPhoto);
  if (bytes.byteLength > rules.bytes) throw new AppError(413, 'photo_too_big', rules.words.tooBig);
  const type = await fileTypeFromBuffer(bytes);
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
