/** The PIN directory's SQL: its edition marker in app_meta, and the one-transaction reload. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta, pincodes } from '../../db/schema/index.ts';

export type PincodeRow = typeof pincodes.$inferSelect;

const EDITION_KEY = 'pin_directory';
/** Any fixed number: app servers starting together load the directory once. */
const DIRECTORY_LOCK = 7_342_017;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const BATCH = 2_000;

export async function directoryEdition(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, EDITION_KEY));
  return row ? (row.value as { edition: string }).edition : null;
}

/** Swaps the whole directory and its marker in one transaction: readers see the old or the new, never half. */
export function replaceDirectory(db: Db, rows: PincodeRow[], edition: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DIRECTORY_LOCK})`);
    const [done] = await tx.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, EDITION_KEY));
    if (done && (done.value as { edition: string }).edition === edition) return 0;
    await tx.delete(pincodes);
    for (let i = 0; i < rows.length; i += BATCH) await tx.insert(pincodes).values(rows.slice(i, i + BATCH));
    const value = { edition, pincodes: rows.length, at: new Date().toISOString() };
    await tx.insert(appMeta).values({ key: EDITION_KEY, value }).onConflictDoUpdate({ target: appMeta.key, set: { value } });
    return rows.length;
  });
}
