import { describe, expect, it } from 'vitest';
import { codAbove, codBelow, codForPiece, codTooMany, codVerdict, COD_AVAILABLE, COD_NOT_AT_PIN, COD_VERIFY_EMAIL } from './cod.ts';

const limits = { codMinPaise: 500_00, codMaxPaise: 10_000_00, codOpenOrdersMax: 2 };
const ready = { emailVerified: true, openOrders: 0 };

describe('Cash on Delivery’s one verdict', () => {
  it('gives the first reason in the order a shopper should hear them', () => {
    expect(codVerdict({ atPin: false, total: 20_000_00, limits, shopper: { emailVerified: false, openOrders: 5 } })).toEqual({ refusal: 'pin', reason: COD_NOT_AT_PIN });
    expect(codVerdict({ atPin: true, total: 10_000_01, limits, shopper: ready })).toEqual({ refusal: 'above', reason: codAbove(limits.codMaxPaise) });
    expect(codVerdict({ atPin: true, total: 499_99, limits, shopper: ready })).toEqual({ refusal: 'below', reason: codBelow(limits.codMinPaise) });
    expect(codVerdict({ atPin: true, total: 1000_00, limits, shopper: { emailVerified: false, openOrders: 2 } })).toEqual({ refusal: 'email', reason: COD_VERIFY_EMAIL });
    expect(codVerdict({ atPin: true, total: 1000_00, limits, shopper: { emailVerified: true, openOrders: 2 } })).toEqual({ refusal: 'open', reason: codTooMany(2) });
  });

  it('offers it at the limits themselves', () => {
    for (const total of [limits.codMinPaise, limits.codMaxPaise]) expect(codVerdict({ atPin: true, total, limits, shopper: { emailVerified: true, openOrders: 1 } })).toBeNull();
  });

  it('on the product page: a piece below the minimum may still go in a larger order; the PIN and the maximum say no', () => {
    expect(codForPiece(true, 1000_00, limits)).toEqual({ cod: true, codText: COD_AVAILABLE });
    expect(codForPiece(true, 499_99, limits)).toEqual({ cod: true, codText: codBelow(limits.codMinPaise) });
    expect(codForPiece(true, 10_000_01, limits)).toEqual({ cod: false, codText: codAbove(limits.codMaxPaise) });
    expect(codForPiece(false, 1000_00, limits)).toEqual({ cod: false, codText: COD_NOT_AT_PIN });
  });
});
