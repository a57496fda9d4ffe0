/**
 * The owner's photographs, from upload or import to the files the shop serves: the type is read
 * from the bytes (never the name), the size and the pixel count are bounded before anything is
 * decoded, the picture is turned upright by its EXIF orientation, and written as WebP at each width
 * the shop asks for (src/shared/images.ts) with its metadata (camera, GPS) left behind.
 *
 * A file is named after a hash of its content, so the same photograph uploaded or imported twice
 * is one set of files, and writing one is safe to retry.
 */
import crypto from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { checkPhoto, uprightPixels, type PhotoRules } from '../../images/photo-check.ts';
import { PRODUCT_IMAGE_WIDTHS } from '../../../shared/images.ts';
import { AppError } from '../../http/errors.ts';
import { writeAtomic } from '../../write-atomic.ts';

export const PHOTO_LIMITS = {
  /** A phone's photograph is 2-8 MB. */
  bytes: 15 * 1024 * 1024,
  /** 50 megapixels: a 8192 × 6144 camera file passes; a decompression bomb does not. */
  pixels: 50_000_000,
} as const;

export const NOT_A_PHOTO = 'Choose a JPEG, PNG or WebP photograph.';
export const PHOTO_TOO_BIG = 'A photograph may be at most 15 MB.';
export const TOO_MANY_PIXELS = 'This photograph has too many pixels (at most 50 megapixels).';
export const UNREADABLE = 'This photograph could not be read. It may be damaged.';

const QUALITY = 80;

const OWNER_PHOTOS: PhotoRules = { bytes: PHOTO_LIMITS.bytes, pixels: PHOTO_LIMITS.pixels, words: { notAPhoto: NOT_A_PHOTO, tooBig: PHOTO_TOO_BIG, tooManyPixels: TOO_MANY_PIXELS, unreadable: UNREADABLE } };

async function exists(file: string) {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Checks a file and stores it; answers the URL to keep in the product (`/images/products/<name>.webp`). */
export async function storePhoto(bytes: Uint8Array, imagesDir: string): Promise<string> {
  await checkPhoto(bytes, OWNER_PHOTOS);
  const stem = `u-${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 20)}`;
  const dir = path.join(imagesDir, 'products');
  const url = `/images/products/${stem}.webp`;
  if (await exists(path.join(dir, `${stem}.webp`))) return url;

  await mkdir(dir, { recursive: true });
  try {
    // Decoded once, upright; every width is resized from these pixels.
    const { data, info } = await uprightPixels(bytes, PHOTO_LIMITS.pixels);
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const write = (name: string, width: number) =>
      writeAtomic(path.join(dir, name), (tmp) => pixels().resize({ width, withoutEnlargement: true }).webp({ quality: QUALITY }).toFile(tmp));
    for (const w of PRODUCT_IMAGE_WIDTHS) await write(`${stem}-${w}.webp`, w);
    // The plain name is the largest width, and written last: its presence means the set is whole.
    await write(`${stem}.webp`, Math.max(...PRODUCT_IMAGE_WIDTHS));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(422, 'unreadable_photo', UNREADABLE);
  }
  return url;
}
