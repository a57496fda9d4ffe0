/**
 * A shopper's photographs of a damaged or wrong piece (issue 49): checked as the owner's are
 * (images/photo-check.ts) with the shopper's words, 10 MB and 24 megapixels, turned upright and
 * re-encoded as one WebP at most 1600 px wide, shrunk as it is decoded (sharp writes no metadata
 * unless asked, so the location stays behind), and kept out of the public images under a random id.
 */
import crypto from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RETURN_PHOTOS, RETURN_WORDS } from '../../../shared/returns.ts';
import { AppError } from '../../http/errors.ts';
import { checkPhoto, type PhotoRules } from '../../images/photo-check.ts';
import { writeAtomic } from '../../write-atomic.ts';

const RULES: PhotoRules = {
  bytes: RETURN_PHOTOS.bytes,
  /** A phone's camera is 12 to 50 megapixels; a shopper's upload need not be decoded whole to show a stain. */
  pixels: 24_000_000,
  words: { notAPhoto: RETURN_WORDS.photoNotImage, tooBig: RETURN_WORDS.photoTooLarge, tooManyPixels: RETURN_WORDS.photoTooLarge, unreadable: RETURN_WORDS.photoNotImage },
};
/** Wide enough to see a pulled thread or a stain, small enough to open on the owner's phone. */
const STORED_WIDTH = 1600;

const fileOf = (dir: string, id: string) => path.join(dir, `${id}.webp`);

/** Stores the photograph; answers its id (what a request names it by) and its stored size. */
export async function storeReturnPhoto(bytes: Uint8Array, dir: string): Promise<{ id: string; bytes: number }> {
  await checkPhoto(bytes, RULES);
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: RULES.pixels, failOn: 'error' }).rotate().resize({ width: STORED_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  } catch {
    throw new AppError(422, 'unreadable_photo', RETURN_WORDS.photoNotImage);
  }
  const id = crypto.randomBytes(32).toString('hex');
  await mkdir(dir, { recursive: true });
  await writeAtomic(fileOf(dir, id), (tmp) => writeFile(tmp, webp));
  return { id, bytes: webp.byteLength };
}

/** A photograph's file gone (one never tied to a request); a file already gone is no matter. */
export const removeReturnPhoto = (dir: string, id: string) => rm(fileOf(dir, id), { force: true });

/** A stored photograph's bytes (the caller has checked who may see it). */
export const readReturnPhoto = (dir: string, id: string) => readFile(fileOf(dir, id));
