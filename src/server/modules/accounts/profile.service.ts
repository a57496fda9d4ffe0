/** Spec §2 Profile: the signed-in shopper's own profile, to show and to edit. */
import type { ProfileInput } from '../../../shared/accounts.contract.ts';
import type { Db } from '../../db/client.ts';
import { asShopper } from '../../db/shopper.ts';
import { NotFoundError } from '../../http/errors.ts';
import { readProfile, setOrderUpdates, updateProfile, type ProfileRow } from './profile.queries.ts';

export const PROFILE_NOT_FOUND = 'Profile not found.';

const found = (row: ProfileRow | undefined) => {
  if (!row) throw new NotFoundError(PROFILE_NOT_FOUND);
  return row;
};

export function createProfileService(db: Db) {
  return {
    get: async (userId: string) => found(await asShopper(db, userId, (tx) => readProfile(tx, userId))),
    update: async (userId: string, input: ProfileInput) => found(await asShopper(db, userId, (tx) => updateProfile(tx, userId, input))),
    /** WhatsApp or SMS order updates: ticked at checkout, stopped from the profile (issue 48). */
    setOrderUpdates: async (userId: string, on: boolean) => found(await asShopper(db, userId, (tx) => setOrderUpdates(tx, userId, on))),
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
