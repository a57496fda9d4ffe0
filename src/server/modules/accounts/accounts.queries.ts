/**
 * The accounts SQL the shop runs itself (the rest is better-auth's): who has an address, and a new
 * account written whole in one transaction: the user, the password, the profile and the
 * verification mail, so there is never an account without its profile or its mail.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authAccounts, profiles, users } from '../../db/schema/index.ts';
import type { ShopperTx } from '../../db/shopper.ts';

export interface AccountRef {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
}

/** One account with its first name (for mails), by a condition on `users`. */
async function accountWhere(db: Db, where: SQL): Promise<AccountRef | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified, firstName: profiles.firstName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    .limit(1);
  return row;
}

export const findAccountByEmail = (db: Db, email: string) => accountWhere(db, eq(users.email, email));
export const findAccountById = (db: Db, id: string) => accountWhere(db, eq(users.id, id));

export interface NewAccount {
  id: string;
  email: string;
  passwordHash: string;
  profile: Omit<typeof profiles.$inferInsert, 'id' | 'email' | 'isAdmin' | 'createdAt' | 'updatedAt'>;
}

/**
 * False when the address was taken meanwhile (a second sign-up racing this one). `alongside` writes
 * in the same transaction (the verification mail), so an account never misses its mail.
 */
export async function createAccount(db: Db, a: NewAccount, alongside: (tx: ShopperTx) => Promise<unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const name = [a.profile.firstName, a.profile.lastName].filter(Boolean).join(' ');
    const [user] = await tx
      .insert(users)
      .values({ id: a.id, name, email: a.email })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return false;
    // better-auth's shape for an email-and-password account: provider `credential`, keyed by the user.
    await tx.insert(authAccounts).values({ userId: a.id, accountId: a.id, providerId: 'credential', password: a.passwordHash });
    await tx.insert(profiles).values({ ...a.profile, id: a.id, email: a.email });
    await alongside(tx);
    return true;
  });
}
