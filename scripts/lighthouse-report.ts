/**
 * For `npm run lighthouse`: medians over runs, the printed table, budgets, the home page's initial
 * JavaScript, and the audits that cost accessibility, best-practices or SEO points.
 */
import type { Result } from 'lighthouse';
import { budgetLine, gzipKb, homeInitialJs } from './home-js.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
const SHORT: Record<Category, string> = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' };
/** Issue 19's bars, on the median run of each page (mobile preset). */
export const BUDGET: Record<Category, number> = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
const METRIC_BUDGETS = [
  { id: 'largest-contentful-paint', label: 'LCP', at: 1800, unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', at: 100, unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', at: 0, unit: '' },
] as const;

export interface PageResult {
  path: string;
  runs: Result[];
  /** Median of each category over the runs, 0–100; null when a run could not score it. */
  scores: Record<Category, number | null>;
  /** The run whose performance score is the median: its metrics are printed, its reports saved. */
  median: Result;
}

const score = (lhr: Result, c: Category) => {
  const s = lhr.categories[c]?.score;
  return lhr.runtimeError || s === null || s === undefined ? null : Math.round(s * 100);
};

function medianOf(values: (number | null)[]): number | null {
  if (values.some((v) => v === null)) return null;
  const sorted = (values as number[]).slice().sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/** Medians over the runs that completed (a run Lighthouse itself reports as failed has no scores). */
export function summarise(pagePath: string, runs: Result[]): PageResult {
  const ok = runs.filter((r) => !r.runtimeError);
  const counted = ok.length > 0 ? ok : runs;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, medianOf(counted.map((r) => score(r, c)))])) as PageResult['scores'];
  const byPerf = counted.slice().sort((a, b) => (score(a, 'performance') ?? -1) - (score(b, 'performance') ?? -1));
  return { path: pagePath, runs, scores, median: byPerf[Math.floor((byPerf.length - 1) / 2)]! };
}

const metric = (lhr: Result, id: string) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '-';
const pad = (s: string, n: number) => s.padEnd(n);
const mark = (c: Category, v: number | null) => (v === null ? 'n/a ✗' : `${v} ${v >= BUDGET[c] ? '✓' : '✗'}`);

export function printTable(pages: PageResult[]): boolean {
  const w = Math.max(22, ...pages.map((p) => p.path.length + 2));
  const head = pad('page', w) + CATEGORIES.map((c) => pad(SHORT[c], 7)).join('') + 'LCP      TBT      CLS     FCP      perf runs';
  console.log(`\n${head}\n${'-'.repeat(head.length)}`);
  for (const p of pages) {
    const m = p.median;
    const runs = p.runs.map((r) => score(r, 'performance') ?? 'err').join('/');
    const metrics = [metric(m, 'largest-contentful-paint'), metric(m, 'total-blocking-time'), metric(m, 'cumulative-layout-shift'), metric(m, 'first-contentful-paint')];
    console.log(pad(p.path, w) + CATEGORIES.map((c) => pad(mark(c, p.scores[c]), 7)).join('') + metrics.map((x, i) => pad(x, i === 2 ? 8 : 9)).join('') + runs);
  }
  console.log(pad('budget', w) + CATEGORIES.map((c) => pad((c === 'performance' ? '≥' : '=') + BUDGET[c], 7)).join(''));
  console.log('(median of each score over the runs; metrics from the median-performance run; mobile, simulated throttling)');

  console.log('\nBudgets:');
  let allHold = true;
  for (const p of pages) {
    for (const c of CATEGORIES) {
      const v = p.scores[c];
      const holds = v !== null && v >= BUDGET[c];
      allHold &&= holds;
      console.log(`  ${pad(p.path, w)}${pad(c, 16)}${pad(String(v ?? 'n/a'), 5)}${c === 'performance' ? '≥' : '='} ${BUDGET[c]}  ${holds ? 'holds' : 'MISSED'}`);
    }
    for (const b of METRIC_BUDGETS) {
      const v = p.median.audits[b.id]?.numericValue;
      const holds = v !== undefined && v <= b.at;
      allHold &&= holds;
      const shown = v === undefined ? 'n/a' : b.unit ? `${Math.round(v)} ${b.unit}` : v.toFixed(3);
      console.log(`  ${pad(p.path, w)}${pad(b.label, 16)}${pad(shown, 8)}≤ ${b.at}${b.unit && ` ${b.unit}`}  ${holds ? 'holds' : 'MISSED'}`);
    }
  }
  return allHold;
}

type Item = Record<string, unknown> & { node?: { selector?: string; snippet?: string; explanation?: string } };
const itemsOf = (lhr: Result, id: string): Item[] => ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []);

/**
 * Home's initial JavaScript (scripts/home-js.ts), with what the Lighthouse run of / fetched besides
 * (code loaded as sections near the screen, which Lighthouse's full-page screenshot brings into
 * view) listed apart, and the brotli bytes actually transferred.
 */
export function printHomeInitialJs(home: Result, webDir: string): { ok: boolean } {
  const js = homeInitialJs(webDir);
  const initial = new Set(js.files.map((f) => f.file));
  const origin = new URL(home.finalDisplayedUrl).origin;
  const fetched = itemsOf(home, 'network-requests').filter((i) => i.resourceType === 'Script' && String(i.url).startsWith(origin));
  const later = fetched.map((i) => new URL(String(i.url)).pathname.slice(1)).filter((f) => !initial.has(f));
  const transferred = fetched.reduce((sum, i) => sum + Number(i.transferSize ?? 0), 0) / 1000;
  console.log(`\n${budgetLine(js)}`);
  console.log(js.files.map((f) => `    ${pad(f.kb.toFixed(1), 7)}KB  /${f.file}`).join('\n'));
  const laterKb = later.reduce((sum, f) => sum + gzipKb(webDir, f), 0);
  console.log(`  loaded later as sections came near (${later.length} scripts, ${laterKb.toFixed(1)} KB gzip): ${later.join(', ') || 'none'}`);
  console.log(`  all scripts of the run as transferred (brotli + headers): ${transferred.toFixed(1)} KB`);
  return { ok: js.ok };
}

const describe = (i: Item): string => {
  if (i.node) return `${i.node.selector ?? ''}  ${i.node.snippet ?? ''}${i.node.explanation ? `\n          ${i.node.explanation.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`;
  const text = i.description ? `${i.description}${i.url ? ` (${i.url})` : ''}` : (i.url ?? i.source ?? JSON.stringify(i));
  return String(text).replace(/\s+/g, ' ').slice(0, 240);
};

/** Audits below a full score in accessibility, best practices and SEO, with their offending elements. */
export function printFailingAudits(pages: PageResult[]): void {
  console.log('\nAudits below full marks (accessibility, best practices, SEO), from each median run:');
  let any = false;
  for (const p of pages) {
    for (const c of CATEGORIES.filter((x) => x !== 'performance')) {
      for (const ref of p.median.categories[c]?.auditRefs ?? []) {
        const a = p.median.audits[ref.id];
        if (!a || a.score === null || a.score >= 1 || ref.weight === 0) continue;
        any = true;
        console.log(`  ${p.path}  [${c}] ${a.id}: ${a.title}`);
        const items = itemsOf(p.median, a.id);
        for (const i of items.slice(0, 6)) console.log(`      - ${describe(i)}`);
        if (items.length > 6) console.log(`      ... and ${items.length - 6} more`);
      }
    }
  }
  if (!any) console.log('  none');
}
