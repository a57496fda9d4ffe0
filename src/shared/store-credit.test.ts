import { describe, expect, it } from 'vitest';
import { chargedOf, creditFits, creditToUse } from './store-credit.ts';

describe('creditToUse', () => {
  it('pays all of an order it covers, or leaves the provider at least ₹1', () => {
    expect(creditToUse(200_000, 149_900)).toBe(149_900);
    expect(creditToUse(100_000, 149_900)).toBe(100_000);
    expect(creditToUse(149_850, 149_900)).toBe(149_800);
    expect(creditToUse(0, 149_900)).toBe(0);
    expect(creditToUse(50, 120)).toBe(20);
    expect(creditToUse(50, 100)).toBe(0);
  });

  it('always gives an amount that fits', () => {
    for (const balance of [0, 1, 99, 100, 101, 5_000, 149_899, 149_900, 500_000]) {
      for (const total of [100, 101, 199, 149_900]) expect(creditFits(creditToUse(balance, total), total)).toBe(true);
    }
  });
});

describe('creditFits and chargedOf', () => {
  it('refuses credit that leaves less than ₹1 or is negative', () => {
    expect(creditFits(149_850, 149_900)).toBe(false);
    expect(creditFits(-1, 149_900)).toBe(false);
    expect(creditFits(149_900, 149_900)).toBe(true);
    expect(chargedOf({ total: 149_900, creditUsed: 49_900 })).toBe(100_000);
  });
});
