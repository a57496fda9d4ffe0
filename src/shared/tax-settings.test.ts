/** The shop's tax registration (issue 18): GSTINs by shape, check character and state; the invoice number's shape. */
import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, GSTIN_MESSAGES } from './gstin.ts';
import { documentNumber, financialYearOf } from './invoices.ts';
import { taxSettingsContract } from './tax-settings.contract.ts';

const SHOP = { registered: true, legalName: 'Vastra Textiles LLP', tradingName: 'Vastra', address: '12 Pondy Bazaar\nT. Nagar, Chennai 600017', state: 'Tamil Nadu', gstin: '', invoicePrefix: 'vst' };
/** A made-up Tamil Nadu GSTIN with its right check character. */
const TN = `33ABCDE1234F1Z${gstinCheckChar('33ABCDE1234F1Z')}`;

describe('a GSTIN', () => {
  it('has the GST Network’s check character (the portal’s own examples)', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckChar('29AAGCB7383J1Z')).toBe('4');
  });

  it('is refused for its shape, a typing mistake, or another state, with the words', () => {
    expect(gstinProblem(TN, 'Tamil Nadu')).toBeNull();
    expect(gstinProblem('33ABCDE1234F1Z', 'Tamil Nadu')).toBe(GSTIN_MESSAGES.shape);
    expect(gstinProblem('３３ABCDE1234F1Z5', 'Tamil Nadu')).toBe(GSTIN_MESSAGES.shape);
    const typo = TN.slice(0, 7) + (TN[7] === '1' ? '2' : '1') + TN.slice(8);
    expect(gstinProblem(typo, 'Tamil Nadu')).toBe(GSTIN_MESSAGES.check);
    expect(gstinProblem(TN, 'Kerala')).toBe('This GSTIN is registered in state code 33, not Kerala.');
    const nowhere = `99ABCDE1234F1Z${gstinCheckChar('99ABCDE1234F1Z')}`;
    expect(gstinProblem(nowhere, 'Tamil Nadu')).toBe(GSTIN_MESSAGES.unknownState);
  });
});

describe('the tax settings', () => {
  it('take a registered shop with its GSTIN, tidied', () => {
    const s = taxSettingsContract.parse({ ...SHOP, gstin: ` ${TN.toLowerCase()} ` });
    expect(s).toMatchObject({ gstin: TN, invoicePrefix: 'VST', state: 'Tamil Nadu', address: '12 Pondy Bazaar\nT. Nagar, Chennai 600017' });
  });

  it('refuse a registered shop without a valid GSTIN for its state, and keep none for an unregistered one', () => {
    const issues = (input: object) => taxSettingsContract.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues(SHOP)).toEqual([['gstin', 'Enter the shop’s GSTIN.']]);
    expect(issues({ ...SHOP, gstin: TN, state: 'Kerala' })).toEqual([['gstin', 'This GSTIN is registered in state code 33, not Kerala.']]);
    expect(issues({ ...SHOP, gstin: TN, invoicePrefix: 'VST/1' })).toEqual([['invoicePrefix', 'The invoice prefix is 1 to 4 letters or digits, such as VST.']]);
    expect(issues({ ...SHOP, gstin: TN, legalName: '   ' })).toEqual([['legalName', 'Enter the legal name.']]);
    expect(issues({ ...SHOP, gstin: TN, state: 'Atlantis' })).toEqual([['state', 'Choose the state the shop is registered in.']]);
    expect(taxSettingsContract.parse({ ...SHOP, registered: false, gstin: 'anything' }).gstin).toBeNull();
  });
});

describe('an invoice number', () => {
  it('is at most 16 characters: the prefix, the financial year, the number padded to fill', () => {
    expect(documentNumber('invoice', 'VST', 2025, 123)).toBe('VST/25-26/000123');
    expect(documentNumber('invoice', 'VAST', 2026, 7)).toBe('VAST/26-27/00007');
    expect(documentNumber('invoice', 'V', 2099, 1)).toBe('V/99-00/00000001');
    for (const p of ['V', 'VS', 'VST', 'VAST']) expect(documentNumber('invoice', p, 2025, 1)).toHaveLength(16);
  });

  it('has a credit note series of its own, also 16 characters', () => {
    expect(documentNumber('credit_note', 'VST', 2025, 12)).toBe('VST/CR25-26/0012');
    expect(documentNumber('credit_note', 'VAST', 2025, 12)).toBe('VAST/CR25-26/012');
  });

  it('counts the financial year from 1 April, India’s time, whatever the server’s zone', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe(2025); // 23:59:59 IST, 31 March
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe(2026); // 00:00 IST, 1 April
    expect(financialYearOf(new Date('2027-01-15T10:00:00Z'))).toBe(2026);
  });
});
