/**
 * PostgreSQL's SQLSTATE of a failed query, whichever driver raised it: drizzle wraps the driver's
 * error and keeps it as `cause`.
 */
export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';

export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The data itself was refused (class 22: a value PostgreSQL cannot take; class 23: a constraint),
 * not the database being away: the same request would be refused the same way again.
 */
export const isDataRefusal = (err: unknown) => /^2[23]/.test(pgErrorCode(err) ?? '');
