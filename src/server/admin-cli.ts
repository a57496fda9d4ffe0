/**
 * npm run admin -- grant EMAIL | revoke EMAIL
 *
 * Makes an account the store owner's (design.md Admin: `profiles.is_admin`), or takes it back, on
 * the database the shop's configuration names, while the shop runs or not (docs/decisions/0015):
 * - on PostgreSQL (DATABASE_URL), the command writes the database; the role is read on every
 *   request, so the running app servers follow at their next one;
 * - on the embedded database, a running shop holds the folder: the command hands the change to it
 *   over its owner channel (modules/admin/owner-channel.ts); with no shop running, it opens the
 *   folder itself (and is refused, with the holder named, if another command holds it).
 */
import { openDatabase } from './db/client.ts';
import { DataFolderInUse } from './db/data-lock.ts';
import { migrate } from './db/migrate.ts';
import { ConfigError, loadConfig, type AppConfig } from './env.ts';
import { createOwners } from './modules/admin/owners.service.ts';
import { askRunningShop, ownerRequest, ownerSocketPath, type OwnerRequest } from './modules/admin/owner-channel.ts';

const USAGE = 'Usage: npm run admin -- grant EMAIL   (or: revoke EMAIL)';

type Changed = { firstName: string; email: string } | undefined;

function report(request: OwnerRequest, changed: Changed): number {
  if (!changed) {
    console.error(`No account with the email ${request.email}. Sign up first, then grant.`);
    return 1;
  }
  console.log(request.action === 'grant' ? `${changed.firstName} (${changed.email}) is now an admin.` : `${changed.firstName} (${changed.email}) is no longer an admin.`);
  return 0;
}

async function onOwnDatabase(config: AppConfig, request: OwnerRequest): Promise<Changed> {
  const database = await openDatabase(config);
  try {
    await migrate(database);
    return await createOwners(database.db).setOwner(request.email, request.action === 'grant');
  } finally {
    await database.close();
  }
}

/** A shop that is starting holds the folder before it listens: ask it for a few seconds before saying the folder is busy. */
async function throughRunningShop(config: AppConfig, request: OwnerRequest, patience: number): Promise<number | null> {
  const socket = ownerSocketPath(config.dataDir);
  for (let waited = 0; ; waited += 500) {
    const answer = await askRunningShop(socket, request);
    if (answer?.ok && 'email' in answer) return report(request, answer);
    if (answer && !answer.ok && answer.error === 'no_account') return report(request, undefined);
    if (answer && !answer.ok) throw new Error(answer.error === 'bad_request' ? 'the running shop did not understand the request' : 'the running shop could not make the change; see its log');
    if (waited >= patience) return null;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main(): Promise<number> {
  const [action, email] = process.argv.slice(2);
  const parsed = ownerRequest.safeParse({ action, email });
  if (!parsed.success) {
    console.error(USAGE);
    return 2;
  }
  const request = parsed.data;
  const config = loadConfig();
  if (config.databaseUrl) return report(request, await onOwnDatabase(config, request));
  const viaShop = await throughRunningShop(config, request, 0);
  if (viaShop !== null) return viaShop;
  try {
    return report(request, await onOwnDatabase(config, request));
  } catch (err) {
    if (!(err instanceof DataFolderInUse) || !err.holder.shop) throw err;
    // The shop is starting: its channel opens once its database is ready.
    const late = await throughRunningShop(config, request, 15_000);
    if (late !== null) return late;
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof ConfigError || err instanceof DataFolderInUse;
    console.error(known ? (err as Error).message : `The admin command failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
