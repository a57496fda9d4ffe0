/**
 * The scenarios, in the order they run, built from the workload chosen at run time.
 *
 * Search and suggestion answers are cached in the app per (catalog version, term), and the version
 * is read from the database on every request. So each search scenario runs twice:
 *  - cached: one term over and over, as when many shoppers search for the same thing; after the
 *    first request only the version read and the product rows are fetched.
 *  - uncached: what a miss costs. Requests go through a rotation of many distinct terms that match
 *    about as many products, and meanwhile the server process bumps catalog_version every
 *    BUMP_INTERVAL_MS (what a busy admin's edits do). The cache could only answer a term if that
 *    same term came round again within one version, i.e. if a whole rotation of requests fitted
 *    into a few milliseconds; the report prints requests per version against the rotation's length
 *    so you can see it did not. (A rotation alone is not enough: the cache holds 1000 entries.
 *    Bumps alone are not enough at high rates: many requests share one version.)
 */
import type { Rotation, Workload } from './workload.ts';

export interface Scenario {
  name: string;
  paths: string[];
  /** A POST with this JSON body (login), and headers such as a signed-in shopper's cookie. */
  post?: unknown;
  headers?: Record<string, string>;
  /** Run with the version bumps; the rotation's length is what a cache hit would need to beat. */
  uncached?: Rotation;
}

const q = (path: string, term: string) => `${path}?q=${encodeURIComponent(term)}`;

/** The shopper the signed-in scenarios run as (signed up by bench/run.ts before the load). */
export interface BenchShopper {
  email: string;
  password: string;
  cookie: string;
}

export const LIST_PATH = '/api/products?offset=0&limit=12';

export function buildScenarios(w: Workload, shopper: BenchShopper): Scenario[] {
  const signedIn = { Cookie: shopper.cookie };
  const search = (t: string) => q('/api/products/search', t);
  const suggest = (t: string) => q('/api/products/suggestions', t);
  return [
    { name: 'ceiling: GET /api/health', paths: ['/api/health'] },
    { name: 'list page (offset 0, limit 12)', paths: [LIST_PATH] },
    // Side by side: what a session costs a request (one session lookup), and what a login costs (scrypt).
    { name: 'list page, signed in', paths: [LIST_PATH], headers: signedIn },
    { name: 'session check (signed in)', paths: ['/api/accounts/session'], headers: signedIn },
    { name: 'login (scrypt)', paths: ['/api/accounts/login'], post: { email: shopper.email, password: shopper.password } },
    { name: `product by id (${w.productIds.length} ids)`, paths: w.productIds.map((id) => `/api/products/${id}`) },
    { name: 'search, selective, cached', paths: [search(w.selective.term)] },
    { name: 'search, selective, uncached', paths: w.selectiveRotation.terms.map(search), uncached: w.selectiveRotation },
    { name: 'search, broad, cached', paths: [search(w.broad.term)] },
    { name: 'search, broad, uncached', paths: w.broadRotation.terms.map(search), uncached: w.broadRotation },
    { name: 'suggestions, cached', paths: [suggest(w.suggestion.term)] },
    { name: 'suggestions, uncached', paths: w.suggestionRotation.terms.map(suggest), uncached: w.suggestionRotation },
  ];
}

export interface Budget {
  label: string;
  /** Scenario names it applies to (both the cached and the uncached run). */
  scenarios: string[];
  /** p99 in ms; share of the ceiling's req/s in %; or `of` another scenario's req/s in %. */
  metric: 'p99' | 'share' | 'relative';
  limit: number;
  of?: string;
}

export const budgets: Budget[] = [
  { label: 'selective search p99 <= 50 ms', scenarios: ['search, selective, cached', 'search, selective, uncached'], metric: 'p99', limit: 50 },
  { label: 'suggestions p99 <= 50 ms', scenarios: ['suggestions, cached', 'suggestions, uncached'], metric: 'p99', limit: 50 },
  { label: 'broad search p99 <= 150 ms', scenarios: ['search, broad, cached', 'search, broad, uncached'], metric: 'p99', limit: 150 },
  { label: 'list req/s >= 20% of ceiling', scenarios: ['list page (offset 0, limit 12)'], metric: 'share', limit: 20 },
  {
    label: 'signed-in list req/s >= 90% of anonymous',
    scenarios: ['list page, signed in'],
    metric: 'relative',
    limit: 90,
    of: 'list page (offset 0, limit 12)',
  },
];
