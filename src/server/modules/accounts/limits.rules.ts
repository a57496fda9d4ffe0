/**
 * The accounts' rate limits (ASVS 2.2.1), counted in PostgreSQL so they hold across app servers.
 * Per IP they are generous: many shoppers in India share one address behind their mobile carrier.
 */
import { TooManyError } from '../../http/errors.ts';
import type { LimitRule } from '../limits/limits.service.ts';

const HOUR = 3600;

export const LIMITS = {
  loginFailPerAccount: { name: 'login-fail:account', max: 100, windowSeconds: HOUR },
  loginFailPerIp: { name: 'login-fail:ip', max: 300, windowSeconds: HOUR },
  resetMailPerAddress: { name: 'reset-mail:address', max: 5, windowSeconds: HOUR },
  resetMailPerIp: { name: 'reset-mail:ip', max: 30, windowSeconds: HOUR },
  verifyMailPerAddress: { name: 'verify-mail:address', max: 5, windowSeconds: HOUR },
  /** Sign-ups count here too: each one sends a verification mail. */
  verifyMailPerIp: { name: 'verify-mail:ip', max: 30, windowSeconds: HOUR },
} as const satisfies Record<string, LimitRule>;

const wait = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
};

export function refuse(rule: LimitRule, retryAfter: number): never {
  const what = rule.name.startsWith('login') ? 'Too many failed login attempts.' : 'Too many emails requested.';
  throw new TooManyError(`${what} Please try again in ${wait(retryAfter)}.`, retryAfter);
}
