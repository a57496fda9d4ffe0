import { describe, expect, it } from 'vitest';
import type { InvoiceLine } from './invoices.ts';
import { linePart, piecesShare, refundOf, returnedFigures } from './return-money.ts';
import { pickupFeeOf } from './returns.ts';

const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({ description: 'Kurta (M)', hsnCode: '6204', quantity: 3, amount: 299_700, taxable: 285_429, rateBp: 500, cgst: 7_136, sgst: 7_135, igst: 0, ...over });

describe('piecesShare', () => {
  it('gives every piece its part, and the parts come to the whole in any order of returns', () => {
    for (const whole of [1, 2, 100, 99_999, 285_429, 7_135]) {
      for (const of of [1, 2, 3, 7]) {
        const one = Array.from({ length: of }, (_, k) => piecesShare(whole, of, k, 1));
        expect(one.reduce((a, b) => a + b, 0)).toBe(whole);
        // Two pieces back first, then the rest: the same total.
        if (of > 2) expect(piecesShare(whole, of, 0, 2) + piecesShare(whole, of, 2, of - 2)).toBe(whole);
      }
    }
  });

  it('is nothing for no pieces or a line of none', () => {
    expect(piecesShare(100, 0, 0, 1)).toBe(0);
    expect(piecesShare(100, 3, 1, 0)).toBe(0);
  });
});

describe('linePart', () => {
  it('keeps amount equal to value plus tax for each part, and the parts add up to the invoiced line', () => {
    const l = line();
    const parts = [linePart(l, 0, 1), linePart(l, 1, 1), linePart(l, 2, 1)];
    for (const p of parts) expect(p.amount).toBe(p.taxable + p.cgst + p.sgst + p.igst);
    expect(parts.reduce((t, p) => t + p.amount, 0)).toBe(l.amount);
    expect(parts.reduce((t, p) => t + p.cgst, 0)).toBe(l.cgst);
    expect(parts.map((p) => p.quantity)).toEqual([1, 1, 1]);
  });
});

describe('returnedFigures', () => {
  const charges: InvoiceLine = { description: 'Shipping and Cash on Delivery fee', hsnCode: null, quantity: 1, amount: 14_900, taxable: 14_190, rateBp: 500, cgst: 355, sgst: 355, igst: 0 };

  it('refunds shipping in proportion to what was paid for it, never the COD fee', () => {
    const f = returnedFigures({ lines: [line()], charges }, [{ index: 0, before: 0, count: 1 }], { paid: 9_900, chargesPaid: 14_900 });
    expect(f.charges!.amount).toBeLessThanOrEqual(9_900);
    expect(f.charges!.amount).toBeGreaterThan(9_800);
    expect(f.totals.total).toBe(f.lines[0]!.amount + f.charges!.amount);
  });

  it('has no shipping line when shipping is not refunded, and refuses a line the invoice does not have', () => {
    expect(returnedFigures({ lines: [line()], charges }, [{ index: 0, before: 0, count: 1 }], null).charges).toBeNull();
    expect(() => returnedFigures({ lines: [line()], charges }, [{ index: 1, before: 0, count: 1 }], null)).toThrow();
  });
});

describe('refundOf', () => {
  it('takes the fee off, never goes below nothing or above what is left of the payment', () => {
    expect(refundOf(100_000, 5_000, 200_000)).toBe(95_000);
    expect(refundOf(3_000, 5_000, 200_000)).toBe(0);
    expect(refundOf(100_000, 0, 40_000)).toBe(40_000);
  });
});

describe('the pickup fee a request carries', () => {
  const every = { pickupFeePaise: 49_00, feeAfterReturns: null };
  it('is the fee for a refund the shopper asks for their own reasons', () => {
    for (const reason of ['too_small', 'too_large', 'colour', 'quality', 'changed_mind'] as const) expect(pickupFeeOf(every, { reason, resolution: 'refund' }, 0)).toBe(49_00);
  });
  it('is nothing when the shop was at fault, on an exchange, or when the shop charges none', () => {
    expect(pickupFeeOf(every, { reason: 'damaged', resolution: 'refund' }, 5)).toBe(0);
    expect(pickupFeeOf(every, { reason: 'wrong_piece', resolution: 'refund' }, 5)).toBe(0);
    expect(pickupFeeOf(every, { reason: 'too_small', resolution: 'exchange' }, 5)).toBe(0);
    expect(pickupFeeOf({ pickupFeePaise: 0, feeAfterReturns: null }, { reason: 'quality', resolution: 'refund' }, 5)).toBe(0);
  });
  it('from the Nth return in the window on, this one counted', () => {
    const third = { pickupFeePaise: 49_00, feeAfterReturns: 3 };
    expect([0, 1, 2, 3].map((earlier) => pickupFeeOf(third, { reason: 'quality', resolution: 'refund' }, earlier))).toEqual([0, 0, 49_00, 49_00]);
    expect(pickupFeeOf({ pickupFeePaise: 49_00, feeAfterReturns: 1 }, { reason: 'quality', resolution: 'refund' }, 0)).toBe(49_00);
  });
});
