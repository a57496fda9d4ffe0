/**
 * npm run admin -- grant EMAIL | revoke EMAIL
 *
 * Makes an account the store owner's (design.md Admin: `profiles.is_admin`), or takes it back, on
 * the database the shop's configuration names (DATABASE_URL, or the embedded one in DATA_DIR; stop
 * the shop first when it runs on the embedded database, which one process opens at a time).
 */
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { ConfigError, loadConfig } from './env.ts';
import { setAdmin } from './modules/admin/admin.queries.ts';

const USAGE = 'Usage: npm run admin -- grant EMAIL   (or: revoke EMAIL)';

async function main(): Promise<number> {
  const [action, email] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error(USAGE);
    return 2;
  }
  const database = await openDatabase(loadConfig());
  try {
    await migrate(database);
    const changed = await setAdmin(database.db, email, action === 'grant');
    if (!changed) {
      console.error(`No account with the email ${email}. Sign up first, then grant.`);
      return 1;
    }
    console.log(action === 'grant' ? `${changed.firstName} (${changed.email}) is now an admin.` : `${changed.firstName} (${changed.email}) is no longer an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `The admin command failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
