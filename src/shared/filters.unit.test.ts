import { describe, expect, it } from 'vitest';
import { discountStepsOf, isFiltered, NO_FILTERS, priceBandOf, readFilters, writeFilters } from './filters.ts';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('a list’s filters in the address', () => {
  it('reads choices comma-joined or repeated, and writes them back in one order', () => {
    const f = read('sort=price-asc&colour=red&fabric=cotton,silk&fabric=linen&size=M&size=L&instock=1&discount=30&price=2500-5000');
    expect(f).toEqual({
      chosen: { fabric: ['silk', 'cotton', 'linen'], colour: ['red'], occasion: [], weave: [], origin: [], price: ['2500-5000'] },
      sizes: ['L', 'M'],
      discount: '30',
      inStockOnly: true,
      sort: 'price-asc',
    });
    const written = writeFilters(f);
    expect(written).toBe('fabric=silk%2Ccotton%2Clinen&colour=red&price=2500-5000&size=L%2CM&discount=30&instock=1&sort=price-asc');
    expect(read(written)).toEqual(f);
    // The same choices in another order, or twice, write the same address.
    expect(writeFilters(read('fabric=linen,silk,cotton,silk&size=M,L,M&colour=red&price=2500-5000&discount=30&instock=1&sort=price-asc'))).toBe(written);
  });

  it.each([
    ['unknown facets and values', 'material=silk&fabric=Silk,polyester,ѕilk&colour=toString,__proto__&sort=cheapest&discount=35&instock=yes'],
    ['a size that is no size name', `size=${encodeURIComponent('<script>')},${'x'.repeat(200)}`],
    ['an empty address', ''],
  ])('leaves out what it does not understand: %s', (_, query) => {
    expect(read(query)).toEqual(NO_FILTERS);
    expect(writeFilters(read(query))).toBe('');
  });

  it('stays small whatever the address: thousands of parameters and values', () => {
    const huge = Array.from({ length: 5000 }, (_, i) => `size=S${i}&fabric=silk`).join('&') + `&fabric=${Array(10000).fill('cotton').join(',')}`;
    const f = read(huge);
    expect(f.chosen.fabric).toEqual(['silk']);
    expect(f.sizes.length).toBeLessThanOrEqual(30);
    expect(writeFilters(f).length).toBeLessThan(400);
  });

  it('tells a filtered list from an ordered one', () => {
    expect(isFiltered(read('sort=newest'))).toBe(false);
    expect(isFiltered(read('instock=1'))).toBe(true);
  });
});

describe('price bands and discount steps', () => {
  it.each([
    [0, 'under-1000'],
    [999_99, 'under-1000'],
    [1_000_00, '1000-2500'],
    [24_999_99, '10000-25000'],
    [25_000_00, 'over-25000'],
    [10_00_000_00, 'over-25000'],
  ])('%i paise is in band %s', (paise, band) => expect(priceBandOf(paise)).toBe(band));

  it('a piece 35% off is in every step up to 30%', () => {
    expect(discountStepsOf(35)).toEqual(['10', '20', '30']);
    expect(discountStepsOf(0)).toEqual([]);
    expect(discountStepsOf(50)).toEqual(['10', '20', '30', '40', '50']);
  });
});
