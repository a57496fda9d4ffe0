import { describe, expect, it } from 'vitest';
import { pincodeField } from './address.contract.ts';
import { checkPincode } from './pincode.ts';

// The product page's delivery check reads the plain rule; the address book and the API the
// contract built from it. Both must answer every pincode alike.
const typed = ['600086', ' 600086 ', '\u202e600086', '60008', '6000866', '600 086', 'abcdef', '060086', '', '   ', '６００086', '600086\n'];

describe('checkPincode', () => {
  it.each(typed)('answers %j as the address contract does', (value) => {
    const contract = pincodeField.safeParse(value);
    const plain = checkPincode(value);
    if (contract.success) expect(plain).toEqual({ pin: contract.data });
    else expect(plain).toEqual({ problem: contract.error.issues[0]!.message });
  });

  it("gives spec §5's messages", () => {
    expect(checkPincode('60008')).toEqual({ problem: 'Pincode must be 6 digits.' });
    expect(checkPincode('')).toEqual({ problem: 'Pincode must be 6 digits.' });
    expect(checkPincode('060086')).toEqual({ problem: 'Please enter a valid pincode.' });
    expect(checkPincode(' 600086 ')).toEqual({ pin: '600086' });
  });
});
