/**
 * Courier reports kept before they are applied (issue 48): the webhook keeps each report and
 * answers, and these apply them just after, two at a time, oldest first, each once across servers
 * (claimed with SKIP LOCKED in its own transaction). A report the order no longer takes (cancelled
 * meanwhile) is closed with the reason; one that fails is tried again by the next pass, then left
 * with its error. The minute timer (boot.ts) runs a pass too, so nothing kept waits for a nudge.
 */
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { CourierName } from '../../../shared/parcels.ts';
import type { CourierScan, ScanReport } from './courier.ts';
import * as q from './shipping.queries.ts';

/** A kept report is tried this many times (a database gone for a moment), then left with its error for the owner's console. */
const REPORT_TRIES = 5;
/** Reports applied at once on each server: the webhook's answers keep most of the machine. */
const APPLIERS = 2;
/** A pass starts once the webhooks pause this long... */
const QUIET_MS = 20;
/** ...and at most this long after the first report waiting, however busy they keep the shop... */
const MOST_WAIT_MS = 1_000;
/** ...when it applies at least this many (each about 5 ms of work) before yielding again. */
const AT_LEAST_WHEN_BUSY = 16;

/** A kept report as it was read (its scans' times were kept as ISO strings). */
function revived(kept: unknown): ScanReport {
  const r = kept as { awb: string; expectedOn: string | null; scans: (Omit<CourierScan, 'at'> & { at: string })[] };
  return { awb: r.awb, expectedOn: r.expectedOn, scans: r.scans.map((x) => ({ ...x, at: new Date(x.at) })) };
}

/** How a report is applied in a transaction (scans.ts applyIn): what to do after the commit. */
type ApplyIn = (tx: q.Tx, courier: CourierName, report: ScanReport) => Promise<{ after?: () => Promise<void> }>;

export function createKeptReports(db: Db, applyIn: ApplyIn) {
  /** One kept report applied, once across servers; a refusal (the order cancelled since) ends it, a failure is tried again later. */
  async function applyReport(row: { id: number; courier: string; report: unknown; attempts: number }, log: (line: string) => void): Promise<boolean> {
    const report = revived(row.report);
    try {
      const done = await db.transaction(async (tx) => {
        if (!(await q.claimReport(tx, row.id))) return null;
        const applied = await applyIn(tx, row.courier as CourierName, report);
        await q.reportApplied(tx, row.id);
        return applied;
      });
      await done?.after?.();
      return true;
    } catch (err) {
      if (err instanceof AppError) return await q.reportApplied(db, row.id, err.message), true;
      const words = err instanceof Error ? err.message : String(err);
      if (row.attempts + 1 >= REPORT_TRIES) {
        log(`Parcels: a ${row.courier} report for AWB ${report.awb} could not be applied: ${words}`);
        await q.reportApplied(db, row.id, words.slice(0, 300));
      } else await q.reportFailed(db, row.id, words.slice(0, 300));
      return false;
    }
  }

  // Applying yields to answering: a pass applies while the webhooks are quiet (none kept for
  // QUIET_MS) and stops when they start again; once reports have waited MOST_WAIT_MS, a pass applies
  // at least AT_LEAST_WHEN_BUSY of them however busy the shop is, so nothing waits without end.
  let lastKept = 0;
  const busy = () => Date.now() - lastKept < QUIET_MS;

  /** Kept reports applied, two at a time, oldest first, until none are due or the webhooks are busy (past the first `atLeast`); a report that failed waits for the next pass. */
  async function drain(log: (line: string) => void, atLeast: number): Promise<{ applied: number; yielded: boolean }> {
    const failed = new Set<number>();
    let applied = 0;
    let tried = 0;
    const mayGoOn = () => tried < atLeast || !busy();
    for (;;) {
      if (!mayGoOn()) return { applied, yielded: true };
      const due = (await q.dueReports(db, 100)).filter((r) => !failed.has(r.id));
      if (due.length === 0) return { applied, yielded: false };
      let next = 0;
      await Promise.all(
        Array.from({ length: APPLIERS }, async () => {
          while (next < due.length && mayGoOn()) {
            const row = due[next++]!;
            tried++;
            if (await applyReport(row, log)) applied++;
            else failed.add(row.id);
          }
        }),
      );
    }
  }

  let draining: Promise<number> | null = null;
  let again = false;
  /** Applies what was kept, now (at least `atLeast` reports, then only while the webhooks are quiet); a nudge during a pass makes one more pass after it. */
  function applyKept(log: (line: string) => void = console.error, atLeast = Infinity): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    const pass = async (): Promise<number> => {
      let n = 0;
      let drained: { applied: number; yielded: boolean };
      do {
        again = false;
        drained = await drain(log, atLeast);
        n += drained.applied;
      } while (again && !drained.yielded);
      if (drained.yielded) schedule();
      else if (!waiting) overdueAt = 0;
      return n;
    };
    draining = pass()
      .catch((err: unknown) => (log(`Parcels: ${err instanceof Error ? err.message : String(err)}`), 0))
      .finally(() => (draining = null));
    return draining;
  }

  let waiting: NodeJS.Timeout | null = null;
  /** When the reports waiting get a pass however busy the webhooks keep the shop (0: none wait). */
  let overdueAt = 0;
  let started: Promise<number> | null = null;
  /** A pass once the webhooks pause for QUIET_MS, or when the reports waiting are overdue. */
  function schedule(): void {
    const now = Date.now();
    if (!overdueAt) overdueAt = now + MOST_WAIT_MS;
    if (waiting) clearTimeout(waiting);
    waiting = setTimeout(
      () => {
        waiting = null;
        const overdue = Date.now() >= overdueAt;
        if (overdue) overdueAt = 0;
        started = applyKept(console.error, overdue ? AT_LEAST_WHEN_BUSY : 0);
      },
      Math.max(0, Math.min(QUIET_MS, overdueAt - now)),
    );
  }

  /** A webhook kept a report. */
  function nudge(): void {
    lastKept = Date.now();
    schedule();
  }

  return {
    applyKept,
    nudge,
    settled: async () => {
      while (waiting || draining) {
        if (waiting) await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        if (draining) await draining;
      }
      await started;
    },
  };
}
