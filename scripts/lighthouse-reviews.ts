/**
 * For `npm run lighthouse`: issue 51's page, a product with 200 reviews and 50 buyers' photographs,
 * in the Lighthouse server's throwaway database (written as the bench's row writes it,
 * bench/seed-reviews.ts) with real photographs: each a demo picture turned to a shade of its own,
 * stored through the shop's own photo set at its widths in the images folder the server serves, as
 * a buyer's upload would be. Run between the server's first start (which migrates and seeds the
 * demo catalog) and the measured runs; the server must be stopped (the folder is one process's).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PRODUCT_IMAGE_WIDTHS } from '../src/shared/images.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { stemOf, storePhotoSet } from '../src/server/images/photo-set.ts';
import { REVIEW_PHOTO_RULES } from '../src/server/modules/reviews/review-photos.ts';
import { folderStorage } from '../src/server/storage/folder-storage.ts';
import { pieceToReview, REVIEWED_COUNT, REVIEWED_PHOTOS, seedReviews } from '../bench/seed-reviews.ts';

/** The product reviewed, its id; `besides` is a product page measured already, which stays without reviews. */
export async function seedReviewedProduct(dataDir: string, imagesDir: string, besides: number): Promise<number> {
  const stems = await buyersPhotographs(imagesDir, REVIEWED_PHOTOS);
  const database = await openDatabase({ dataDir });
  try {
    const id = await pieceToReview(database.db, besides);
    await seedReviews(database.db, id, REVIEWED_COUNT, REVIEWED_PHOTOS, (i) => stems[i]!);
    return id;
  } finally {
    await database.close();
  }
}

/**
 * `count` photographs, each stored at the shop's widths (the same ones each run: the pictures and
 * their shades do not change, so their names do not either, and a later run finds them stored).
 */
async function buyersPhotographs(imagesDir: string, count: number): Promise<string[]> {
  const productsDir = path.join(imagesDir, 'products');
  const sources = fs
    .readdirSync(productsDir)
    .filter((f) => f.endsWith('.webp') && !PRODUCT_IMAGE_WIDTHS.some((w) => f.endsWith(`-${w}.webp`)))
    .sort();
  if (sources.length === 0) throw new Error(`No demo pictures in ${productsDir} to make buyers' photographs from.`);
  const storage = folderStorage({ reviews: path.join(imagesDir, 'reviews') });
  const stems: string[] = [];
  for (let i = 0; i < count; i++) {
    // A phone's photograph: JPEG at 1200 x 1600, the shade turned so that each is a picture of its own.
    const bytes = await sharp(path.join(productsDir, sources[i % sources.length]!))
      .resize(1200, 1600, { fit: 'cover' })
      .modulate({ hue: (i * 37) % 360 })
      .jpeg({ quality: 85 })
      .toBuffer();
    const stem = stemOf('reviews', bytes);
    await storePhotoSet(storage, 'reviews', stem, bytes, REVIEW_PHOTO_RULES);
    stems.push(stem);
  }
  return stems;
}
