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

/** India's day and minute at `at`: 'YYYY-MM-DD HH:mm' (how Indian couriers want an order's date). */
export const indiaMinute = (at: Date): string => indiaWall(at).toISOString().slice(0, 16).replace('T', ' ');

/**
 * A time written on India's wall clock with no zone ('2023-05-19 11:59:16', '2024-09-20T15:41:19.002',
 * as couriers send their scans), or null when it is not one.
 */
export function fromIndiaWall(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?\d*)?$/.exec(text.trim());
  if (!m) return null;
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] ?? ''}Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}` ? null : new Date(at.getTime() - INDIA_OFFSET_MS);
}
