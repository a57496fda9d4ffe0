/**
 * The shoppers' limits (issue 53) as the services that need them see them: Cash on Delivery and
 * payments paused for a shopper who keeps undoing them, back-in-stock requests that cannot be
 * flapped, unsubscribe links that cannot be guessed. The rules and their words are
 * limits.rules.ts's, with the accounts' own.
 */
import type { LimitRule, LimitVerdict, RateLimiter } from './limits.service.ts';
import { LIMITS, LIMIT_WORDS, tooMany } from './limits.rules.ts';

/** The longest wait among the refusing verdicts, or null when every one allows. */
function refusal(verdicts: LimitVerdict[]): number | null {
  const refusing = verdicts.filter((v) => !v.allowed);
  return refusing.length ? Math.max(...refusing.map((v) => v.retryAfter)) : null;
}

export function createShopperLimits(limiter: RateLimiter) {
  /** Throws the 429 when the subject is already at any of the rules, without counting. */
  async function refuseIfAt(rules: LimitRule[], subject: string, words: string): Promise<void> {
    const wait = refusal(await Promise.all(rules.map((rule) => limiter.check(rule, subject))));
    if (wait !== null) throw tooMany(words, wait);
  }
  /** Counts one under every rule: what the counts now say. */
  const countAll = (rules: LimitRule[], subject: string) => Promise.all(rules.map((rule) => limiter.hit(rule, subject)));
  /** Counts one under every rule; throws the 429 when that goes over any of them. */
  async function count(rules: LimitRule[], subject: string, words: string): Promise<void> {
    const wait = refusal(await countAll(rules, subject));
    if (wait !== null) throw tooMany(words, wait);
  }
  const L = LIMITS;
  const codCancels = [L.codCancelsHour, L.codCancelsDay];
  const abandoned = [L.abandonedPaymentsHour, L.abandonedPaymentsDay];

  return {
    /** Before a new Cash on Delivery order. */
    beforeCod: (userId: string) => refuseIfAt(codCancels, userId, LIMIT_WORDS.codCancels),
    /** A shopper cancelled their own Cash on Delivery order (the owner's cancels are not the shopper's doing). */
    codCancelled: async (userId: string) => void (await countAll(codCancels, userId)),
    /** Before a new order for online payment. */
    beforePayment: (userId: string) => refuseIfAt(abandoned, userId, LIMIT_WORDS.abandonedPayments),
    /** A shopper closed a payment unpaid, and its order lapsed. */
    paymentAbandoned: async (userId: string) => void (await countAll(abandoned, userId)),
    /** A back-in-stock request asked for or withdrawn: counted, refused past the limit. */
    alertChange: (userId: string) => count([L.alertChangesHour, L.alertChangesDay], userId, LIMIT_WORDS.alertChanges),
    /**
     * An unsubscribe link tried from an address: counted before it is looked up (so parallel
     * guesses cannot all slip past one check), and given back by `stopLinkFound` when it was real.
     */
    stopLinkTried: (address: string) => count([L.wrongStopLinksPerAddress], address, LIMIT_WORDS.wrongStopLinks),
    stopLinkFound: (address: string) => limiter.release(L.wrongStopLinksPerAddress, address),
    /** A parcel look-up from an address: counted before it is looked up, the wrong-guess count given back by `trackingFound`. */
    trackingTried: (address: string) => count([L.wrongTrackingPerAddress, L.trackingPerAddress], address, LIMIT_WORDS.tracking),
    trackingFound: (address: string) => limiter.release(L.wrongTrackingPerAddress, address),
    /** A photograph for a return request, counted before it is decoded. */
    returnPhotoAdded: (userId: string) => count([L.returnPhotosHour, L.returnPhotosDay], userId, LIMIT_WORDS.returnPhotos),
    /** A photograph for a review (issue 51), counted before it is decoded. */
    reviewPhotoAdded: (userId: string) => count([L.reviewPhotosHour, L.reviewPhotosDay], userId, LIMIT_WORDS.returnPhotos),
    /** A code applied in the cart or at checkout (issue 50), counted before it is looked up: 20 at once cannot slip past one check. */
    codeTried: (userId: string) => count([L.codeTriesPerShopper], userId, LIMIT_WORDS.codeTries),
  };
}

export type ShopperLimits = ReturnType<typeof createShopperLimits>;
