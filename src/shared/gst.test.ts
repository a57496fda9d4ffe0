/** GST by piece (issue 18): rate bands at and around the threshold, the ambiguous band, splits, rounding. */
import { describe, expect, it } from 'vitest';
import { ambiguousBand, DEFAULT_GST, orderTax, pieceRate, splitGst, taxOf, type GstSettings, type TaxableLine } from './gst.ts';

const S: GstSettings = { gstRateBp: 1800, pricesIncludeGst: true, ...DEFAULT_GST };
const apparel = { taxRule: 'apparel', fixedRateBp: null } as const;
const fabric = { taxRule: 'fixed', fixedRateBp: 500 } as const;
const none = { taxRule: null, fixedRateBp: null } as const;
const rs = (r: number) => Math.round(r * 100);

describe('the rate of a piece', () => {
  it('apparel at inclusive prices: 5% up to ₹2,625 (₹2,500 before GST), 18% above ₹2,950, the owner’s choice between', () => {
    expect(pieceRate(apparel, rs(1499), S)).toEqual({ rateBp: 500, ambiguous: false });
    expect(pieceRate(apparel, rs(2625), S)).toEqual({ rateBp: 500, ambiguous: false }); // 2,625 / 1.05 = 2,500.00
    expect(pieceRate(apparel, rs(2625.01), S)).toEqual({ rateBp: 1800, ambiguous: true });
    expect(pieceRate(apparel, rs(2800), S)).toEqual({ rateBp: 1800, ambiguous: true });
    expect(pieceRate(apparel, rs(2800), { ...S, ambiguousRate: 'lower' })).toEqual({ rateBp: 500, ambiguous: true });
    expect(pieceRate(apparel, rs(2950), S)).toEqual({ rateBp: 1800, ambiguous: true }); // 2,950 / 1.18 = 2,500.00, not above
    expect(pieceRate(apparel, rs(2950.01), S)).toEqual({ rateBp: 1800, ambiguous: false });
    expect(pieceRate(apparel, rs(12_999), S)).toEqual({ rateBp: 1800, ambiguous: false });
    expect(ambiguousBand(S)).toEqual({ from: rs(2625), to: rs(2950) });
  });

  it('apparel at prices before GST: the value itself against the threshold, never ambiguous', () => {
    const ex = { ...S, pricesIncludeGst: false };
    expect(pieceRate(apparel, rs(2500), ex)).toEqual({ rateBp: 500, ambiguous: false });
    expect(pieceRate(apparel, rs(2500.01), ex)).toEqual({ rateBp: 1800, ambiguous: false });
    expect(ambiguousBand(ex)).toBeNull();
  });

  it('fabric at its fixed rate whatever the price; no rule at the shop’s rate; the threshold and rates are settings', () => {
    expect(pieceRate(fabric, rs(45_000), S).rateBp).toBe(500);
    expect(pieceRate(none, rs(100), S).rateBp).toBe(1800);
    expect(pieceRate(none, rs(100), { ...S, gstRateBp: 1200 }).rateBp).toBe(1200);
    const old = { ...S, apparelThreshold: rs(1000), apparelHighRateBp: 1200 };
    expect(pieceRate(apparel, rs(1050), old).rateBp).toBe(500);
    expect(pieceRate(apparel, rs(1499), old).rateBp).toBe(1200);
  });

  it('decides on the price paid for one piece, so a discount can move a piece down a band', () => {
    expect(pieceRate(apparel, rs(3200), S).rateBp).toBe(1800);
    expect(pieceRate(apparel, rs(2499), S).rateBp).toBe(500); // the same kurta on offer
  });
});

describe('the tax of an amount', () => {
  it('is contained in an inclusive price, or added to an exclusive one, to the paisa, halves up', () => {
    expect(taxOf(rs(1499), 500, true)).toEqual({ rateBp: 500, taxable: 142762, gst: 7138 }); // ₹71.38
    expect(taxOf(rs(3000), 1800, true)).toEqual({ rateBp: 1800, taxable: 254237, gst: 45763 }); // ₹457.63
    expect(taxOf(rs(1000), 500, false)).toEqual({ rateBp: 500, taxable: rs(1000), gst: rs(50) });
    expect(taxOf(1, 1800, false).gst).toBe(0); // 0.18 paise
    expect(taxOf(3, 1800, false).gst).toBe(1); // 0.54 paise rounds up
  });
});

describe('the tax of an order', () => {
  const lines: TaxableLine[] = [
    { unitPrice: rs(1499), quantity: 1, tax: apparel },
    { unitPrice: rs(3000), quantity: 1, tax: apparel },
  ];

  it('taxes each line at its piece’s rate and shows the GST per rate (the issue’s example)', () => {
    const t = orderTax(lines, 0, S);
    expect(t.byRate).toEqual([
      { rateBp: 500, taxable: 142762, gst: 7138 },
      { rateBp: 1800, taxable: 254237, gst: 45763 },
    ]);
    expect(t.gst).toBe(7138 + 45763);
  });

  it('taxes shipping and the COD fee at the rate of the piece of the highest value, the first of equals', () => {
    expect(orderTax(lines, rs(99), S).charges).toEqual(taxOf(rs(99), 1800, true));
    const cheapFirst: TaxableLine[] = [
      { unitPrice: rs(800), quantity: 1, tax: fabric },
      { unitPrice: rs(400), quantity: 2, tax: none },
    ];
    expect(orderTax(cheapFirst, rs(149), S).charges.rateBp).toBe(500);
    expect(orderTax([cheapFirst[1]!, cheapFirst[0]!], rs(149), S).charges.rateBp).toBe(1800);
  });

  it('adds up to the paisa: taxable plus GST of every line and the charges is what is paid', () => {
    for (let price = 101; price < 400_000; price += 7919) {
      const ls: TaxableLine[] = [
        { unitPrice: price, quantity: 3, tax: apparel },
        { unitPrice: price + 13, quantity: 1, tax: fabric },
      ];
      const t = orderTax(ls, 9900, S);
      const paid = price * 3 + price + 13 + 9900;
      expect([...t.lines, t.charges].reduce((sum, x) => sum + x.taxable + x.gst, 0)).toBe(paid);
      expect(t.byRate.reduce((sum, g) => sum + g.taxable + g.gst, 0)).toBe(paid);
    }
  });

  it('keeps the spec’s additive reading: every amount’s GST added to it', () => {
    const t = orderTax([{ unitPrice: rs(1000), quantity: 2, tax: none }], rs(99), { ...S, pricesIncludeGst: false });
    expect(t.lines[0]).toEqual({ rateBp: 1800, taxable: rs(2000), gst: rs(360) });
    expect(t.charges).toEqual({ rateBp: 1800, taxable: rs(99), gst: 1782 });
  });
});

describe('the split on the invoice', () => {
  it('is CGST and SGST at half each in the shop’s state, IGST elsewhere, summing to the GST', () => {
    expect(splitGst(7138, true)).toEqual({ cgst: 3569, sgst: 3569, igst: 0 });
    expect(splitGst(45763, true)).toEqual({ cgst: 22882, sgst: 22881, igst: 0 });
    expect(splitGst(45763, false)).toEqual({ cgst: 0, sgst: 0, igst: 45763 });
  });
});
