import { describe, expect, it } from 'vitest';
import { discountStepsOf, isFiltered, NO_FILTERS, priceBandOf, readFilters, writeFilters, bySize, chosenChips, cleared, listingQuery, toggled } from './filters.ts';

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

describe('what the filters show and do', () => {
  const silkRed = readFilters(new URLSearchParams('fabric=silk&colour=red&size=M&discount=20&instock=1&sort=price-asc'));

  it('turns a choice on and off, keeping each facet in its list’s order', () => {
    const on = toggled(toggled(NO_FILTERS, 'fabric', 'silk'), 'fabric', 'cotton');
    expect(on.chosen.fabric).toEqual(['silk', 'cotton']);
    expect(toggled(on, 'fabric', 'silk').chosen.fabric).toEqual(['cotton']);
    expect(toggled(toggled(NO_FILTERS, 'size', 'XL'), 'size', 'M').sizes).toEqual(['M', 'XL']);
    expect(toggled(silkRed, 'discount', '20').discount).toBeNull();
    expect(toggled(silkRed, 'discount', '40').discount).toBe('40');
  });

  it('shows each choice as a chip that removes only itself; clearing keeps the order', () => {
    const chips = chosenChips(silkRed);
    expect(chips.map((c) => c.label)).toEqual(['Silk', 'Red', 'Size M', '20% and above', 'In stock only']);
    expect(writeFilters(chips[1]!.without)).toBe('fabric=silk&size=M&discount=20&instock=1&sort=price-asc');
    expect(writeFilters(cleared(silkRed))).toBe('sort=price-asc');
  });

  it('orders sizes as a shopper reads them', () => {
    expect(['One size', 'XL', '32', 'M', 'Free', 'S', '28', 'XXL', '3XL'].sort(bySize)).toEqual(['S', 'M', 'XL', 'XXL', '3XL', '28', '32', 'Free', 'One size']);
  });

  it('writes a listing’s address as the shop does: the term first, then the filters; nothing else', () => {
    const q = (s: string) => listingQuery(new URLSearchParams(s));
    expect(q('colour=red&utm_source=whatsapp&fabric=silk&search=red%20silk')).toBe('?search=red+silk&fabric=silk&colour=red');
    expect(q('fabric=silk&colour=red')).toBe(q('colour=red,red&fabric=silk&fabric=wool'));
    expect(q('utm_source=x&fbclid=y')).toBe('');
    // A term with the address's own characters stays one term, and cannot add a filter.
    expect(q('search=a%26fabric%3Dsilk%23x')).toBe('?search=a%26fabric%3Dsilk%23x');
    expect(readFilters(new URLSearchParams(q('search=a%26fabric%3Dsilk'))).chosen.fabric).toEqual([]);
    expect(q('search=')).toBe('?search=');
  });
});
