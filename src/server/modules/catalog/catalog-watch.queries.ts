import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * A notification of this server's own on `channel`, committed now: every notification of a
 * transaction committed before it is delivered before it (PostgreSQL delivers them in commit order).
 */
export async function notifyFence(db: Db, channel: string, token: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${token})`);
}
