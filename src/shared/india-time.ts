/**
 * India's calendar, the one way the shop works it out (issue 47): delivery dates and the dispatch
 * cut-off, an invoice's date and financial year, the register's month. India keeps one clock,
 * UTC+5:30 all year, without summer time since 1945, so an instant's day in India is its UTC day
 * five and a half hours on: plain arithmetic, the same in Node and every browser, no time-zone
 * database needed.
 */

/** For Intl formatting of a date shown to a person (the browser's own zone may be another). */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

const INDIA_OFFSET_MS = 330 * 60_000;

/** India's wall clock at `at`, to be read with the getUTC* methods. */
const indiaWall = (at: Date) => new Date(at.getTime() + INDIA_OFFSET_MS);

/** The calendar day in India at `at`: 'YYYY-MM-DD'. */
export const indiaDay = (at: Date): string => indiaWall(at).toISOString().slice(0, 10);

/** The month in India at `at`: 'YYYY-MM'. */
export const indiaMonth = (at: Date): string => indiaDay(at).slice(0, 7);

/** The calendar day ('YYYY-MM-DD') and minutes past midnight in India at `now`. */
export function indiaClock(now: Date): { day: string; minutes: number } {
  const wall = indiaWall(now);
  return { day: indiaDay(now), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/** The instant India's day `month0`/`day` of `year` begins (00:00 IST); months and days past their end roll on, as Date.UTC does. */
export const indiaMidnight = (year: number, month0: number, day = 1): Date => new Date(Date.UTC(year, month0, day) - INDIA_OFFSET_MS);

/** The financial year (April to March) an instant falls in, by India's calendar: its first year. */
export function financialYearOf(at: Date): number {
  const wall = indiaWall(at);
  return wall.getUTCMonth() >= 3 ? wall.getUTCFullYear() : wall.getUTCFullYear() - 1;
}
