/**
 * A shopper's own profile, read and written inside their shopper transaction: row-level security
 * (migration 0004) keeps it to their row, and the column grants to the fields they may change.
 */
import { eq, sql } from 'drizzle-orm';
import type { ProfileInput } from '../../../shared/accounts.contract.ts';
import { profiles } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

const columns = {
  email: profiles.email,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  phone: profiles.phone,
  gender: profiles.gender,
  addressHouse: profiles.addressHouse,
  addressLine: profiles.addressLine,
  addressCity: profiles.addressCity,
  addressState: profiles.addressState,
  addressPin: profiles.addressPin,
  /** Order updates on WhatsApp or SMS, asked for at checkout (issue 48). */
  orderUpdates: sql<boolean>`${profiles.parcelMessagesSince} is not null`,
};

export type ProfileRow = Pick<typeof profiles.$inferSelect, Exclude<keyof typeof columns, 'orderUpdates'>> & { orderUpdates: boolean };

export async function readProfile(tx: ShopperTx, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await tx.select(columns).from(profiles).where(eq(profiles.id, userId));
  return row;
}

export async function updateProfile(tx: ShopperTx, userId: string, input: ProfileInput): Promise<ProfileRow | undefined> {
  const [row] = await tx
    .update(profiles)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId))
    .returning(columns);
  return row;
}

/** Order updates on WhatsApp or SMS on (from now, unless on already) or off. */
export async function setOrderUpdates(tx: ShopperTx, userId: string, on: boolean): Promise<ProfileRow | undefined> {
  const [row] = await tx
    .update(profiles)
    .set({ parcelMessagesSince: on ? sql`coalesce(${profiles.parcelMessagesSince}, now())` : null, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId))
    .returning(columns);
  return row;
}
