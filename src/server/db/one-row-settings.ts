/**
 * An owner's settings kept as one JSON row (delivery, couriers, tax, returns): the same two
 * statements for each table, read by the domain's service, which checks the value against its
 * contract and falls back to its defaults.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { courierSettings, deliverySettings, returnSettings, reviewSettings, taxSettings } from './schema/index.ts';

type OneRowTable = typeof deliverySettings | typeof courierSettings | typeof taxSettings | typeof returnSettings | typeof reviewSettings;

export function oneRowSettings(table: OneRowTable) {
  return {
    /** The stored value, or undefined before the owner first saves. */
    async read(on: Pick<Db, 'select'>): Promise<unknown> {
      const [row] = await on.select({ value: table.value }).from(table as typeof returnSettings);
      return row?.value;
    },
    async save(db: Db, value: unknown): Promise<void> {
      await db
        .insert(table as typeof returnSettings)
        .values({ id: true, value })
        .onConflictDoUpdate({ target: table.id, set: { value, updatedAt: sql`now()` } });
    },
  };
}
