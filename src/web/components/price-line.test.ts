/**
 * The price as a shopper reads it (issue 50): a strike-through only above a lower price. A demo
 * saree whose offer equalled its price read "₹6,499 ₹6,499 0% off".
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PriceLine } from './price-line.tsx';

const drawn = (price: number, offerPrice: number | null) => renderToStaticMarkup(createElement(PriceLine, { price, offerPrice }));

describe('a price line', () => {
  it('strikes the price through only above a lower offer, with its discount', () => {
    const html = drawn(1_499_00, 1_199_00);
    expect(html).toContain('₹1,199');
    expect(html).toMatch(/<s[^>]*>.*₹1,499<\/s>/);
    expect(html).toContain('20% off');
  });

  it('is the price alone when there is no offer, or the offer is not below the price', () => {
    for (const [price, offer, paid] of [
      [6_499_00, null, '₹6,499'],
      [6_499_00, 6_499_00, '₹6,499'],
      [1_000_00, 1_200_00, '₹1,200'],
    ] as const) {
      const html = drawn(price, offer);
      expect(html).toContain(paid);
      expect(html).not.toContain('<s');
      expect(html).not.toContain('% off');
    }
  });
});
