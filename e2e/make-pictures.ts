/**
 * Makes the browser tests' demo pictures ahead of their shops. `npm test` starts it at a low
 * priority beside the type check and lint, which use one core of two, so the shops find the
 * pictures made rather than making them at the start of the journeys (51 s alone here). A shop that
 * starts while this still runs waits for it on the pictures' lock (demo-images.ts).
 */
import os from 'node:os';
import { ensureDemoImages } from '../src/server/db/seed/demo-images.ts';
import { ensureStoreImages } from '../src/server/db/seed/store-images.ts';
import { e2eImagesDir } from './cache-dirs.ts';

// Below the tests' own processes: set before sharp starts its threads, which take it on.
os.setPriority(10);
const started = Date.now();
await ensureStoreImages(e2eImagesDir);
await ensureDemoImages(e2eImagesDir);
console.log(`The browser tests' demo pictures are ready (${((Date.now() - started) / 1000).toFixed(1)} s).`);
