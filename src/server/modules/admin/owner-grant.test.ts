/**
 * The README's words, with the shop running (docs/decisions/0015): `npm start`, sign up, then
 * `npm run admin -- grant EMAIL` makes the account the owner at the shop's next request, `revoke`
 * takes it back, and the grant is still there after the shop stops. On the embedded database the
 * command goes through the running shop's channel; on PostgreSQL it writes the database itself.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, inject, it } from 'vitest';
import { openPglite, type Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { childEnv, freePort, npm, run, start, whenServing, type Child } from '../../test/processes.ts';
import { throwawayPostgres } from '../../test/test-app.ts';
import { isAdmin } from './admin.queries.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-grant-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('npm run admin -- grant EMAIL, and revoke, take effect at the running shop’s next request and outlive it', async () => {
  const onPostgres = inject('dbKind') === 'postgres';
  const pg = onPostgres ? await throwawayPostgres('empty') : undefined;
  if (pg) cleanups.push(pg.drop);
  const env = childEnv({ DATA_DIR: dataDir, ...(pg && { DATABASE_URL: pg.url }) });
  const port = await freePort();
  const shop: Child = start(npm, ['start'], { ...env, PORT: String(port) });
  cleanups.push(() => shop.kill9());
  await whenServing(port, shop);
  const base = `http://127.0.0.1:${port}`;

  const email = `asha.${Date.now().toString(36)}@example.com`;
  const signup = await fetch(`${base}/api/accounts/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Asha', email, phone: '9876543210', gender: 'female', password: 'Saree@2026' }),
  });
  expect(signup.status).toBe(200);
  const cookie = signup.headers.getSetCookie().find((c) => c.includes('session_token='))!.split(';')[0]!;
  const settings = async () => (await fetch(`${base}/api/admin/settings`, { headers: { Cookie: cookie } })).status;
  expect(await settings()).toBe(403);

  // The README's words exactly; npm prints its own header line first.
  const admin = async (...args: string[]) => {
    const { code, output } = await run(npm, ['run', 'admin', '--', ...args], env);
    return { code, said: output.split('\n').at(-1) };
  };
  expect(await admin('grant', email)).toEqual({ code: 0, said: `Asha (${email}) is now an admin.` });
  expect(await settings()).toBe(200);

  expect(await admin('revoke', email.toUpperCase())).toEqual({ code: 0, said: `Asha (${email}) is no longer an admin.` });
  expect(await settings()).toBe(403);

  expect(await admin('grant', 'nobody@example.com')).toEqual({ code: 1, said: 'No account with the email nobody@example.com. Sign up first, then grant.' });

  expect((await admin('grant', email)).code).toBe(0);
  expect(await settings()).toBe(200);
  await shop.stop();

  // The shop has stopped: the grant is in the database it leaves behind.
  const database: Database = pg ? pg.database : await openPglite({ dir: path.join(dataDir, 'pgdata') });
  if (!pg) cleanups.push(() => database.close());
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  expect(await isAdmin(database.db, row!.id)).toBe(true);
}, 180_000);
