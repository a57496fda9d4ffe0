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
};

export type ProfileRow = Pick<typeof profiles.$inferSelect, keyof typeof columns>;

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
