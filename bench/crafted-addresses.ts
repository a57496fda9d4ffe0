/**
 * Issue 53's memory row: a stranger crafts filter addresses, each a different choice of the shop's
 * real sizes (and price bands and fabrics), and asks for every one as a drawn page. Each draws a page, reads a
 * filtered list through the API in process, and would be kept; the caches are bounded by their
 * bytes (src/server/cache-budget.ts), so the server's memory after a collection ends within
 * MEMORY_LIMIT_MB of where it began.
 *
 * "Memory" is what the server's main thread keeps alive: its V8 heap and the buffers outside it
 * (gzip starts, kept answers' gzip), read after two full collections. The process's resident size
 * is printed beside it; it does not shrink after a collection on Linux, so it is not the budget.
 * A second 20,000 addresses, none asked before, follow: memory bounded levels off there.
 */
import type { MemoryReading } from './messages.ts';

export const CRAFTED_NAME = 'crafted filter addresses';
export const CRAFTED_COUNT = 20_000;
export const MEMORY_LIMIT_MB = 150;
/** Requests in flight at once: a patient crawler, not a flood (the load scenarios are that). */
const PARALLEL = 16;

const mb = (bytes: number) => bytes / (1024 * 1024);

/**
 * COUNT distinct addresses: the bits of i choose among the facets' values, the first facet's from
 * the lowest bits (the shop's sizes first, as the issue's attacker chose them).
 */
export function craftedAddresses(facets: [string, string[]][], count = CRAFTED_COUNT): string[] {
  const choices = facets.flatMap(([facet, values]) => values.map((value) => [facet, value] as const));
  if (2 ** choices.length - 1 < count) throw new Error(`only ${2 ** choices.length - 1} distinct addresses from ${choices.length} choices`);
  return Array.from({ length: count }, (_, i) => {
    const chosen = choices.filter((_, at) => (i + 1) & (1 << at));
    const query = facets.flatMap(([facet]) => {
      const values = chosen.filter(([f]) => f === facet).map(([, v]) => v);
      return values.length ? [[facet, values.join(',')]] : [];
    });
    return `/products?${new URLSearchParams(query).toString()}`;
  });
}

export interface CraftedResult {
  addresses: number;
  seconds: number;
  statuses: Record<number, number>;
  before: MemoryReading;
  after: MemoryReading;
  /** A second CRAFTED_COUNT, none asked before: memory that levels off rather than grows. */
  again: MemoryReading;
}

/** Asks for every address, PARALLEL at a time, and reads the server's memory before and after. */
export async function benchCraftedAddresses(origin: string, readMemory: () => Promise<MemoryReading>): Promise<CraftedResult> {
  const facets = (await (await fetch(`${origin}/api/products?counts=1&limit=1`)).json()) as { counts: Record<string, Record<string, number>> };
  const valuesOf = (facet: string) => [facet, Object.keys(facets.counts[facet] ?? {}).sort()] as [string, string[]];
  const all = craftedAddresses([valuesOf('size'), valuesOf('price'), valuesOf('fabric')], 2 * CRAFTED_COUNT);
  const statuses: Record<number, number> = {};
  const crawl = async (addresses: string[]) => {
    let next = 0;
    const crawler = async () => {
      while (next < addresses.length) {
        const res = await fetch(origin + addresses[next++]!);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, crawler));
  };
  const before = await readMemory();
  const started = performance.now();
  await crawl(all.slice(0, CRAFTED_COUNT));
  const seconds = (performance.now() - started) / 1000;
  const after = await readMemory();
  await crawl(all.slice(CRAFTED_COUNT));
  return { addresses: CRAFTED_COUNT, seconds, statuses, before, after, again: await readMemory() };
}

const live = (m: MemoryReading) => m.heapUsed + m.external;

/** The row and its budget, as the report prints them. */
export function describeCrafted(r: CraftedResult): string[] {
  const grew = mb(live(r.after) - live(r.before));
  const statuses = Object.entries(r.statuses).map(([status, n]) => `${n.toLocaleString('en-US')} × ${status}`).join(', ');
  return [
    `${CRAFTED_NAME}: ${r.addresses.toLocaleString('en-US')} distinct /products?size=…&price=…&fabric=… drawn pages in ${r.seconds.toFixed(0)} s (${statuses})`,
    `  live memory after a collection (heap + buffers): ${mb(live(r.before)).toFixed(0)} MB before, ${mb(live(r.after)).toFixed(0)} MB after (${grew >= 0 ? '+' : ''}${grew.toFixed(0)} MB); resident ${mb(r.before.rss).toFixed(0)} MB → ${mb(r.after.rss).toFixed(0)} MB`,
    `  after ${r.addresses.toLocaleString('en-US')} more, none asked before: live ${mb(live(r.again)).toFixed(0)} MB, resident ${mb(r.again.rss).toFixed(0)} MB`,
    `  ${grew <= MEMORY_LIMIT_MB && !Object.keys(r.statuses).some((s) => s !== '200') ? 'HOLDS ' : 'MISSED'}  crafted addresses: memory <= +${MEMORY_LIMIT_MB} MB, every answer 200`,
  ];
}
