/**
 * Money given back (docs/decisions/0016): a payment that arrived for an order that could not take
 * it (cancelled, expired, or paid already) is recorded by the settlement, in its transaction; this
 * refunds it through the provider just after, and the reconcile step tries again whatever is still
 * owed. A repeat never refunds twice: the provider's idempotency key is the payment's id. A refund
 * the provider keeps refusing (a payment it never captured) is left to the owner after a while.
 */
import type { Db } from '../../db/client.ts';
import { ProviderError, type PaymentProvider } from './provider.ts';
import { issueOf, refundsDue, refundTried } from './payments.queries.ts';

/** About four hours of reconcile passes: long enough for a late capture, then the owner looks. */
const MAX_ATTEMPTS = 50;

export function createRefunds(db: Db, provider: PaymentProvider, log: (line: string) => void = console.error) {
  async function refund(paymentId: string): Promise<void> {
    const issue = await issueOf(db, paymentId);
    if (!issue || issue.refundStatus !== 'due') return;
    try {
      const made = await provider.refund(paymentId, {
        ...(issue.amount !== null && { amount: issue.amount }),
        key: `vastra-refund-${paymentId}`,
        notes: { reason: issue.kind },
      });
      await refundTried(db, paymentId, { refundStatus: made.status === 'failed' ? 'failed' : made.status, refundId: made.id, refundError: null });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      const giveUp = issue.refundAttempts + 1 >= MAX_ATTEMPTS;
      log(`Refund of payment ${paymentId}: ${err.message}${giveUp ? ' (given up: the owner refunds it in the Dashboard)' : ' (will be tried again)'}`);
      await refundTried(db, paymentId, { refundStatus: giveUp ? 'failed' : 'due', refundError: err.message.slice(0, 500) });
    }
  }

  return {
    refund,
    /**
     * Part of a payment back to its source (a return, issue 49): once per key however often asked
     * (the provider's idempotency); a ProviderError when it could not be made now.
     */
    toSource: (paymentId: string, amount: number, key: string) => provider.refund(paymentId, { amount, key, notes: { reason: 'return' } }),
    /** Every refund still owed, once each: the reconcile step's share. */
    async refundDue(limit = 50): Promise<number> {
      const due = await refundsDue(db, limit);
      for (const issue of due) await refund(issue.paymentId);
      return due.length;
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
