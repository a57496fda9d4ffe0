/**
 * A listing's filters live in its address (issue 20): read from it, and changed by going to a new
 * address, so a filtered list can be shared and opens the same, and the back button walks back
 * through the choices. The search term, when there is one, stays first in the address.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { listingQuery, readFilters, writeFilters, type ListFilters } from '../../../shared/filters.ts';
import { nextPageHref, shownPages } from '../../../shared/shown-pages.ts';

/** The address's choices as one canonical string (the query keys and the API's caches are keyed by it). */
export const filtersOfUrl = (url: string | URL) => writeFilters(readFilters(new URL(url).searchParams));

/**
 * A list's pages as its loader asks them on the server: as many as the address shows (`?show=24`,
 * where a Load More link followed before the app ran, or without script, leads; decision 0040).
 */
export const shownIn = <Q extends object>(query: Q, url: string) => ({ ...query, pages: shownPages(new URL(url).searchParams) });

/** Where a list's Load More leads before the app has taken the page over: the same list, one page more. */
export function useMoreLink(): (shown: number) => string | null {
  const { pathname, search } = useLocation();
  return (shown) => nextPageHref(pathname, new URLSearchParams(search), shown);
}

export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const inAddress = useMemo(() => readFilters(params), [params]);
  const addressed = writeFilters(inAddress);
  // A choice just made shows at once (a box ticked stays ticked) while the router goes to its address.
  const [pending, setPending] = useState<{ from: string; to: ListFilters } | null>(null);
  useEffect(() => setPending(null), [addressed]);
  const filters = pending?.from === addressed ? pending.to : inAddress;
  const change = (next: ListFilters) => {
    if (writeFilters(next) === writeFilters(filters)) return;
    setPending({ from: addressed, to: next });
    // The shopper stays where they are on the page: only the list below changes.
    setParams(listingQuery(params, next), { preventScrollReset: true });
  };
  return { filters, address: writeFilters(filters), change };
}

export type ListFiltersState = ReturnType<typeof useListFilters>;
