/**
 * Timed jobs run once across app servers (issue 52, docs/decisions/0052): a pass begins only by
 * moving its row in `job_runs` forward past the job's interval, in one statement. Two servers that
 * try at once both reach the row; one moves it, the other finds it moved (PostgreSQL's upsert waits
 * for the first and looks again). No lock is held while the pass runs, so a server that dies in the
 * middle leaves the next pass to another, one interval later; the work inside each pass claims its
 * rows or is safe to repeat, as before.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Whether this server runs the pass of `name` now: none began within `everySeconds`, on any server. */
export async function claimRun(db: Db, name: string, everySeconds: number): Promise<boolean> {
  const { rows } = (await db.execute(sql`
    insert into job_runs (name, last_run_at) values (${name}, now())
    on conflict (name) do update set last_run_at = now()
      where job_runs.last_run_at <= now() - make_interval(secs => ${everySeconds})
    returning name`)) as unknown as { rows: { name: string }[] };
  return rows.length > 0;
}

export type ClaimRun = (name: string, everySeconds: number) => Promise<boolean>;
