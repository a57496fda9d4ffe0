/**
 * Returns and size exchanges (issue 49): the reasons a shopper gives, what they ask for, the
 * owner's rules, and every word the shopper reads when a request is refused. One place for the
 * shopper's screen and the server's checks.
 */
import { addDays } from './delivery.ts';
import { indiaDay } from './india-time.ts';
import { formatInrShort } from './money.ts';
import type { ParcelStep } from './parcels.ts';

export const RETURN_REASONS = ['too_small', 'too_large', 'colour', 'damaged', 'wrong_piece', 'quality', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const REASON_LABELS: Readonly<Record<ReturnReason, string>> = {
  too_small: 'Too small',
  too_large: 'Too large',
  colour: 'Colour not as shown',
  damaged: 'Damaged or defective',
  wrong_piece: 'Wrong piece',
  quality: 'Quality',
  changed_mind: 'Changed my mind',
};

/** Reasons that are the shop's fault: photographs are asked for, and a final-sale piece is still taken back (the e-commerce rules). */
export const SHOP_AT_FAULT: ReadonlySet<ReturnReason> = new Set(['damaged', 'wrong_piece']);

export const RESOLUTIONS = ['refund', 'exchange'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** How an approved piece comes back: the courier's reverse pickup, or the shopper sends it to the shop. */
export const PICKUP_WAYS = ['courier', 'self'] as const;
export type PickupWay = (typeof PICKUP_WAYS)[number];

/**
 * Where a refund goes: the payment's source (a prepaid order), store credit, or for Cash on Delivery
 * where the owner allows it, a payout to the shopper's own UPI ID or bank account.
 */
export type RefundWay = 'source' | 'store_credit' | 'payout';

/** Store credit is valid this long from its grant. */
export const STORE_CREDIT_DAYS = 365;

/** Photographs for a damaged or wrong piece: how many, and how large each may be. */
export const RETURN_PHOTOS = { min: 1, max: 3, bytes: 10 * 1024 * 1024 } as const;

/** An exchange holds its new size this long, unless the old piece is received first. */
export const EXCHANGE_HOLD_DAYS = 10;

/** How a Cash-on-Delivery order's money comes back: store credit, or the shopper's choice of it or a payout link. */
export const COD_REFUND_WAYS = ['store_credit', 'credit_or_payout'] as const;
export type CodRefundWay = (typeof COD_REFUND_WAYS)[number];

export interface ReturnSettings {
  /** Days from the delivered scan, for every reason (0: only on the day it arrives). */
  windowDays: number;
  /** Charged for a pickup, in paise (0: free). */
  pickupFeePaise: number;
  /** The fee only from this many returns in 90 days on (null: on every return, when there is a fee). */
  feeAfterReturns: number | null;
  codRefund: CodRefundWay;
  /** Where a shopper sends a piece themselves, as printed on the parcel ('' until the owner gives it). */
  returnAddress: string;
}

/** The pickup fee counts the shopper's returns over this many days (issue 49). */
export const FEE_WINDOW_DAYS = 90;

/**
 * The pickup fee a request carries (issue 49): charged only for a refund the shopper asks for their
 * own reasons (never when the shop was at fault: the e-commerce rules; never on an exchange, which
 * keeps the sale), and with `feeAfterReturns`, only from that many returns in 90 days on, this one
 * counted. `earlier`: the shopper's other requests in those days, refused ones aside. Taken from the
 * refund only if the shop's courier collects the piece.
 */
export function pickupFeeOf(rules: Pick<ReturnSettings, 'pickupFeePaise' | 'feeAfterReturns'>, request: { reason: ReturnReason; resolution: Resolution }, earlier: number): number {
  if (rules.pickupFeePaise === 0 || request.resolution !== 'refund' || SHOP_AT_FAULT.has(request.reason)) return 0;
  return rules.feeAfterReturns === null || earlier + 1 >= rules.feeAfterReturns ? rules.pickupFeePaise : 0;
}

export const DEFAULT_RETURN_SETTINGS: ReturnSettings = { windowDays: 7, pickupFeePaise: 0, feeAfterReturns: null, codRefund: 'store_credit', returnAddress: '' };

/** The last day a piece delivered at `deliveredAt` may be asked back, India's calendar (YYYY-MM-DD). */
export const lastReturnDay = (deliveredAt: Date, windowDays: number): string => addDays(indiaDay(deliveredAt), windowDays);

const longDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** '2026-12-06' as '6 December 2026'. */
export const dayInWords = (day: string): string => longDay.format(new Date(`${day}T00:00:00Z`));

/** What the shopper reads when a request is refused (issue 49, "Bad input"). */
export const RETURN_WORDS = {
  notDelivered: 'This order has not been delivered yet. You can ask for a return once it arrives.',
  windowPassed: (lastDay: string) => `The return window for this order closed on ${dayInWords(lastDay)}.`,
  finalSale: (name: string) => `“${name}” is final sale: it can be returned only if it arrived damaged or is the wrong piece.`,
  tooMany: (name: string, most: number) => (most === 0 ? `Every piece of “${name}” is already returned or on its way back.` : `You can return at most ${most} of “${name}”.`),
  openRequest: (name: string) => `“${name}” already has a return or exchange under way.`,
  noSuchLine: 'That piece is not in this order.',
  sameSize: (size: string) => `You have size ${size} already. Choose another size to exchange for.`,
  feeChanged: (fee: number) => (fee === 0 ? 'The pickup fee has changed: there is none now. Please look again and ask.' : `The pickup fee has changed to ${formatInrShort(fee)}. Please look again before asking.`),
  sizeGone: (name: string, size: string) => `Size ${size} of “${name}” is sold out. You can ask for a refund instead.`,
  noSizes: (name: string) => `“${name}” comes in one size, so it cannot be exchanged. You can ask for a refund instead.`,
  photosNeeded: `Add 1 to 3 photographs of the damage or of the wrong piece.`,
  photoUnknown: 'A photograph was not found. Please add it again.',
  photoNotImage: 'That file is not a photograph. Choose a JPEG, PNG or WebP picture.',
  photoTooLarge: 'That photograph is larger than 10 MB. Choose a smaller one.',
  noReturnAddress: 'Give the address pieces are sent back to, in the return settings, before asking a shopper to send one.',
  stepDone: (label: string) => `This request is at “${label}” already.`,
  stepOutOfTurn: (label: string) => `This request is at “${label}”, so that step cannot be taken now.`,
  checkNoteNeeded: 'Say what the check found, for the shopper.',
  refundNotFailed: 'Only a refund the payment provider would not make can be marked as refunded by hand.',
  notExchange: 'This request is for a refund, not an exchange.',
  exchangeSizeGone: (name: string, size: string) => `Size ${size} of “${name}” is sold out now, so it cannot be sent. Refund the piece instead.`,
  parcelMovedOn: 'This request moved on while its parcel was being booked; the booking is cancelled with the courier.',
} as const;

/** What the shopper reads of the pickup fee (issue 49): before asking, on the request, and once taken. */
export const PICKUP_FEE_WORDS = {
  ifCollected: (fee: number) => `If our courier collects the piece, ${formatInrShort(fee)} is taken from your refund for the pickup.`,
  willBeTaken: (fee: number) => `${formatInrShort(fee)} for the courier pickup will be taken from your refund.`,
  taken: (fee: number) => `${formatInrShort(fee)} was kept for the courier pickup.`,
} as const;

/** A request's journey (issue 49, "The journey"); the first six are open, the rest closed. */
export const RETURN_STATES = ['requested', 'approved', 'pickup_booked', 'picked_up', 'received', 'passed', 'refused', 'failed', 'refunded', 'exchange_shipped', 'lapsed'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export const OPEN_RETURN_STATES: readonly ReturnState[] = ['requested', 'approved', 'pickup_booked', 'picked_up', 'received', 'passed'];

export const RETURN_STATE_LABELS: Readonly<Record<ReturnState, string>> = {
  requested: 'Requested',
  approved: 'Approved',
  pickup_booked: 'Pickup booked',
  picked_up: 'Picked up',
  received: 'Received at the shop',
  passed: 'Checked',
  refused: 'Not accepted',
  failed: 'Did not pass the check',
  refunded: 'Refunded',
  exchange_shipped: 'New size sent',
  lapsed: 'Closed: the piece did not come back in time',
};

/** A request as its shopper sees it. */
export interface ShopperReturn {
  id: string;
  state: ReturnState;
  reason: ReturnReason;
  resolution: Resolution;
  /** The shopper's own words, and the owner's (a refusal's reason, a failed check's note). */
  note: string;
  ownerNote: string | null;
  createdAt: string;
  lines: { orderItemId: number; name: string; size: string | null; quantity: number; exchangeSize: string | null }[];
  /** How the piece comes back, once the owner has said, and where to send it (the shop's return address). */
  sendTo: string | null;
  /**
   * The money given back (paise), each way once: to the payment (made once the provider has it;
   * failed when it would not), and as store credit (what credit paid, or a COD order's).
   */
  refunds: { amount: number; way: RefundWay; made: boolean; failed: boolean; choosing: boolean; payoutTo: string | null }[];
  /** The request's credit note's number, once issued (its PDF under the order). */
  creditNote: string | null;
  /**
   * The pickup fee (paise): until the check, what is taken from the refund if the shop's courier
   * collects the piece (0 when the shopper sends it); from a refund's check on, what was taken.
   */
  pickupFee: number;
  /** The pickup fee's service invoice, once issued (its PDF under the request). */
  feeInvoice: string | null;
  /** Its parcels (issue 49): the courier's pickup of the pieces, and the exchange's new size on its way. */
  parcels: ReturnParcel[];
}

/** A return's parcel as the shopper and the owner see it: never the address. */
export interface ReturnParcel {
  kind: 'pickup' | 'exchange';
  courier: string;
  awb: string | null;
  step: ParcelStep;
  stepLabel: string;
}

/** What a shopper may ask back of one order, for the request form (GET /api/orders/:id/returns). */
export interface ReturnOptions {
  /** The last day to ask (India's calendar), once delivered. */
  lastDay: string | null;
  /** Why nothing can be asked now (not delivered, window closed), or null. */
  closedBecause: string | null;
  lines: {
    lineId: number;
    name: string;
    size: string | null;
    /** Pieces that may still be asked back (0: all returned or on their way). */
    most: number;
    finalSale: boolean;
    underWay: boolean;
    /** Other sizes of the piece in stock now, to exchange for. */
    sizes: string[];
  }[];
  requests: ShopperReturn[];
  /** The pickup fee a refund asked now for the shopper's own reasons would carry (paise; 0: none). */
  pickupFee: number;
}

/** A request as the owner's screen lists it: the shopper's view with the order, the photographs and the shopper's name. */
export interface OwnerReturn extends Omit<ShopperReturn, 'sendTo'> {
  orderId: string;
  orderNumber: string;
  shopper: string;
  photos: string[];
  pickup: PickupWay | null;
}

/** A piece is flagged for its fit when at least this many pieces of it came back, and this share of them said one way. */
export const FIT_FLAG = { minReturns: 5, share: 0.3 } as const;

/** 'small' or 'large' when enough returns of a piece say it runs that way (issue 49), else null. */
export function fitFlag(returns: number, tooSmall: number, tooLarge: number): 'small' | 'large' | null {
  if (returns < FIT_FLAG.minReturns) return null;
  if (tooSmall >= returns * FIT_FLAG.share && tooSmall >= tooLarge) return 'small';
  if (tooLarge >= returns * FIT_FLAG.share) return 'large';
  return null;
}

/** The owner's counts (issue 49): pieces asked back by reason, and by piece and size with their fit. */
export interface ReturnsSummary {
  byReason: { reason: ReturnReason; pieces: number }[];
  byPiece: { productId: number | null; name: string; size: string | null; pieces: number; tooSmall: number; tooLarge: number; flag: 'small' | 'large' | null }[];
}
