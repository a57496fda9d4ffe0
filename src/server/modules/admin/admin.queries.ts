/** The admin role (design.md: `profiles.is_admin`), read fresh on every admin request so a revoke takes effect at once. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, userId));
  return row?.isAdmin ?? false;
}

/** Grants or revokes by email (as stored: lower-case); the profile it changed, if any. */
export async function setAdmin(db: Db, email: string, on: boolean): Promise<{ email: string; firstName: string } | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ isAdmin: on, updatedAt: sql`now()` })
    .where(eq(profiles.email, email.trim().toLowerCase()))
    .returning({ email: profiles.email, firstName: profiles.firstName });
  return row;
}
