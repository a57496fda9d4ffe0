/** The shop's tax registration row (issue 18). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taxSettings } from '../../db/schema/index.ts';

export async function taxSettingsValue(db: Pick<Db, 'select'>): Promise<unknown> {
  const [row] = await db.select({ value: taxSettings.value }).from(taxSettings);
  return row?.value;
}

export async function saveTaxSettingsValue(db: Db, value: unknown): Promise<void> {
  await db
    .insert(taxSettings)
    .values({ id: true, value })
    .onConflictDoUpdate({ target: taxSettings.id, set: { value, updatedAt: sql`now()` } });
}
