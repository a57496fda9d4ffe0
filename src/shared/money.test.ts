import { describe, expect, it } from 'vitest';
import { discountLabel, discountPercent, formatInr, formatInrShort, parsePriceText } from './money.ts';

describe('discount percent (spec §9)', () => {
  it('rounds (price - offer) / price × 100', () => {
    expect(discountPercent(1_299_00, 999_00)).toBe(23);
    expect(discountPercent(10_000_00, 7_500_00)).toBe(25);
    expect(discountPercent(3_00, 2_00)).toBe(33);
  });
  it("is '0% off' when there is no real discount", () => {
    expect(discountLabel(1_000_00, null)).toBe('0% off');
    expect(discountLabel(1_000_00, undefined)).toBe('0% off');
    expect(discountLabel(1_000_00, 1_000_00)).toBe('0% off');
    expect(discountLabel(1_000_00, 1_200_00)).toBe('0% off');
    expect(discountLabel(0, 0)).toBe('0% off');
  });
  it("labels a real discount as 'N% off'", () => {
    expect(discountLabel(2_000_00, 1_500_00)).toBe('25% off');
  });
});

describe('price text (spec §3: only digits and dot are kept)', () => {
  it('strips currency symbols and grouping', () => {
    expect(parsePriceText('₹1,299')).toBe(1_299_00);
    expect(parsePriceText('₹ 1,23,456.50')).toBe(1_23_456_50);
    expect(parsePriceText('INR 599')).toBe(599_00);
  });
  it("keeps the last dot as the decimal point ('Rs. 599.00')", () => {
    expect(parsePriceText('Rs. 599.00')).toBe(599_00);
    expect(parsePriceText('Rs.599')).toBe(599_00);
  });
  it('accepts numbers and refuses text without digits', () => {
    expect(parsePriceText(12.5)).toBe(12_50);
    expect(parsePriceText('free')).toBeNull();
    expect(parsePriceText('')).toBeNull();
    expect(parsePriceText(null)).toBeNull();
    expect(parsePriceText(Number.NaN)).toBeNull();
  });
});

describe('en-IN money', () => {
  it('groups in lakhs and crores with the rupee sign', () => {
    expect(formatInr(1_23_456_00)).toBe('₹1,23,456.00');
    expect(formatInr(1_00_00_000_00)).toBe('₹1,00,00,000.00');
    expect(formatInr(99_50)).toBe('₹99.50');
  });
  it('shows paise on price tags only when there are some', () => {
    expect(formatInrShort(1_299_00)).toBe('₹1,299');
    expect(formatInrShort(1_299_50)).toBe('₹1,299.50');
    expect(formatInrShort(1_299_05)).toBe('₹1,299.05');
  });
});

describe('rupees as Intl en-IN writes them (money.ts formats without Intl)', () => {
  const full = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const short = (paise: number) => (paise % 100 === 0 ? whole : full).format(paise / 100);

  const amounts = [
    0, -0, 1, 5, 99, 100, 101, 999_99, 1_000_00, 12_345_67, 1_00_000_00, 99_99_999_99, 1_23_45_67_890_12,
    -1, -150, -1_23_456_00, 100.5, 0.5, -0.5, 249.5, Number.NaN, Infinity, -Infinity,
  ];
  // And a spread of every magnitude, with odd paise (to 10^15 paise: past that, Intl is handed a
  // rupee amount a double cannot hold to the paisa, and the two part ways on the last digit).
  for (let p = 7; p < 1e15; p = p * 13 + 3) amounts.push(p, -p);

  it.each(amounts)('%d paise', (paise) => {
    expect(formatInr(paise)).toBe(full.format(paise / 100));
    expect(formatInrShort(paise)).toBe(short(paise));
  });

  it('groups digits the Indian way', () => {
    expect(formatInrShort(1_23_45_678_00)).toBe('₹1,23,45,678');
    expect(formatInr(999_99)).toBe('₹999.99');
  });
});
