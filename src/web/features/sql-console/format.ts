/** How the console writes sizes, counts and times. */
import { SQL_COUNT_CAP, type SqlTable } from '../../../shared/sql-console.contract.ts';

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

export const formatCount = (n: number) => Math.round(n).toLocaleString('en-IN');

export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A table's rows: counted exactly (up to the cap), or the planner's estimate, marked as one. */
export function formatRows(table: Pick<SqlTable, 'rows' | 'rowsCounted'>): string {
  if (!table.rowsCounted) return `~${formatCount(table.rows)}`;
  return table.rows > SQL_COUNT_CAP ? `over ${formatCount(SQL_COUNT_CAP)}` : formatCount(table.rows);
}
