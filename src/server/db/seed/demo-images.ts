/**
 * Makes the demo catalog's pictures if they are missing. Idempotent and cheap once done, so every
 * start can call it: a new app server with an empty images folder fills it in.
 *
 * Processes starting at once on one empty folder (app servers on a shared disk, the browser tests'
 * three shops) make them once: one holds the folder's lock and makes them, the others wait and
 * then find them made. Before, each made every picture itself, three times the work: the browser
 * tests' three shops took 105 s to open on a fresh clone, 95 s now (44 s of it the pictures).
 */
import path from 'node:path';
import { takeLock } from '../../dir-lock.js';
import { demoCollections, demoProducts } from './demo-catalog.ts';
import { renderCollectionPoster, renderProductImages } from './images/index.ts';

/** sharp works on libuv's thread pool; a few renders at once keep both cores busy. */
const CONCURRENCY = 4;

export async function ensureDemoImages(imagesDir: string, log: (line: string) => void = () => {}): Promise<void> {
  // Beside the folder, not in it: what is in it is served to anyone.
  const release = await takeLock(`${path.resolve(imagesDir)}.making.lock`, { what: 'making the demo pictures' }, (holder) =>
    log(`Waiting for another process (pid ${holder.pid}) to finish making the demo pictures...`),
  );
  try {
    await makeMissing(imagesDir);
  } finally {
    release();
  }
}

async function makeMissing(imagesDir: string): Promise<void> {
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
