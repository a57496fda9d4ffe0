/** The rate limits' SQL: one atomic statement per count, so concurrent requests on any app server add up exactly. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface Window {
  count: number;
  windowStart: Date;
}

type Rows = { rows: { count: number; window_start: Date | string }[] };
const windowOf = (row: Rows['rows'][number] | undefined): Window | undefined =>
  row && { count: Number(row.count), windowStart: new Date(row.window_start) };

/** Counts one for `key`, starting a new window if the last one is over; the window as it now stands. */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<Window> {
  const expired = sql`request_limits.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  const { rows } = (await db.execute(sql`
    insert into request_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      window_start = case when ${expired} then now() else request_limits.window_start end,
      count = case when ${expired} then 1 else request_limits.count + 1 end
    returning count, window_start`)) as unknown as Rows;
  return windowOf(rows[0])!;
}

/** Takes back one count for `key` (an attempt counted before it was tried, that turned out fine). */
export async function unhit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update request_limits set count = count - 1 where key = ${key} and count > 0`);
}

/** The current window for `key`, without counting; none when there is none or it is over. */
export async function peek(db: Db, key: string, windowSeconds: number): Promise<Window | undefined> {
  const { rows } = (await db.execute(sql`
    select count, window_start from request_limits
    where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`)) as unknown as Rows;
  return windowOf(rows[0]);
}

/** Forgets windows older than `seconds`: the table holds recent subjects only. */
export async function purgeOlderThan(db: Db, seconds: number): Promise<number> {
  const { rows } = (await db.execute(sql`
    delete from request_limits where window_start < now() - make_interval(secs => ${seconds}) returning 1`)) as unknown as { rows: unknown[] };
  return rows.length;
}
