/**
 * What the shopper is told at each step of a return or exchange (issue 49): every step the shop
 * takes, written to the outbox in that step's transaction, so a step that rolls back tells nobody.
 */
import { formatInr } from '../../../shared/money.ts';
import { CHOOSE_DAYS } from '../../../shared/payouts.ts';
import { dayInWords, PICKUP_FEE_WORDS, type ReturnState } from '../../../shared/returns.ts';
import { indiaDay } from '../../../shared/india-time.ts';
import { STORE } from '../../../shared/store.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { letter } from '../mail/letter.ts';

export interface ReturnMailFacts {
  orderNumber: string;
  buyer: { email: string; firstName: string };
  /** The shopper's orders page, where the request is followed; null in development without PUBLIC_URL. */
  ordersUrl: string | null;
  /** The pickup fee kept from the refund (paise; 0: none), said in the mails about the money. */
  pickupFee?: number;
}

/** A step and what it needs to be told: the owner's words, the address to send to, the money. */
export type ReturnMailStep =
  | { state: 'approved' }
  | { state: 'pickup_booked'; sendTo: string }
  | { state: 'pickup_booked'; courier: string; awb: string; fee: number }
  | { state: 'picked_up' }
  | { state: 'exchange_shipped'; courier: string; awb: string }
  | { state: 'refused' | 'failed'; words: string }
  | { state: 'received' }
  | { state: 'passed'; exchange: true }
  | { state: 'passed'; choose: number; notPaid?: { to: string; why: string } }
  | { state: 'refunded'; amount: number; to: 'source' | 'store_credit'; until?: Date; feeSaidLater?: true }
  | { state: 'refunded'; amount: 0; to: 'nothing' }
  | { state: 'refunded'; amount: number; to: 'payout'; payoutTo: string }
  | { state: 'refunded'; amount: number; to: 'by_hand' };

/** A step told to the shopper in its transaction (return-steps.ts). */
export type Tell = (tx: ShopperTx, request: { id: string; orderId: string }, step: ReturnMailStep) => Promise<void>;

function wordsFor(step: ReturnMailStep, orderNumber: string): { subject: string; lines: string[] } {
  const about = `your return from order ${orderNumber}`;
  switch (step.state) {
    case 'approved':
      return { subject: `We have accepted ${about}`, lines: ['We have accepted your request. We will write again to say how the piece comes back to us.'] };
    case 'pickup_booked':
      if ('courier' in step) {
        const fee = step.fee > 0 ? [PICKUP_FEE_WORDS.ifCollected(step.fee)] : [];
        return { subject: `A courier will collect the piece from order ${orderNumber}`, lines: [`${step.courier} will come to your delivery address to collect the piece, usually within two working days (AWB ${step.awb}).`, 'Please pack it with its tags. The courier brings the label.', ...fee] };
      }
      return { subject: `How to send back the piece from order ${orderNumber}`, lines: ['Please pack the piece with its tags and send it to:', ...step.sendTo.split('\n'), 'Keep the courier’s receipt until we write that it has arrived.'] };
    case 'picked_up':
      return { subject: `The courier has collected ${about}`, lines: ['The courier has collected the piece. We will write again when it reaches us.'] };
    case 'exchange_shipped':
      return { subject: `Your new size from order ${orderNumber} is on its way`, lines: [`Your new size has left us with ${step.courier} (AWB ${step.awb}), at no charge.`, 'You can follow it under Your Orders.'] };
    case 'refused':
      return { subject: `About ${about}`, lines: ['We are sorry: we cannot accept this request.', step.words, `If you think we have this wrong, write to ${STORE.email}.`] };
    case 'failed':
      return { subject: `About ${about}`, lines: ['The piece has reached us, but it did not pass our check:', step.words, `Write to ${STORE.email} and we will sort out the next step with you.`] };
    case 'received':
      return { subject: `We have received ${about}`, lines: ['The piece has reached us. We will check it and write again within two working days.'] };
    case 'passed':
      if ('choose' in step) {
        return {
          subject: `Choose how to get ${formatInr(step.choose)} back for order ${orderNumber}`,
          lines: [
            step.notPaid ? `We could not pay it to your ${step.notPaid.to}: ${step.notPaid.why}` : 'The piece passed our check.',
            `Choose how you would like your ${formatInr(step.choose)} back, under Your Orders: as store credit at once, or paid to your own UPI ID or bank account.`,
            `If you have not chosen within ${CHOOSE_DAYS} days, we add it to your store credit.`,
          ],
        };
      }
      return { subject: `Your new size from order ${orderNumber} is on its way to being sent`, lines: ['The piece passed our check. We are packing your new size and will write when it leaves.'] };
    case 'refunded':
      if (step.to === 'nothing') return { subject: `Your return from order ${orderNumber} is complete`, lines: ['The piece passed our check. The courier pickup’s fee was all there was to give back, so there is nothing more to refund.'] };
      if (step.to === 'by_hand') return { subject: `We have refunded ${formatInr(step.amount)} for order ${orderNumber}`, lines: [`We have paid ${formatInr(step.amount)} back to you by hand.`, `If you cannot see it, write to ${STORE.email}.`] };
      if (step.to === 'payout') return { subject: `We have paid ${formatInr(step.amount)} back for order ${orderNumber}`, lines: [`We have paid ${formatInr(step.amount)} to your ${step.payoutTo}.`, 'It usually shows in your account within a day.'] };
      return step.to === 'source'
        ? { subject: `We have refunded ${formatInr(step.amount)} for order ${orderNumber}`, lines: [`We have refunded ${formatInr(step.amount)} to the way you paid.`, 'Banks usually show a refund within 5 to 7 working days.'] }
        : {
            subject: `${formatInr(step.amount)} store credit for order ${orderNumber}`,
            lines: [`We have added ${formatInr(step.amount)} to your store credit.`, `Spend it at checkout like money, until ${dayInWords(indiaDay(step.until ?? new Date()))}. You can see it in your profile.`],
          };
  }
}

/** A money mail's word on the pickup fee kept, where one was: its invoice is with the request. */
const feeKept = (step: ReturnMailStep, fee: number): string[] =>
  fee > 0 && ((step.state === 'refunded' && !('feeSaidLater' in step)) || (step.state === 'passed' && 'choose' in step)) ? [`${PICKUP_FEE_WORDS.taken(fee)} Its invoice is with your return, under Your Orders.`] : [];

export function returnMail(step: ReturnMailStep, f: ReturnMailFacts) {
  const words = wordsFor(step, f.orderNumber);
  const { subject } = words;
  const lines = [...words.lines, ...feeKept(step, f.pickupFee ?? 0)];
  return letter({
    kind: `return_${step.state satisfies ReturnState}`,
    to: f.buyer.email,
    subject,
    greeting: `Hello ${f.buyer.firstName},`,
    lines,
    ...(f.ordersUrl && { link: { action: 'See your return', url: f.ordersUrl } }),
    after: `Order ${f.orderNumber}. Questions? Write to ${STORE.email} and quote it.`,
  });
}
