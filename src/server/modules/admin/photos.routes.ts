/**
 * The owner's photographs, served from the storage (issue 52): from the bucket on several app
 * servers, from the local folder on one. Each name is a hash of its photograph and never changes
 * (a new photograph is a new name), so a browser or a CDN may keep it for a year, and the name is
 * its ETag.
 */
import { Hono, type Context } from 'hono';
import { IMMUTABLE } from '../../storage/s3-storage.ts';
import { StorageUnavailableError, type Storage } from '../../storage/storage.ts';
import { VersionedCache } from '../catalog/search-cache.ts';

/** Not an answer to keep: the storage has no photograph of that name (yet: a name asked before its upload ends). */
const NOT_THERE = new Error('no such photograph');

/**
 * A photograph's bytes: from the bucket, kept in memory up to `keptBytes` (a name's bytes never
 * change, so a kept one is never stale; without it every answer waited on the bucket, a quarter of
 * the folder's rate on the bench); from the folder, read each time (the system's file cache keeps them).
 */
function photoReader(storage: Storage, keptBytes: number) {
  if (storage.kind !== 's3') return (key: string) => storage.get(key);
  const kept = new VersionedCache<Buffer>({ entries: 20_000, bytes: keptBytes, sizeOf: (b) => b.byteLength });
  return (key: string) =>
    kept
      .get(0, key, async () => {
        const bytes = await storage.get(key);
        if (!bytes) throw NOT_THERE;
        return bytes;
      })
      .catch((err: unknown) => (err === NOT_THERE ? null : Promise.reject(err)));
}

export function photosRoutes(storage: Storage, keptBytes: number) {
  const read = photoReader(storage, keptBytes);
  // Uploaded photographs only (`u-<hash>.webp`, each width `u-<hash>-<width>.webp`): the demo's and
  // the shop's drawn pictures are each server's own files, drawn at start (app.ts serves them).
  const serve = (kind: 'products' | 'reviews') => async (c: Context) => {
    const name = c.req.param('name')!;
    const etag = `"${name.slice(0, -'.webp'.length)}"`;
    const cached = { 'Cache-Control': IMMUTABLE, ETag: etag };
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, cached);
    let bytes: Buffer | null;
    try {
      bytes = await read(`${kind}/${name}`);
    } catch (err) {
      if (!(err instanceof StorageUnavailableError)) throw err;
      console.error(err.message);
      return c.text('The photograph cannot be fetched just now.', 503, { 'Retry-After': '30' });
    }
    if (!bytes) return c.text('Not found', 404);
    return c.body(new Uint8Array(bytes), 200, { ...cached, 'Content-Type': 'image/webp' });
  };
  // Uploaded photographs only (the owner's `u-<hash>.webp`, a buyer's `r-<hash>.webp` for a review,
  // each width `…-<width>.webp`): the demo's and the shop's drawn pictures are each server's own
  // files, drawn at start (app.ts serves them).
  return new Hono()
    .get('/images/products/:name{u-[0-9a-f]{20}(?:-[0-9]{2,4})?\\.webp}', serve('products'))
    .get('/images/reviews/:name{r-[0-9a-f]{20}(?:-[0-9]{2,4})?\\.webp}', serve('reviews'));
}
