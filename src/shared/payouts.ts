/**
 * Payout links (issue 49): a Cash-on-Delivery refund the shopper takes to their own UPI ID or bank
 * account instead of store credit, where the owner allows it. The shopper gives the account once,
 * on the shop's own page; it goes straight to the payout provider, and the shop keeps only the
 * provider's id for it and the masked form below, never the account number. One contract for the
 * shopper's form and the API.
 */
import { z } from './zod.ts';

/** An offer the shopper has not answered in this many days becomes store credit. */
export const CHOOSE_DAYS = 7;

export const PAYOUT_WORDS = {
  chooseWay: 'Choose store credit or a payout to your account.',
  upi: 'Enter your UPI ID as it is in your UPI app, like name@okhdfcbank.',
  name: 'Enter the account holder’s name as the bank has it, in English letters (3 to 120).',
  account: 'An account number has 9 to 18 digits.',
  accountsDiffer: 'The two account numbers are not the same.',
  ifsc: 'An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits (like HDFC0001234).',
  notOffered: 'This refund is not waiting for your choice.',
  refused: (why: string) => `The payout service could not use this account: ${why} Check it and try again, or take store credit.`,
  unavailable: 'The payout service did not answer. Please try again in a few minutes.',
  notSetUp: 'This shop has no payout account set up (RazorpayX keys, README), so refunds to a bank account cannot be offered.',
} as const;

/** NPCI's UPI ID: a handle of letters, digits, dots, hyphens and underscores, then @ and the bank's letters. */
const UPI_ID = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT = /^\d{9,18}$/;
/** What RazorpayX takes as an account holder's name: English letters, digits and a little punctuation. */
const HOLDER = /^[A-Za-z0-9 '._()/-]{3,120}$/;

const text = (message: string) => z.string({ error: message });
const digits = (message: string) => text(message).transform((v) => v.replace(/[\s-]/g, ''));

const upiDestination = z.object({
  kind: z.literal('upi'),
  upi: text(PAYOUT_WORDS.upi)
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => UPI_ID.test(v), PAYOUT_WORDS.upi),
});

const bankDestination = z
  .object({
    kind: z.literal('bank'),
    name: text(PAYOUT_WORDS.name)
      .transform((v) => v.replace(/\s+/g, ' ').trim())
      .refine((v) => HOLDER.test(v), PAYOUT_WORDS.name),
    accountNumber: digits(PAYOUT_WORDS.account).refine((v) => ACCOUNT.test(v), PAYOUT_WORDS.account),
    confirmAccountNumber: digits(PAYOUT_WORDS.account),
    ifsc: text(PAYOUT_WORDS.ifsc)
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => IFSC.test(v), PAYOUT_WORDS.ifsc),
  })
  .refine((b) => b.accountNumber === b.confirmAccountNumber, { message: PAYOUT_WORDS.accountsDiffer, path: ['confirmAccountNumber'] });

/** Where a payout goes, as the shopper types it. */
export const payoutDestinationContract = z.discriminatedUnion('kind', [upiDestination, bankDestination], { error: PAYOUT_WORDS.chooseWay });
export type PayoutDestination = z.output<typeof payoutDestinationContract>;

/** The shopper's choice for a refund offered both ways. */
export const refundChoiceContract = z.discriminatedUnion('way', [z.object({ way: z.literal('store_credit') }), z.object({ way: z.literal('payout'), to: payoutDestinationContract })], { error: PAYOUT_WORDS.chooseWay });
export type RefundChoice = z.output<typeof refundChoiceContract>;

/** The account as the shop keeps and shows it: never the whole number. */
export function maskedDestination(to: PayoutDestination): string {
  if (to.kind === 'upi') {
    const [handle, bank] = to.upi.split('@') as [string, string];
    return `UPI ID ${handle.slice(0, 2)}•••@${bank}`;
  }
  return `account ending ${to.accountNumber.slice(-4)} (${to.ifsc})`;
}
