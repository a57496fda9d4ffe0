/** Coupons and offers (issue 50): a discount shared over the lines, and GST on what each line is paid. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_GST, lineRate, type TaxableLine } from './gst.ts';
import { shareOut } from './offers.ts';
import { priceLines } from './order-price.ts';
import { DEFAULT_PRICING } from './pricing.ts';

const apparel = { taxRule: 'apparel', fixedRateBp: null } as const;
const fabric = { taxRule: 'fixed', fixedRateBp: 500 } as const;
const rs = (r: number) => Math.round(r * 100);

describe('sharing a discount over the lines', () => {
  it('in proportion, the paise left to the largest remainders, ties to the earlier line', () => {
    expect(shareOut(100, [300, 300, 300])).toEqual([34, 33, 33]);
    expect(shareOut(rs(250), [rs(2800), rs(1200)])).toEqual([rs(175), rs(75)]);
    expect(shareOut(7, [10, 0, 30])).toEqual([2, 0, 5]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(10, [])).toEqual([]);
  });

  it('sums exactly and never gives a line more than its value, for any amounts', () => {
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    for (let round = 0; round < 500; round++) {
      const weights = Array.from({ length: 1 + next(6) }, () => next(4) === 0 ? 0 : 1 + next(1_500_000));
      const sum = weights.reduce((a, w) => a + w, 0);
      const total = next(sum + 1);
      const shares = shareOut(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(weights[i]!));
    }
    // Never more than there is to take.
    expect(shareOut(500, [100, 200])).toEqual([100, 200]);
  });
});

describe('GST on the price after the discount', () => {
  it('₹250 off a ₹2,800 kurta takes it from 18% to 5% (₹2,550 is ₹2,428.57 before GST)', () => {
    const kurta: TaxableLine = { unitPrice: rs(2800), quantity: 1, tax: apparel };
    const full = priceLines([kurta], DEFAULT_PRICING);
    expect(full.lines[0]).toMatchObject({ rateBp: 1800 });
    const off = priceLines([{ ...kurta, discount: rs(250) }], DEFAULT_PRICING);
    expect(off.lines[0]).toEqual({ rateBp: 500, taxable: rs(2550) - 12_143, gst: 12_143 });
    expect(off.amounts).toMatchObject({ subtotal: rs(2800), discount: rs(250), total: rs(2550), gstAmount: 12_143, shippingCharges: 0 });
  });

  it('a line of several pieces takes the rate of its average piece', () => {
    const S = { ...DEFAULT_PRICING, pricesIncludeGst: false };
    expect(lineRate(apparel, rs(5000), 2, S).rateBp).toBe(500); // ₹2,500 a piece
    expect(lineRate(apparel, rs(5000) + 1, 2, S).rateBp).toBe(1800);
    expect(lineRate(apparel, rs(5250), 2, DEFAULT_PRICING).rateBp).toBe(500); // ₹2,625 a piece, GST in
    expect(lineRate(fabric, rs(90_000), 1, DEFAULT_PRICING).rateBp).toBe(500);
  });

  it('at prices without GST the tax is added to the discounted value', () => {
    const S = { ...DEFAULT_PRICING, pricesIncludeGst: false, ...DEFAULT_GST };
    const off = priceLines([{ unitPrice: rs(3000), quantity: 1, tax: apparel, discount: rs(600) }], S);
    expect(off.lines[0]).toEqual({ rateBp: 500, taxable: rs(2400), gst: rs(120) });
    expect(off.amounts.total).toBe(rs(2520));
  });

  it('shipping follows the goods as paid, and free shipping takes off shipping only, never the COD fee', () => {
    const S = { ...DEFAULT_PRICING, codFee: rs(40) };
    const line: TaxableLine = { unitPrice: rs(1100), quantity: 1, tax: apparel };
    expect(priceLines([line], S).amounts.shippingCharges).toBe(0);
    const under = priceLines([{ ...line, discount: rs(200) }], S, 'cod');
    expect(under.amounts).toMatchObject({ shippingCharges: rs(99), codFee: rs(40), total: rs(900 + 99 + 40) });
    const free = priceLines([{ ...line, discount: rs(200) }], S, 'cod', true, true);
    expect(free.amounts).toMatchObject({ shippingCharges: 0, shippingDiscount: rs(99), codFee: rs(40), total: rs(940) });
    expect(priceLines([line], S).amounts).not.toHaveProperty('discount');
  });
});
