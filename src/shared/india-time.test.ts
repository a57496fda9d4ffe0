import { describe, expect, it } from 'vitest';
import { financialYearOf, indiaClock, indiaDay, indiaMidnight, indiaMonth } from './india-time.ts';

/** Intl's reading of the same instant, with the time-zone database: the arithmetic must never differ from it. */
const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

describe("India's day", () => {
  it('turns at 18:30 UTC', () => {
    expect(indiaDay(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(indiaDay(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
    expect(indiaMonth(new Date('2026-11-30T18:30:00Z'))).toBe('2026-12');
    expect(indiaClock(new Date('2026-11-26T20:00:00Z'))).toEqual({ day: '2026-11-27', minutes: 90 });
  });

  it('is the day the time-zone database gives, every hour and a half of a year', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 90 * 60_000) {
      const at = new Date(t);
      expect(indiaDay(at)).toBe(intlDay.format(at));
    }
  });

  it('begins a month at 00:00 IST, and a financial year on 1 April', () => {
    expect(indiaMidnight(2026, 3).toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(indiaMidnight(2026, 12).toISOString()).toBe('2026-12-31T18:30:00.000Z'); // month 12 rolls to January
    expect(financialYearOf(new Date(indiaMidnight(2026, 3).getTime() - 1))).toBe(2025);
    expect(financialYearOf(indiaMidnight(2026, 3))).toBe(2026);
  });
});
