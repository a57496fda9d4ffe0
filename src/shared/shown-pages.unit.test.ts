import { describe, expect, it } from 'vitest';
import { drawnQuery, MAX_SHOWN_PAGES, nextPageHref, shownPages } from './shown-pages.ts';

const params = (s: string) => new URLSearchParams(s);

describe('Load More as an address (decision 0040)', () => {
  it('reads how many whole pages the address asks for, one when it asks nothing it understands', () => {
    expect(shownPages(params(''))).toBe(1);
    expect(shownPages(params('show=24'))).toBe(2);
    // A count between pages asks for the page it falls in.
    expect(shownPages(params('show=13'))).toBe(2);
    expect(shownPages(params('show=12'))).toBe(1);
    for (const stray of ['show=0', 'show=-24', 'show=2e1', 'show=0x18', 'show=+24', 'show= 24', 'show=24.0', 'show=abc', 'show=']) expect(shownPages(params(stray)), stray).toBe(1);
    // However many are asked, no more than the most.
    expect(shownPages(params('show=999999'))).toBe(MAX_SHOWN_PAGES);
    expect(shownPages(params('show=9999999999999'))).toBe(1);
  });

  it('draws and keeps a list by its listing query and its pages in one form', () => {
    expect(drawnQuery(params('show=24'))).toBe('?show=24');
    expect(drawnQuery(params('show=13&utm_source=x'))).toBe('?show=24');
    expect(drawnQuery(params('show=12'))).toBe('');
    expect(drawnQuery(params('show=5000&colour=red&search=silk'))).toBe(`?search=silk&colour=red&show=${MAX_SHOWN_PAGES * 12}`);
    expect(drawnQuery(params('fabric=silk&show=nonsense'))).toBe('?fabric=silk');
  });

  it('leads Load More to the same list with its filters and one page more, at the first new piece, up to the most', () => {
    expect(nextPageHref('/products', params(''), 1)).toBe('/products?show=24#page-2');
    expect(nextPageHref('/categories/sarees', params('sort=price-asc&show=24&utm_source=x'), 2)).toBe('/categories/sarees?sort=price-asc&show=36#page-3');
    expect(nextPageHref('/products', params('show=228'), MAX_SHOWN_PAGES - 1)).toBe(`/products?show=${MAX_SHOWN_PAGES * 12}#page-${MAX_SHOWN_PAGES}`);
    expect(nextPageHref('/products', params(''), MAX_SHOWN_PAGES)).toBeNull();
  });
});
