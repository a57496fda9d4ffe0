/** The owner's uploaded photographs' rows (issue 52): listed on upload, held by a product's save, swept when no product names them. */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedPhotos } from '../../db/schema/index.ts';
import type { ShopperTx as Tx } from '../../db/shopper.ts';


/** Listed, or its last upload moved to now (a sweep that holds the row makes this wait, then it lists it anew). */
export async function touchPhoto(db: Db, stem: string): Promise<void> {
  await db
    .insert(storedPhotos)
    .values({ stem })
    .onConflictDoUpdate({ target: storedPhotos.stem, set: { uploadedAt: sql`now()` } });
}

/** The stems listed, each held against a sweep until the transaction ends (FOR KEY SHARE: saves do not wait on each other). */
export async function holdPhotos(tx: Tx, stems: string[]): Promise<Set<string>> {
  if (stems.length === 0) return new Set();
  const rows = await tx.select({ stem: storedPhotos.stem }).from(storedPhotos).where(inArray(storedPhotos.stem, stems)).for('key share');
  return new Set(rows.map((r) => r.stem));
}

/**
 * Photographs whose last upload is before `cutoff` and that no product names now, locked for the
 * sweep (rows a save holds are skipped). Those still named are left out here, not only later: else
 * every pass would take the same oldest named ones and never reach the rest.
 */
export async function lockOldPhotos(tx: Tx, cutoff: Date, limit: number): Promise<string[]> {
  const { rows } = (await tx.execute(sql`
    select s.stem from stored_photos s
    where s.uploaded_at < ${cutoff}
      and not exists (select 1 from products p where ('/images/products/' || s.stem || '.webp') = any(array_append(p.images, p.thumbnail)))
    order by s.uploaded_at
    limit ${limit}
    for update of s skip locked`)) as unknown as { rows: { stem: string }[] };
  return rows.map((r) => r.stem);
}

/** Of these stems, those a product names (its photographs or its thumbnail), hidden products too. */
export async function stemsInUse(tx: Tx, stems: string[]): Promise<Set<string>> {
  const urls = stems.map((s) => `/images/products/${s}.webp`);
  const { rows } = (await tx.execute(sql`
    select distinct img from products, unnest(array_append(images, thumbnail)) as img
    where img = any(${`{${urls.join(',')}}`}::text[])`)) as unknown as { rows: { img: string }[] };
  return new Set(rows.map((r) => r.img.slice('/images/products/'.length, -'.webp'.length)));
}

export async function dropPhotos(tx: Tx, stems: string[]): Promise<void> {
  if (stems.length) await tx.delete(storedPhotos).where(inArray(storedPhotos.stem, stems));
}
