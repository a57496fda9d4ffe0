import { describe, expect, it } from 'vitest';
import { cartTaxNote, DEFAULT_PRICING, priceTaxNote, shopDescription } from './pricing.ts';

describe('the texts that follow the pricing settings', () => {
  it('say taxes are included only while prices include GST', () => {
    expect(priceTaxNote(DEFAULT_PRICING)).toBe('Inclusive of all taxes');
    expect(cartTaxNote(DEFAULT_PRICING)).toBe('Prices include all taxes. Shipping is worked out at checkout.');
    const exclusive = { ...DEFAULT_PRICING, pricesIncludeGst: false };
    expect(priceTaxNote(exclusive)).toBe('Plus GST, added at checkout');
    expect(cartTaxNote(exclusive)).toBe('GST and shipping are added at checkout.');
  });

  it('describe the shop with the free-shipping threshold the owner set', () => {
    expect(shopDescription(DEFAULT_PRICING)).toContain('Free shipping over ₹999,');
    expect(shopDescription({ freeShippingThreshold: 1_499_50 })).toContain('Free shipping over ₹1,499.50,');
  });
});
