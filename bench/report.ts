/**
 * The printed results: one table over all scenarios (the checkout's rows beside the list page's),
 * the cache-miss evidence of the uncached runs, the checkout's account of duplicates and losses,
 * and the budgets. Missed budgets are reported, never turned into a failing exit code.
 */
import type { CheckoutCheck } from './checkout-check.ts';
import type { LoadResult } from './messages.ts';
import { budgets, type Scenario } from './scenarios.ts';
import type { ServerErrors } from './server-log.ts';

export interface Row {
  /** An autocannon scenario, or a checkout step (name only). */
  scenario: Pick<Scenario, 'name' | 'uncached'>;
  result: LoadResult;
  /** The catalog_version bumps made during an uncached scenario (warm-up included). */
  bumps?: { bumps: number; ms: number };
  /** Waiting, after the run, for requests autocannon hung up on; inflight = still running after the limit. */
  drain?: { inflight: number; ms: number };
  /**
   * The server process's CPU time over the run (and the drain after it) per answer, in µs: steadier
   * than req/s on a machine whose other work comes and goes.
   */
  cpuMicrosPerAnswer?: number;
  /** Run in turns with the other rows a relative budget compares: each run's req/s; the row is the median run. */
  turns?: number[];
  /** What the server logged (request failures) during the scenario. */
  serverErrors?: ServerErrors;
  /** A checkout step's row: how many shoppers; on its last step's row, the check of duplicates and losses. */
  checkout?: { shoppers: number; check?: CheckoutCheck };
}

const num = (n: number | null, digits = 0) =>
  n !== null && Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '-';

