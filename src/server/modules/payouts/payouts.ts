/**
 * The payout port (issue 49) and its RazorpayX adapter (docs/research/razorpayx-payouts.md): a
 * contact and a fund account made from what the shopper typed (the account number passes through,
 * never kept), then a payout to that fund account, asked with the same idempotency key however
 * often it is retried, and its status read again until it settles. The local payouts stand-in
 * (local-payouts.ts) speaks the same API in development and tests.
 */
import type { PayoutDestination } from '../../../shared/payouts.ts';
import { callOut, Unanswered, type OutboundAnswer } from '../../http/outbound.ts';

export interface RazorpayXConfig {
  keyId: string;
  keySecret: string;
  /** The business account payouts are made from (RazorpayX Dashboard: My Account & Settings > Banking). */
  accountNumber: string;
  apiBase: string;
  timeoutMs?: number;
}

export const RAZORPAYX_API = 'https://api.razorpay.com/v1';
const WHO = 'RazorpayX';

/** The payout service said no, in words the shopper can act on (a UPI ID that does not exist). */
export class PayoutRefusal extends Error {}
export { Unanswered as PayoutUnavailable };

export type PayoutStatus = 'processed' | 'pending' | 'failed';

export interface Payout {
  id: string;
  status: PayoutStatus;
  /** Why it failed, in the provider's words. */
  reason: string | null;
}

export interface PayoutProvider {
  /** A fund account for the shopper and the account they typed: its id (the only thing the shop keeps of it). */
  fundAccount(contact: { name: string; email: string; phone: string; reference: string }, to: PayoutDestination): Promise<{ id: string; mode: 'UPI' | 'IMPS' }>;
  /** The payout, made once per key. */
  pay(fundAccountId: string, amount: number, mode: 'UPI' | 'IMPS', key: string, reference: string): Promise<Payout>;
  /** A payout's status now. */
  status(payoutId: string): Promise<Payout>;
}

/** RazorpayX's payout states as the shop's three (processed, on its way, failed). */
const STATUSES: Record<string, PayoutStatus> = {
  processed: 'processed',
  queued: 'pending',
  pending: 'pending',
  processing: 'pending',
  scheduled: 'pending',
  rejected: 'failed',
  failed: 'failed',
  reversed: 'failed',
  cancelled: 'failed',
};

/** RazorpayX's error: `error.description`, the field in `error.field`. */
function refusalOf(answer: OutboundAnswer): string {
  const error = (answer.body as { error?: { description?: unknown } } | null)?.error;
  return typeof error?.description === 'string' ? error.description.slice(0, 300) : `HTTP ${answer.status}`;
}

function payoutOf(body: unknown): Payout {
  const b = (body ?? {}) as { id?: unknown; status?: unknown; status_details?: { description?: unknown } | null; failure_reason?: unknown };
  if (typeof b.id !== 'string' || typeof b.status !== 'string') throw new Unanswered(`${WHO} gave no payout in its answer. Try again in a minute.`);
  const status = STATUSES[b.status] ?? 'pending';
  const reason = status === 'failed' ? String(b.status_details?.description ?? b.failure_reason ?? b.status).slice(0, 300) : null;
  return { id: b.id, status, reason };
}

/** A contact's name as RazorpayX takes it (3 to 50 of a-z, 0-9 and a little punctuation): the shopper's, or a plain stand-in. */
export function contactName(name: string): string {
  const plain = name.normalize('NFKD').replace(/[^A-Za-z0-9 '.-]/g, '').replace(/\s+/g, ' ').trim().slice(0, 50).trim();
  return plain.length >= 3 ? plain : 'Vastra shopper';
}

export function createRazorpayXPayouts(config: RazorpayXConfig): PayoutProvider {
  const base = config.apiBase.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = await callOut(WHO, { method, url: `${base}${path}`, headers: { Authorization: auth, ...headers }, body, timeoutMs: config.timeoutMs });
    if (answer.status === 401) throw new Unanswered(`${WHO} did not accept the shop's keys (RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET).`);
    // The same idempotency key still being worked on: the outcome is not known yet.
    if (answer.status === 409) throw new Unanswered(`${WHO} is still working on this payout. Try again in a minute.`);
    if (answer.status >= 300) throw new PayoutRefusal(refusalOf(answer));
    return answer.body as Record<string, unknown>;
  };

  return {
    async fundAccount(contact, to) {
      // A contact with the same reference is found again, not made twice (RazorpayX dedupes on its details).
      const made = await call('POST', '/contacts', { name: contactName(contact.name), email: contact.email, contact: contact.phone, type: 'customer', reference_id: contact.reference.slice(0, 40) });
      const account =
        to.kind === 'upi'
          ? { account_type: 'vpa', vpa: { address: to.upi } }
          : { account_type: 'bank_account', bank_account: { name: to.name, ifsc: to.ifsc, account_number: to.accountNumber } };
      const fund = await call('POST', '/fund_accounts', { contact_id: made.id, ...account });
      if (typeof fund.id !== 'string') throw new Unanswered(`${WHO} gave no fund account in its answer. Try again in a minute.`);
      return { id: fund.id, mode: to.kind === 'upi' ? 'UPI' : 'IMPS' };
    },

    async pay(fundAccountId, amount, mode, key, reference) {
      const body = { account_number: config.accountNumber, fund_account_id: fundAccountId, amount, currency: 'INR', mode, purpose: 'refund', queue_if_low_balance: true, reference_id: reference.slice(0, 40), narration: 'Vastra refund' };
      return payoutOf(await call('POST', '/payouts', body, { 'X-Payout-Idempotency': key }));
    },

    async status(payoutId) {
      return payoutOf(await call('GET', `/payouts/${encodeURIComponent(payoutId)}`));
    },
  };
}
