/** The pricing settings' rows (spec §3 pricing_settings). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pricingSettings } from '../../db/schema/index.ts';

export function settingRows(db: Pick<Db, 'select'>): Promise<{ name: string; value: string }[]> {
  return db.select({ name: pricingSettings.settingName, value: pricingSettings.settingValue }).from(pricingSettings);
}

/** Writes the settings' rows in one statement (all or none), keeping each row's description. */
export async function saveSettingRows(db: Db, rows: { name: string; value: string }[]): Promise<void> {
  await db
    .insert(pricingSettings)
    .values(rows.map((r) => ({ settingName: r.name, settingValue: r.value })))
    .onConflictDoUpdate({ target: pricingSettings.settingName, set: { settingValue: sql`excluded.setting_value`, updatedAt: sql`now()` } });
}