function table(header: string[], body: string[][], rightAligned: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (rightAligned[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** A share by the server's CPU per answer, beside the share by req/s: the steadier of the two on a busy machine. */
function byCpu(row: Row, of: Row | undefined): string {
  const mine = row.cpuMicrosPerAnswer;
  const theirs = of?.cpuMicrosPerAnswer;
  return mine && theirs ? ` (${num((100 * theirs) / mine, 1)}% by the server's CPU per answer)` : '';
}

export function formatResults(rows: Row[]): string {
  const ceiling = rows[0]!.result.reqPerSec;
  const body = rows.map(({ scenario, result: r, cpuMicrosPerAnswer }) => [
    scenario.name,
    num(r.reqPerSec),
    num(r.p50Ms, 1),
    num(r.p99Ms, 1),
    `${num((100 * r.reqPerSec) / ceiling, 1)}%`,
    num(cpuMicrosPerAnswer ?? null),
    `${r.errors} / ${r.non2xx}`,
    num(r.requests),
  ]);
  const out = [
    'Closed loop: each connection sends its next request when the previous answer arrives, so latency',
    'includes queueing in the server. The warm-up and the measured run are one run; p50/p99 are over the',
    'answers after the warm-up; errors = connection errors and timeouts (10 s, not in p50/p99) and non-2xx',
    '= error statuses, both over the whole run, warm-up included.',
  ];
  const shoppers = rows.find((r) => r.checkout)?.checkout?.shoppers;
  if (shoppers !== undefined) {
    out.push(
      `Checkout rows: ${shoppers} shoppers, each buying purchase after purchase (checkout-load.ts, not autocannon);`,
      'req/s = purchases per second, requests = steps answered in the measured run; p50/p99 per step: create order =',
      'quote + POST orders, confirm payment = test-payment + confirm; Cash on Delivery: place order = quote + POST cod',
      '(a purchase in four sent twice), cancel order = POST cancel; errors / non-2xx over the whole run, warm-up included.',
    );
  }
  out.push(
    '',
    table(['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs ceiling', 'CPU µs/answer', 'errors / non-2xx', 'requests'], body, [false, true, true, true, true, true, true, true]),
  );

  const uncached = rows.filter((r) => r.scenario.uncached && r.bumps);
  if (uncached.length) {
    out.push('', 'Cache misses in the uncached runs (a hit needs a term to come round again within one catalog version):');
    for (const { scenario, result, bumps } of uncached) {
      const versionMs = bumps!.ms / Math.max(1, bumps!.bumps);
      const perVersion = (result.reqPerSec * versionMs) / 1000;
      const k = scenario.uncached!.terms.length;
      const verdict = perVersion < k ? 'no term comes round within a version: all misses' : 'SOME REQUESTS MAY HAVE HIT THE CACHE';
      out.push(
        `  ${scenario.name}: a new version every ${num(versionMs, 1)} ms (${num(bumps!.bumps)} bumps), ` +
          `${num(perVersion, 1)} requests per version, ${k} distinct terms in rotation -> ${verdict}`,
      );
    }
  }

  const checked = rows.filter((r) => r.checkout?.check);
  if (checked.length) {
    out.push('', 'Checkout: duplicates and losses (the shoppers\' answers against SQL counts on the throwaway database):');
    for (const r of checked) out.push(...r.checkout!.check!.lines.map((l) => `  ${l}`));
  }

  const turned = rows.filter((r) => r.turns);
  if (turned.length) {
    out.push('', `Run in turns, each row its median run (req/s of each run, in order):`);
    for (const r of turned) out.push(`  ${r.scenario.name}: ${r.turns!.map((x) => Math.round(x).toLocaleString('en-US')).join(' / ')}`);
  }

  const failing = rows.filter((r) => r.serverErrors?.count || r.serverErrors?.first);
  if (failing.length) {
    out.push('', 'The server logged errors:');
    for (const { scenario, serverErrors: e } of failing) {
      out.push(`  ${scenario.name}: ${e!.count} failed requests; first: ${e!.first ?? '-'}`);
      if (e!.cause) out.push(`    ${e!.cause}`);
    }
  }

  out.push('', 'Budgets (reported only; they do not change the exit code):');
  for (const b of budgets) {
    for (const name of b.scenarios) {
      const row = rows.find((r) => r.scenario.name === name);
      if (!row) continue;
      if (b.metric === 'clean') {
        const check = row.checkout?.check;
        out.push(`  ${check?.clean ? 'HOLDS ' : 'MISSED'}  ${b.label.padEnd(30)}  ${name}: ${check?.summary ?? 'not checked'}`);
        continue;
      }
      if (b.metric === 'p99-times') {
        const of = rows.find((r) => r.scenario.name === b.of)?.result.p99Ms;
        const p99 = row.result.p99Ms;
        const times = p99 !== null && of ? p99 / of : null;
        const shown = times === null ? 'no answers' : `p99 ${num(p99, 1)} ms = ${num(times, 1)}x "${b.of}" (${num(of ?? null, 1)} ms)`;
        out.push(`  ${times !== null && times <= b.limit ? 'HOLDS ' : 'MISSED'}  ${b.label.padEnd(30)}  ${name}: ${shown}`);
        continue;
      }
      const base = b.metric === 'relative' ? rows.find((r) => r.scenario.name === b.of)?.result.reqPerSec : ceiling;
      const value = b.metric === 'p99' ? row.result.p99Ms : base ? (100 * row.result.reqPerSec) / base : null;
      // No answers at all (every request timed out) holds no budget.
      const holds = value !== null && (b.metric === 'p99' ? value <= b.limit : value >= b.limit);
      const of = b.metric === 'relative' ? `of "${b.of}"` : 'of ceiling';
      const shown = value === null ? 'no answers' : b.metric === 'p99' ? `p99 ${num(value, 1)} ms` : `${num(value, 1)}% ${of}${byCpu(row, rows.find((r) => r.scenario.name === b.of))}`;
      out.push(`  ${holds ? 'HOLDS ' : 'MISSED'}  ${b.label.padEnd(30)}  ${name}: ${shown}`);
    }
  }
  return out.join('\n');
}
