/**
 * Makes the demo catalog's pictures if they are missing. Idempotent and cheap once done, so every
 * start can call it: a new app server with an empty images folder fills it in.
 */
import { demoCollections, demoProducts } from './demo-catalog.ts';
import { renderCollectionPoster, renderProductImages } from './images/index.ts';

/** sharp works on libuv's thread pool; a few renders at once keep both cores busy. */
const CONCURRENCY = 4;

export async function ensureDemoImages(imagesDir: string): Promise<void> {
  const jobs: (() => Promise<unknown>)[] = [
    ...demoCollections.map((c) => () => renderCollectionPoster(c.slug, c.poster, imagesDir)),
    ...demoProducts.map((p) => () => renderProductImages(p.key, p.image, imagesDir)),
  ];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
