/**
 * Who is the store owner (design.md Admin: `profiles.is_admin`): read fresh on every admin request,
 * so a revoke takes effect at once, and granted or revoked by `npm run admin` (docs/decisions/0015).
 */
import type { Db } from '../../db/client.ts';
import { isAdmin, setAdmin } from './admin.queries.ts';

export function createOwners(db: Db) {
  return {
    isOwner: (userId: string) => isAdmin(db, userId),
    /** Grants (`on`) or revokes by email, as typed; the profile it changed, none without such an account. */
    setOwner: (email: string, on: boolean) => setAdmin(db, email, on),
  };
}

export type Owners = ReturnType<typeof createOwners>;
