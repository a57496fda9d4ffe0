/** Delivery's SQL: a PIN's place, the owner's settings row, and the PIN rules (longest prefix decides). */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneRowSettings } from '../../db/one-row-settings.ts';
import { deliverySettings, pincodes, pinRules } from '../../db/schema/index.ts';
import type { PinRule } from '../../../shared/delivery.contract.ts';

/** A shopper's transaction or the database: the directory and the settings are readable to both. */
export type Reader = Pick<Db, 'select'>;

/** The owner's delivery settings. */
export const settingsRow = oneRowSettings(deliverySettings);

export async function placeOf(on: Reader, pincode: string) {
  const [row] = await on.select().from(pincodes).where(eq(pincodes.pincode, pincode));
  return row;
}

/** The whole directory (19,485 rows): the PIN check keeps it in memory. */
export const allPlaces = (db: Db) => db.select().from(pincodes);

/** The rule for a PIN: of those whose prefix starts it, the longest. */
export async function ruleFor(on: Reader, pincode: string): Promise<PinRule | undefined> {
  const prefixes = Array.from({ length: pincode.length }, (_, i) => pincode.slice(0, i + 1));
  const [row] = await on
    .select({ prefix: pinRules.prefix, rule: pinRules.rule })
    .from(pinRules)
    .where(inArray(pinRules.prefix, prefixes))
    .orderBy(desc(sql`length(${pinRules.prefix})`))
    .limit(1);
  return row;
}

export const listRules = (db: Db): Promise<PinRule[]> =>
  db.select({ prefix: pinRules.prefix, rule: pinRules.rule }).from(pinRules).orderBy(pinRules.prefix);

export async function saveRule(db: Db, rule: PinRule): Promise<void> {
  await db.insert(pinRules).values(rule).onConflictDoUpdate({ target: pinRules.prefix, set: { rule: rule.rule } });
}

export async function removeRule(db: Db, prefix: string): Promise<void> {
  await db.delete(pinRules).where(eq(pinRules.prefix, prefix));
}
