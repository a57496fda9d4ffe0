/**
 * A buyer's photographs for a review (issue 51): checked as the owner's are (the type from the
 * bytes, 10 MB, 24 megapixels, HEIC refused with a word on sending a JPEG), turned upright and
 * re-encoded at the shop's widths with no metadata (location and camera stay behind), stored through
 * the storage port as `reviews/r-<hash>…` from their first day (the bucket on several app servers).
 * The row's random id is what the form names a photograph by, so only its uploader can use it.
 */
import crypto from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { PHOTO_NOT_STORED_NOW } from '../../../shared/images.ts';
import { REVIEW_LIMITS, REVIEW_WORDS } from '../../../shared/reviews.ts';
import type { Db } from '../../db/client.ts';
import { reviewPhotos } from '../../db/schema/index.ts';
import { checkPhoto, type PhotoRules } from '../../images/photo-check.ts';
import { photoSetKeys, stemOf, storePhotoSet } from '../../images/photo-set.ts';
import { askAgainIfDown, type Storage } from '../../storage/storage.ts';

/** What a buyer's photograph may be (exported for the Lighthouse run's buyers' photographs, scripts/lighthouse-reviews.ts). */
export const REVIEW_PHOTO_RULES: PhotoRules = {
  bytes: REVIEW_LIMITS.photoBytes,
  /** A phone's camera is 12 to 50 megapixels. */
  pixels: 50_000_000,
  words: { notAPhoto: REVIEW_WORDS.photoNotImage, tooBig: REVIEW_WORDS.photoTooLarge, tooManyPixels: REVIEW_WORDS.photoTooLarge, unreadable: REVIEW_WORDS.photoNotImage, heic: REVIEW_WORDS.photoHeic },
};

/** A photograph not named by a review within a day is dropped. */
const LOOSE_FOR_MS = 24 * 3600_000;

export const reviewPhotoUrl = (stem: string, width?: number) => `/images/reviews/${stem}${width ? `-${width}` : ''}.webp`;

export function createReviewPhotos(db: Db, storage: Storage, now: () => Date = () => new Date()) {
  return {
    /** Checks, re-encodes and stores the photograph; answers the id the review names it by, and its address. */
    async store(userId: string, bytes: Uint8Array): Promise<{ id: string; url: string }> {
      await checkPhoto(bytes, REVIEW_PHOTO_RULES);
      const stem = stemOf('reviews', bytes);
      await askAgainIfDown(storePhotoSet(storage, 'reviews', stem, bytes, REVIEW_PHOTO_RULES), PHOTO_NOT_STORED_NOW);
      const id = crypto.randomBytes(32).toString('hex');
      await db.insert(reviewPhotos).values({ id, userId, stem });
      return { id, url: reviewPhotoUrl(stem, 480) };
    },

    /**
     * Loose photographs a day old: their rows dropped, and their objects removed unless another
     * row (another upload of the same picture) still names them; one transaction, so a removal
     * that fails keeps the rows for the next pass. Answers how many rows went.
     */
    dropLoose: () =>
      db.transaction(async (tx) => {
        const gone = await tx
          .delete(reviewPhotos)
          .where(and(isNull(reviewPhotos.reviewId), lt(reviewPhotos.createdAt, new Date(now().getTime() - LOOSE_FOR_MS))))
          .returning({ stem: reviewPhotos.stem });
        for (const stem of new Set(gone.map((g) => g.stem))) {
          const [still] = await tx.select({ id: reviewPhotos.id }).from(reviewPhotos).where(eq(reviewPhotos.stem, stem)).limit(1);
          if (!still) for (const key of photoSetKeys('reviews', stem)) await storage.remove(key);
        }
        return gone.length;
      }),
  };
}

export type ReviewPhotos = ReturnType<typeof createReviewPhotos>;
