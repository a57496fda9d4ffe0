/**
 * Rate limits stored in PostgreSQL, so they hold across several app servers: fixed windows per
 * rule and subject (an account, an IP address, an email address). The accounts stage sets its rules
 * (failed logins per account, at most 100 an hour: ASVS 2.2.1; per IP; reset and verification mails
 * per address and per IP) and answers 429 with the wait.
 */
import type { Db } from '../../db/client.ts';
import { hit, peek, purgeOlderThan, unhit } from './limits.queries.ts';

export interface LimitRule {
  /** Names what is counted, e.g. `login-fail:account`. */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Seconds until the window ends (what Retry-After says when not allowed). */
  retryAfter: number;
}

/** The longest window any rule uses; older counters are purged. */
const KEEP_SECONDS = 24 * 3600;
/** How many counts between purges, per app server. */
const PURGE_EVERY = 500;

const keyOf = (rule: LimitRule, subject: string) => `${rule.name}:${subject.trim().toLowerCase()}`;
const secondsLeft = (windowStart: Date, windowSeconds: number) =>
  Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000));

export function createRateLimiter(db: Db) {
  let sincePurge = 0;
  return {
    /** Counts one for the subject; allowed while the window's count stays within the rule's max. */
    async hit(rule: LimitRule, subject: string): Promise<LimitVerdict> {
      if (++sincePurge >= PURGE_EVERY) {
        sincePurge = 0;
        await purgeOlderThan(db, KEEP_SECONDS);
      }
      const w = await hit(db, keyOf(rule, subject), rule.windowSeconds);
      return { allowed: w.count <= rule.max, retryAfter: secondsLeft(w.windowStart, rule.windowSeconds) };
    },

    /**
     * Takes back a count: for attempts counted before they are tried (so a burst of parallel
     * guesses cannot all slip past one check), once one turns out not to be what is limited.
     */
    async release(rule: LimitRule, subject: string): Promise<void> {
      await unhit(db, keyOf(rule, subject));
    },

    /** Whether the subject is already over the rule, without counting (a login checks before it tries). */
    async check(rule: LimitRule, subject: string): Promise<LimitVerdict> {
      const w = await peek(db, keyOf(rule, subject), rule.windowSeconds);
      if (!w || w.count < rule.max) return { allowed: true, retryAfter: 0 };
      return { allowed: false, retryAfter: secondsLeft(w.windowStart, rule.windowSeconds) };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
