/** The amount in words on invoices (issue 18): Indian numbering, hyphenated tens, paise, "Only". */
import { describe, expect, it } from 'vitest';
import { rupeesInWords } from './amount-in-words.ts';

const rs = (rupees: number, paise = 0) => rupees * 100 + paise;

describe('an amount in words', () => {
  it('writes whole rupees with "Only"', () => {
    expect(rupeesInWords(rs(4298))).toBe('Rupees Four Thousand Two Hundred Ninety-Eight Only');
  });

  it('adds the paise after "and"', () => {
    expect(rupeesInWords(rs(4298, 50))).toBe('Rupees Four Thousand Two Hundred Ninety-Eight and Fifty Paise Only');
    expect(rupeesInWords(rs(1499, 99))).toBe('Rupees One Thousand Four Hundred Ninety-Nine and Ninety-Nine Paise Only');
  });

  it('says "Paisa" for one and "Paise" for more', () => {
    expect(rupeesInWords(1)).toBe('Rupees Zero and One Paisa Only');
    expect(rupeesInWords(rs(10, 1))).toBe('Rupees Ten and One Paisa Only');
    expect(rupeesInWords(2)).toBe('Rupees Zero and Two Paise Only');
  });

  it('writes zero', () => {
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
  });

  it('writes the teens as one word', () => {
    expect(rupeesInWords(rs(11))).toBe('Rupees Eleven Only');
    expect(rupeesInWords(rs(19))).toBe('Rupees Nineteen Only');
    expect(rupeesInWords(rs(315))).toBe('Rupees Three Hundred Fifteen Only');
  });

  it('hyphenates tens and units, and only those', () => {
    expect(rupeesInWords(rs(21))).toBe('Rupees Twenty-One Only');
    expect(rupeesInWords(rs(98))).toBe('Rupees Ninety-Eight Only');
    expect(rupeesInWords(rs(40))).toBe('Rupees Forty Only');
    expect(rupeesInWords(rs(99_99_999))).toBe('Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only');
  });

  it('writes exact hundreds and thousands', () => {
    expect(rupeesInWords(rs(100))).toBe('Rupees One Hundred Only');
    expect(rupeesInWords(rs(500))).toBe('Rupees Five Hundred Only');
    expect(rupeesInWords(rs(1000))).toBe('Rupees One Thousand Only');
    expect(rupeesInWords(rs(2500))).toBe('Rupees Two Thousand Five Hundred Only');
  });

  it('counts in lakh', () => {
    expect(rupeesInWords(rs(1_00_000))).toBe('Rupees One Lakh Only');
    expect(rupeesInWords(rs(2_50_000, 5))).toBe('Rupees Two Lakh Fifty Thousand and Five Paise Only');
  });

  it('counts in crore', () => {
    expect(rupeesInWords(rs(1_00_00_000))).toBe('Rupees One Crore Only');
    expect(rupeesInWords(rs(12_34_56_789))).toBe('Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only');
  });

  it('goes on counting crores past ninety-nine crore (no arab or kharab)', () => {
    expect(rupeesInWords(rs(100_00_00_000))).toBe('Rupees One Hundred Crore Only');
    expect(rupeesInWords(rs(1_23_45_00_00_001))).toBe('Rupees Twelve Thousand Three Hundred Forty-Five Crore One Only');
    expect(rupeesInWords(Number.MAX_SAFE_INTEGER)).toMatch(/^Rupees Ninety Lakh .* Crore .* and Ninety-One Paise Only$/);
  });

  it('refuses what is not a whole, non-negative number of paise', () => {
    for (const bad of [-1, -0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => rupeesInWords(bad)).toThrow(RangeError);
    }
  });
});
