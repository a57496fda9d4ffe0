/**
 * Every limit the shop counts, in one table, with why each is set where it is: counted in
 * PostgreSQL by the rate limiter (limits.service.ts), so each holds across app servers, and
 * answered with 429, a Retry-After and words that say when to try again.
 *
 * The accounts' (ASVS 2.2.1): failed logins and mails. Per IP they are generous: many shoppers in
 * India share one address behind their mobile carrier.
 *
 * The shoppers' (issue 53, shopper-limits.ts): each counts the step that undoes (a Cash on Delivery
 * order the shopper cancelled, a payment closed unpaid) and is checked at the step that does it
 * again, so a shopper who goes through with what they start is never counted at all. Set where no
 * real shopper reaches them: the open-order caps already stop a shopper holding more than two COD
 * orders at once.
 */
import { TooManyError } from '../../http/errors.ts';
import type { LimitRule } from './limits.service.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

export const LIMITS = {
  loginFailPerAccount: { name: 'login-fail:account', max: 100, windowSeconds: HOUR },
  loginFailPerIp: { name: 'login-fail:ip', max: 300, windowSeconds: HOUR },
  resetMailPerAddress: { name: 'reset-mail:address', max: 5, windowSeconds: HOUR },
  resetMailPerIp: { name: 'reset-mail:ip', max: 30, windowSeconds: HOUR },
  verifyMailPerAddress: { name: 'verify-mail:address', max: 5, windowSeconds: HOUR },
  /** Sign-ups count here too: each one sends a verification mail. */
  verifyMailPerIp: { name: 'verify-mail:ip', max: 30, windowSeconds: HOUR },

  /** COD orders a shopper cancelled: each wrote an order, its stock ledger and two mails. */
  codCancelsHour: { name: 'cod-cancelled:shopper:hour', max: 3, windowSeconds: HOUR },
  codCancelsDay: { name: 'cod-cancelled:shopper:day', max: 6, windowSeconds: DAY },
  /** Payments a shopper closed unpaid: each wrote an order and held its pieces from others. */
  abandonedPaymentsHour: { name: 'payment-abandoned:shopper:hour', max: 5, windowSeconds: HOUR },
  abandonedPaymentsDay: { name: 'payment-abandoned:shopper:day', max: 15, windowSeconds: DAY },
  /** Back-in-stock requests asked for or withdrawn: each is a write, and flapping one is no use to anyone. */
  alertChangesHour: { name: 'stock-alert:shopper:hour', max: 30, windowSeconds: HOUR },
  alertChangesDay: { name: 'stock-alert:shopper:day', max: 100, windowSeconds: DAY },
  /**
   * Unsubscribe links tried from one address that named no request: a shopper's own link works
   * and is not counted; a stranger guessing tokens gets 20 wrong tries an hour.
   */
  wrongStopLinksPerAddress: { name: 'stop-link-wrong:ip', max: 20, windowSeconds: HOUR },
  /**
   * Parcel look-ups on /track (issue 48) from one address: a wrong order number or PIN code is
   * counted and a right one given back, so guessing another's PIN stops after ten tries; and every
   * look-up, right or wrong, is counted under a looser limit.
   */
  wrongTrackingPerAddress: { name: 'track-wrong:ip', max: 10, windowSeconds: 10 * 60 },
  trackingPerAddress: { name: 'track:ip', max: 120, windowSeconds: HOUR },
  /**
   * Photographs of a damaged or wrong piece (issue 49): each is decoded, re-encoded and kept on
   * disk. A request takes 3 at most; a shopper trying a few pictures for a few pieces stays well under.
   */
  returnPhotosHour: { name: 'return-photo:shopper:hour', max: 30, windowSeconds: HOUR },
  /** Issue 50: codes a shopper tries in the cart or at checkout, right or wrong: guessing a batch's codes takes forever. */
  codeTriesPerShopper: { name: 'code-try:shopper', max: 10, windowSeconds: 60 },
  returnPhotosDay: { name: 'return-photo:shopper:day', max: 60, windowSeconds: DAY },
  /** Issue 51: a review takes 5 photographs at most; a buyer trying a few for a few pieces stays well under. */
  reviewPhotosHour: { name: 'review-photo:shopper:hour', max: 30, windowSeconds: HOUR },
  reviewPhotosDay: { name: 'review-photo:shopper:day', max: 60, windowSeconds: DAY },
} as const satisfies Record<string, LimitRule>;

/** What each refusal says, before "Please try again in ...". */
export const LIMIT_WORDS = {
  loginFails: 'Too many failed login attempts.',
  mails: 'Too many emails requested.',
  codCancels: 'You have cancelled several Cash on Delivery orders, so Cash on Delivery is paused for your account. You can still pay online.',
  abandonedPayments: 'You have closed several payments without paying, so new orders are paused for your account.',
  alertChanges: 'Too many changes to your back-in-stock requests.',
  wrongStopLinks: 'Too many unsubscribe links tried that we could not find.',
  tracking: 'Too many parcel look-ups.',
  returnPhotos: 'Too many photographs added.',
  codeTries: 'Too many codes tried.',
} as const;

/** "a minute", "40 minutes", "3 hours": when to come back, rounded up. */
export function waitOf(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return 'a minute';
  if (minutes <= 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** A 429 saying what was limited and when to try again. */
export function tooMany(words: string, retryAfter: number): TooManyError {
  return new TooManyError(`${words} Please try again in ${waitOf(retryAfter)}.`, retryAfter);
}

/** The accounts' refusal for one of their rules. */
export function refuse(rule: LimitRule, retryAfter: number): never {
  throw tooMany(rule.name.startsWith('login') ? LIMIT_WORDS.loginFails : LIMIT_WORDS.mails, retryAfter);
}
