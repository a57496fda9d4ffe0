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
/** ...and at most this long after the first report waiting, however busy they keep the shop. */
const MOST_WAIT_MS = 1_000;

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

  /** Every kept report applied, two at a time, oldest first; a report that failed waits for the next pass. */
  async function drain(log: (line: string) => void): Promise<number> {
    const failed = new Set<number>();
    let applied = 0;
    for (;;) {
      const due = (await q.dueReports(db, 100)).filter((r) => !failed.has(r.id));
      if (due.length === 0) return applied;
      let next = 0;
      await Promise.all(
        Array.from({ length: APPLIERS }, async () => {
          while (next < due.length) {
            const row = due[next++]!;
            if (await applyReport(row, log)) applied++;
            else failed.add(row.id);
          }
        }),
      );
    }
  }

  let draining: Promise<number> | null = null;
  let again = false;
  /** Applies what was kept, now; a nudge during a pass makes one more pass after it. */
  function applyKept(log: (line: string) => void = console.error): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    const pass = async (): Promise<number> => {
      let n = 0;
      do {
        again = false;
        n += await drain(log);
      } while (again);
      return n;
    };
    draining = pass()
      .catch((err: unknown) => (log(`Parcels: ${err instanceof Error ? err.message : String(err)}`), 0))
      .finally(() => (draining = null));
    return draining;
  }

  // Applying yields to answering: a webhook's nudge starts a pass once the webhooks pause for
  // QUIET_MS, and within MOST_WAIT_MS of the first nudge however busy they keep the shop.
  let waiting: NodeJS.Timeout | null = null;
  let firstNudge = 0;
  let started: Promise<number> | null = null;
  function nudge(): void {
    const now = Date.now();
    if (!waiting) firstNudge = now;
    else clearTimeout(waiting);
    const wait = Math.max(0, Math.min(QUIET_MS, firstNudge + MOST_WAIT_MS - now));
    waiting = setTimeout(() => {
      waiting = null;
      started = applyKept();
    }, wait);
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
