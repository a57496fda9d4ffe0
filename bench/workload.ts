/**
 * What the scenarios ask for, chosen from the seeded database at run time: real product ids, a
 * search term matching about 1% of the catalog, a broad one, a suggestion prefix, and for the
 * uncached scenarios rotations of many distinct terms that match about as many products.
 * Every match count printed comes from SQL with the server's own pattern (containsPattern).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { containsPattern } from '../src/server/modules/catalog/catalog.service.ts';
import { searchText } from '../src/shared/catalog.contract.ts';
import { rows } from './seed.ts';
import { pieceToReview } from './seed-reviews.ts';

// The vocabulary of src/server/db/seed/synthetic.ts (not exported there). Should the two drift
// apart, the counts below still tell the truth; the chosen terms would just be less apt.
const COLOURS = ['Maroon', 'Mustard', 'Bottle Green', 'Peacock Blue', 'Rani Pink', 'Off-White', 'Ivory', 'Wine', 'Mauve', 'Teal', 'Rust', 'Magenta', 'Gold', 'Indigo', 'Coral', 'Lavender', 'Saffron', 'Emerald', 'Plum', 'Sea Green'];
const WEAVES = [['Kanjeevaram', 'Silk'], ['Banarasi', 'Silk'], ['Mysore', 'Silk'], ['Tussar', 'Silk'], ['Tant', 'Cotton'], ['Jamdani', 'Cotton'], ['Kota Doria', 'Cotton'], ['Pochampally Ikat', 'Cotton'], ['Handloom', 'Linen'], ['Chanderi', 'Silk Cotton']] as const;
const CLOTHING = [['Kurta', ['Cotton', 'Rayon', 'Chanderi', 'Chikankari']], ['Kurta Set', ['Cotton', 'Muslin', 'Silk Blend']], ['Salwar Suit', ['Cotton', 'Georgette', 'Chanderi']], ['Lehenga', ['Silk', 'Velvet', 'Georgette']], ['Dupatta', ['Bandhani', 'Phulkari', 'Banarasi']]] as const;
const WORK = ['with Zari Border', 'with Temple Border', 'with Butis', 'with Woven Pallu', 'with Floral Motifs', 'with Mirror Work', 'with Block Print', 'with Gota Patti'];

export const BROAD_TERM = 'saree';
export const SUGGESTION_PREFIX = 'kanjee';

export interface Term {
  term: string;
  matches: number;
}

export interface Rotation {
  terms: string[];
  minMatches: number;
  maxMatches: number;
}

export interface Workload {
  productIds: number[];
  /** A sized product with REVIEWED_COUNT published reviews, REVIEWED_PHOTOS of them with a photograph (seed-reviews.ts). */
  reviewedProductId: number;
  /** PINs from India Post's directory, at random (the product page's PIN check). */
  pincodes: string[];
  selective: Term;
  selectiveRotation: Rotation;
  /**
   * Every candidate phrase matching 0.1% to 10% of the catalog: more terms than the server keeps
   * matched per index build (filtered-lists.ts TERMS_KEPT), so a filtered search in turn over them
   * finds no term's matches kept (the catalog version's bumps do not move the filter index).
   */
  filteredSearchRotation: Rotation;
  broad: Term;
  broadRotation: Rotation;
  suggestion: Term;
  suggestionRotation: Rotation;
}

/** The server's cache key: its own normalisation (searchText), then lower case. */
const cacheKey = (term: string) => searchText.parse(term).toLowerCase();

function distinct(terms: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const t of terms) {
    const key = cacheKey(t);
    if (key.length >= 3 && !byKey.has(key)) byKey.set(key, searchText.parse(t));
  }
  return [...byKey.values()];
}

