import { describe, expect, it } from 'vitest';
import { maskedDestination, PAYOUT_WORDS, payoutDestinationContract } from './payouts.ts';

const words = (to: unknown) => {
  const parsed = payoutDestinationContract.safeParse(to);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};
const bank = { kind: 'bank', name: 'Kavya Raman', accountNumber: '5010 0123 4567 89', confirmAccountNumber: '50100123456789', ifsc: 'hdfc0001234' };

describe('a payout account as the shopper types it', () => {
  it('takes a UPI ID folded to lower case, and refuses one that is not', () => {
    expect(payoutDestinationContract.parse({ kind: 'upi', upi: ' Kavya.R@OKICICI ' })).toEqual({ kind: 'upi', upi: 'kavya.r@okicici' });
    for (const upi of ['kavya', 'kavya@', '@okicici', 'kavya at okicici', 'k@1bank', '<b>@ok', 'a'.repeat(257) + '@ok']) expect(words({ kind: 'upi', upi })).toBe(PAYOUT_WORDS.upi);
  });

  it('takes a bank account with its spaces dropped and the IFSC in capitals, and says what is wrong', () => {
    expect(payoutDestinationContract.parse(bank)).toMatchObject({ accountNumber: '50100123456789', ifsc: 'HDFC0001234' });
    expect(words({ ...bank, ifsc: 'HDFC1001234' })).toBe(PAYOUT_WORDS.ifsc);
    expect(words({ ...bank, ifsc: 'HDF0001234' })).toBe(PAYOUT_WORDS.ifsc);
    expect(words({ ...bank, accountNumber: '12345678', confirmAccountNumber: '12345678' })).toBe(PAYOUT_WORDS.account);
    expect(words({ ...bank, confirmAccountNumber: '50100123456788' })).toBe(PAYOUT_WORDS.accountsDiffer);
    for (const name of ['K', 'काव्या', 'Kavya <b>', 'x'.repeat(121)]) expect(words({ ...bank, name })).toBe(PAYOUT_WORDS.name);
  });

  it('is kept only masked', () => {
    expect(maskedDestination({ kind: 'upi', upi: 'kavya.r@okicici' })).toBe('UPI ID ka•••@okicici');
    expect(maskedDestination(payoutDestinationContract.parse(bank))).toBe('account ending 6789 (HDFC0001234)');
  });
});
