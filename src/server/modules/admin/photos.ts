/**
 * The owner's photographs, from upload or import to the files the shop serves: the type is read
 * from the bytes (never the name), the size and the pixel count are bounded before anything is
 * decoded, the picture is turned upright by its EXIF orientation, and written as WebP at each width
 * the shop asks for (src/shared/images.ts) with its metadata (camera, GPS) left behind.
 *
 * A file is named after a hash of its content, so the same photograph uploaded or imported twice
 * is one set of files, and writing one is safe to retry.
 */
import { checkPhoto, type PhotoRules } from '../../images/photo-check.ts';
import { photoSetKeys, stemOf, storePhotoSet } from '../../images/photo-set.ts';
import { PHOTO_NOT_STORED_NOW } from '../../../shared/images.ts';
import type { Db } from '../../db/client.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { askAgainIfDown, type Storage } from '../../storage/storage.ts';
import * as q from './photos.queries.ts';

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

const OWNER_PHOTOS: PhotoRules = { bytes: PHOTO_LIMITS.bytes, pixels: PHOTO_LIMITS.pixels, words: { notAPhoto: NOT_A_PHOTO, tooBig: PHOTO_TOO_BIG, tooManyPixels: TOO_MANY_PIXELS, unreadable: UNREADABLE } };

export const NOT_STORED = PHOTO_NOT_STORED_NOW;
export const NOT_CHECKED = 'The photographs could not be checked just now. Please try saving again in a minute.';

/** A day: an upload's photograph waits this long for the product that names it before a sweep may take it. */
const SWEEP_GRACE_MS = 24 * 3600_000;
/** Photographs a sweep looks at in one pass (the pass holds their rows while it removes their objects). */
const SWEEP_BATCH = 20;

const UPLOADED_URL = /^\/images\/products\/(u-[0-9a-f]{20})\.webp$/;
const stemsOf = (urls: readonly string[]) => urls.flatMap((u) => UPLOADED_URL.exec(u)?.[1] ?? []);

/**
 * The owner's photographs, kept through the storage port (issue 52): a bucket on several app
 * servers, or the local folder; each listed in `stored_photos`, so a product names only stored
 * photographs and a photograph no product names is removed.
 */
export function createPhotos(db: Db, storage: Storage, now: () => Date = () => new Date()) {
  return {
    /** Checks a photograph and stores it; answers the URL to keep in the product (`/images/products/<name>.webp`). */
    async store(bytes: Uint8Array): Promise<string> {
      await checkPhoto(bytes, OWNER_PHOTOS);
      const stem = stemOf('products', bytes);
      const url = `/images/products/${stem}.webp`;
      // Listed first: a sweep removing this very photograph holds its row, so this waits for it and lists it anew.
      await q.touchPhoto(db, stem);
      await askAgainIfDown(storePhotoSet(storage, 'products', stem, bytes, OWNER_PHOTOS), NOT_STORED);
      return url;
    },

    /**
     * In a product's save: its uploaded photographs are listed, held so a sweep cannot take them
     * until the save commits, and still whole in the storage (looked at after the hold: a sweep
     * that failed half-way, before the hold, may have taken the plain name and been rolled back).
     */
    async holdIn(tx: ShopperTx, urls: readonly string[]): Promise<boolean> {
      const stems = stemsOf(urls);
      const held = await q.holdPhotos(tx, stems);
      if (!stems.every((s) => held.has(s))) return false;
      const whole = await askAgainIfDown(Promise.all(stems.map((s) => storage.has(`products/${s}.webp`))), NOT_CHECKED);
      return whole.every(Boolean);
    },

    /**
     * Photographs no product names, a day after their last upload: their objects removed (the plain
     * name first, so an interrupted sweep leaves a set the next upload writes whole again), then
     * their rows, in one transaction that holds the rows throughout. Answers how many.
     */
    sweep: () =>
      db.transaction(async (tx) => {
        const old = await q.lockOldPhotos(tx, new Date(now().getTime() - SWEEP_GRACE_MS), SWEEP_BATCH);
        if (old.length === 0) return 0;
        // A new statement: it sees every product saved before the rows were locked.
        const used = await q.stemsInUse(tx, old);
        const loose = old.filter((s) => !used.has(s));
        for (const stem of loose) for (const key of photoSetKeys('products', stem)) await storage.remove(key);
        await q.dropPhotos(tx, loose);
        return loose.length;
      }),
  };
}

export type Photos = ReturnType<typeof createPhotos>;
