/**
 * A shopper's photographs of a damaged or wrong piece (issue 49): checked as the owner's are
 * (images/photo-check.ts) with the shopper's words, 10 MB and 24 megapixels, turned upright and
 * re-encoded as one WebP at most 1600 px wide, shrunk as it is decoded (sharp writes no metadata
 * unless asked, so the location stays behind), and kept out of the public images under a random id.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_NOT_STORED_NOW } from '../../../shared/images.ts';
import { RETURN_PHOTOS, RETURN_WORDS } from '../../../shared/returns.ts';
import { AppError } from '../../http/errors.ts';
import { checkPhoto, type PhotoRules } from '../../images/photo-check.ts';
import { askAgainIfDown, type Storage } from '../../storage/storage.ts';

const RULES: PhotoRules = {
  bytes: RETURN_PHOTOS.bytes,
  /** A phone's camera is 12 to 50 megapixels; a shopper's upload need not be decoded whole to show a stain. */
  pixels: 24_000_000,
  words: { notAPhoto: RETURN_WORDS.photoNotImage, tooBig: RETURN_WORDS.photoTooLarge, tooManyPixels: RETURN_WORDS.photoTooLarge, unreadable: RETURN_WORDS.photoNotImage },
};
/** Wide enough to see a pulled thread or a stain, small enough to open on the owner's phone. */
const STORED_WIDTH = 1600;

const keyOf = (id: string) => `return-photos/${id}.webp`;

/** Stores the photograph (through the storage port: the bucket on several app servers); answers its id (what a request names it by) and its stored size. */
export async function storeReturnPhoto(bytes: Uint8Array, storage: Storage): Promise<{ id: string; bytes: number }> {
  await checkPhoto(bytes, RULES);
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: RULES.pixels, failOn: 'error' }).rotate().resize({ width: STORED_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  } catch {
    throw new AppError(422, 'unreadable_photo', RETURN_WORDS.photoNotImage);
  }
  // A random id, not a hash: the photograph is private, and its name must not be guessable from it.
  const id = crypto.randomBytes(32).toString('hex');
  await askAgainIfDown(storage.put(keyOf(id), webp, 'image/webp'), PHOTO_NOT_STORED_NOW);
  return { id, bytes: webp.byteLength };
}

/** A photograph gone (one never tied to a request); one already gone is no matter. */
export const removeReturnPhoto = (storage: Storage, id: string) => storage.remove(keyOf(id));

/** A stored photograph's bytes (the caller has checked who may see it); a photograph the storage no longer has is not found. */
export async function readReturnPhoto(storage: Storage, id: string): Promise<Buffer | null> {
  return askAgainIfDown(storage.get(keyOf(id)), PHOTO_NOT_STORED_NOW);
}