/** Match counts for many terms in one statement, exactly as the server's search filters. */
async function countMatches(db: Db, terms: string[]): Promise<Term[]> {
  const patterns = sql.join(
    terms.map((t) => sql`${containsPattern(t)}`),
    sql`, `,
  );
  const counts = await rows<{ i: number; n: number }>(
    db,
    sql`select t.i::int as i, (select count(*)::int from product_search s where s.text like lower(t.pattern)) as n
        from unnest(array[${patterns}]::text[]) with ordinality as t(pattern, i) order by t.i`,
  );
  return counts.map((c) => ({ term: terms[c.i - 1]!, matches: c.n }));
}

/** The terms whose match count lies within [chosen / spread, chosen * spread] (at least the chosen one). */
function rotation(counted: Term[], chosen: Term, spread: number): Rotation {
  let kept = counted.filter((t) => t.matches > 0 && t.matches >= chosen.matches / spread && t.matches <= chosen.matches * spread);
  if (kept.length === 0) kept = [chosen]; // a tiny catalog: nothing matches; measure the one term anyway
  const ms = kept.map((t) => t.matches);
  return { terms: shuffle(kept.map((t) => t.term)), minMatches: Math.min(...ms), maxMatches: Math.max(...ms) };
}

function shuffle<T>(xs: T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Every substring of at least `min` characters. */
function substrings(s: string, min: number): string[] {
  const out: string[] = [];
  for (let a = 0; a < s.length; a++) for (let b = a + min; b <= s.length; b++) out.push(s.slice(a, b));
  return out;
}

export async function chooseWorkload(db: Db, total: number): Promise<Workload> {
  const idRows = await rows<{ id: number }>(db, sql`select id from products order by random() limit 5000`);
  const pinRows = await rows<{ pincode: string }>(db, sql`select pincode from pincodes order by random() limit 1000`);

  // Selective: phrases a shopper would type, from several families; the one nearest 1% wins.
  const selectiveCandidates = distinct([
    ...COLOURS.flatMap((c) => WEAVES.map(([w]) => `${c} ${w}`)),
    ...COLOURS.flatMap((c) => CLOTHING.map(([noun]) => `${c} ${noun}`)),
    ...CLOTHING.flatMap(([noun, fabrics]) => fabrics.map((f) => `${f} ${noun}`)),
    ...WEAVES.flatMap(([w, f]) => WORK.map((work) => `${w} ${f} Saree ${work}`)),
  ]);
  const selectiveCounted = await countMatches(db, selectiveCandidates);
  const onePercent = total / 100;
  const selective = selectiveCounted.reduce((best, t) =>
    Math.abs(t.matches - onePercent) < Math.abs(best.matches - onePercent) ? t : best,
  );

  // Broad: 'saree', and for the rotation every piece of the text around it that matches as many.
  const broadCandidates = distinct([BROAD_TERM, ...substrings(' saree with ', 4), ...substrings(' sarees ', 4)]);
  const broadCounted = await countMatches(db, broadCandidates);
  const broad = broadCounted.find((t) => cacheKey(t.term) === BROAD_TERM)!;

  // Suggestions: 'kanjee' as typed, and for the rotation the prefixes (3+ letters) of vocabulary words.
  const words = [...COLOURS, ...WEAVES.flat(), ...CLOTHING.flatMap(([noun, fabrics]) => [noun, ...fabrics])];
  const prefixes = distinct([SUGGESTION_PREFIX, ...words.flatMap((w) => substrings(w, 3).filter((s) => w.startsWith(s)))]);
  const prefixCounted = await countMatches(db, prefixes);
  const suggestion = prefixCounted.find((t) => cacheKey(t.term) === SUGGESTION_PREFIX)!;

  return {
    productIds: shuffle(idRows.map((r) => r.id)),
    reviewedProductId: await pieceToReview(db),
    pincodes: pinRows.map((r) => r.pincode),
    selective,
    selectiveRotation: rotation(selectiveCounted, selective, 2),
    filteredSearchRotation: rotation(selectiveCounted, selective, 10),
    broad,
    broadRotation: rotation(broadCounted, broad, 1.1),
    suggestion,
    suggestionRotation: rotation(prefixCounted, suggestion, 2),
  };
}
