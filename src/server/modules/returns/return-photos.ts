/**
 * A shopper's photographs of a damaged or wrong piece (issue 49): checked as the owner's are
 * (images/photo-check.ts) with the shopper's words and 10 MB, re-encoded as one WebP from the
 * upright pixels, so the location and every other metadata stay behind, and kept out of the public
 * images, named by the stored file's hash (the same picture sent twice is one file).
 */
import crypto from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RETURN_PHOTOS, RETURN_WORDS } from '../../../shared/returns.ts';
import { AppError } from '../../http/errors.ts';
import { checkPhoto, uprightPixels, type PhotoRules } from '../../images/photo-check.ts';
import { writeAtomic } from '../../write-atomic.ts';

const RULES: PhotoRules = {
  bytes: RETURN_PHOTOS.bytes,
  pixels: 50_000_000,
  words: { notAPhoto: RETURN_WORDS.photoNotImage, tooBig: RETURN_WORDS.photoTooLarge, tooManyPixels: RETURN_WORDS.photoTooLarge, unreadable: RETURN_WORDS.photoNotImage },
};
/** Wide enough to see a pulled thread or a stain, small enough to open on the owner's phone. */
const STORED_WIDTH = 1600;

const fileOf = (dir: string, hash: string) => path.join(dir, `${hash}.webp`);

/** Stores the photograph; answers its hash (the id a request names it by) and its stored size. */
export async function storeReturnPhoto(bytes: Uint8Array, dir: string): Promise<{ hash: string; bytes: number }> {
  await checkPhoto(bytes, RULES);
  let webp: Buffer;
  try {
    const { data, info } = await uprightPixels(bytes, RULES.pixels);
    webp = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize({ width: STORED_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError(422, 'unreadable_photo', RETURN_WORDS.photoNotImage);
  }
  const hash = crypto.createHash('sha256').update(webp).digest('hex');
  await mkdir(dir, { recursive: true });
  const file = fileOf(dir, hash);
  const there = await access(file).then(
    () => true,
    () => false,
  );
  if (!there) await writeAtomic(file, (tmp) => writeFile(tmp, webp));
  return { hash, bytes: webp.byteLength };
}

/** A stored photograph's bytes (the caller has checked who may see it). */
export const readReturnPhoto = (dir: string, hash: string) => readFile(fileOf(dir, hash));
