/**
 * TanStack Query's query hash, an internal the shop relies on (docs/pages.md): a drawn page's
 * answers are found by their `queryHash` before TanStack's code has come (ssr-data.ts `ssrAnswer`,
 * data-client.ts), on the reading that it is JSON.stringify of the key, true for keys of strings
 * and numbers only. A release that hashes otherwise makes every drawn answer unfound: each screen
 * would be drawn again in the browser and the takeover would not match the page.
 */
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../lib/query-keys.ts';
import { makeQueryClient } from '../lib/query-client.ts';
import { freshAsServed, type SsrState } from './ssr-data.ts';

const WHAT_TO_DO =
  "TanStack Query's query hash is no longer JSON.stringify(queryKey): read drawn answers through its hashKey in src/web/drawing/ssr-data.ts (ssrAnswer) and data-client.ts, or pin @tanstack/react-query to the release before";

/** A key of each shape a drawn page carries, with the characters a search term may hold. */
const DRAWN_KEYS: readonly (readonly unknown[])[] = [
  queryKeys.pricing,
  queryKeys.categories,
  queryKeys.collections,
  queryKeys.product('12'),
  queryKeys.productPages('best-seller', 12),
  queryKeys.listPages('products', '?fabric=silk&sort=price-asc'),
  queryKeys.search('Banarasi "zari" </script> İ', ''),
  queryKeys.categoryPages('sarees', ''),
  queryKeys.collectionPages('festive', '?show=24'),
  queryKeys.delivery('560001', 12),
];

describe("TanStack Query's dehydrated state as a drawn page carries it (an internal the shop relies on)", () => {
  it('hashes each key the shop draws with as JSON of the key', () => {
    const client = makeQueryClient();
    for (const key of DRAWN_KEYS) client.setQueryData(key, { key });
    const { queries } = dehydrate(client) as unknown as SsrState;
    expect(queries).toHaveLength(DRAWN_KEYS.length);
    for (const q of queries) expect(q.queryHash, WHAT_TO_DO).toBe(JSON.stringify(q.queryKey));
  });

  it('keeps the fields ssr-data.ts reads, and takes its state back dated now', () => {
    const drawn = makeQueryClient();
    drawn.setQueryData(queryKeys.product('12'), { id: 12 });
    const state = JSON.parse(JSON.stringify(dehydrate(drawn))) as SsrState;
    const [q] = state.queries;
    expect(q, WHAT_TO_DO).toMatchObject({ queryHash: '["products","detail","12"]', queryKey: ['products', 'detail', '12'], state: { data: { id: 12 }, status: 'success' } });
    expect(state.mutations, WHAT_TO_DO).toEqual([]);
    const browser = new QueryClient();
    hydrate(browser, freshAsServed(state, 1_000) as Parameters<typeof hydrate>[1]);
    expect(browser.getQueryData(queryKeys.product('12'))).toEqual({ id: 12 });
    expect(browser.getQueryState(queryKeys.product('12'))?.dataUpdatedAt).toBe(1_000);
  });
});
