/**
 * Coupons and offers (issue 50, docs/decisions/0050): the words, the kinds, and how a discount is
 * shared over an order's lines. Pure and shared, so the cart, checkout and the server work it out alike.
 */
import { mulDivRound } from './gst.ts';
import { formatInrShort } from './money.ts';

/** A code as kept: 4 to 20 capitals, digits and hyphens (typed in any case, with spaces: folded). */
export const CODE_PATTERN = /^[A-Z0-9-]{4,20}$/;
/** A code as typed, folded to how it is kept: spaces dropped, capitals. */
export const foldCode = (typed: string) => typed.replace(/\s+/g, '').toUpperCase();

/** What the shopper and the owner read of offers and codes. */
export const OFFER_WORDS = {
  /** One neutral answer for any code that cannot be used, where the shopper cannot act on the reason. */
  cantUse: "This code can't be used on this order",
  expired: 'This code has expired.',
  addMore: (shortPaise: number, what: string) => `Add ${formatInrShort(shortPaise)} more to use ${what}`,
  /** An automatic offer within reach. */
  addMoreFor: (shortPaise: number, label: string) => `Add ${formatInrShort(shortPaise)} more for ${label}`,
  betterOffer: (label: string) => `A better offer already applies: ${label}.`,
  morePieces: (pieces: number) => `Add ${pieces === 1 ? '1 more piece' : `${pieces} more pieces`} to use this offer.`,
  notCod: "This code can't be used with Cash on Delivery. You can still pay online.",
  shippingFree: 'Shipping is already free on this order.',
  applied: (code: string) => `${code} applied.`,
  removed: 'The code was removed.',
  /** The code the shopper was shown differs from the one now applied: look again before paying. */
  codeChanged: 'The code on this order has changed. Please check the total and try again.',
  codeShape: 'A code is 4 to 20 letters, digits and hyphens.',
  codeTaken: 'This code is already in use.',
  percent: 'Percent off must be 1 to 90.',
  flat: 'A flat amount must be ₹1 to ₹10,000.',
  flatOverMinimum: "A flat amount can't be more than the minimum order.",
  endBeforeStart: 'The end must be after the start.',
  noOffer: 'No such offer.',
  /** An automatic offer on the order ran out or ended between the quote and Pay. */
  offerGone: 'An offer on this order has just ended. Please check the total and try again.',
  /** An offer with uses keeps its terms: what orders were placed with is what the figures count. */
  ended: 'This offer has ended and cannot be started again.',
} as const;

/**
 * `total` paise shared over `weights` in proportion, by the largest remainder: each gets the floor
 * of its exact share, then the paise left over go one each to the largest remainders, ties to the
 * earlier weight. The shares sum to `total` exactly, and none is above its weight while `total` is
 * not above their sum. Zero weights get nothing.
 */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const amount = BigInt(Math.min(total, sum));
  const whole = BigInt(sum);
  const exact = weights.map((w) => BigInt(w) * amount);
  const shares = exact.map((e) => e / whole);
  let left = Number(amount - shares.reduce((a, b) => a + b, 0n));
  const byRemainder = exact.map((e, i) => ({ i, r: e % whole })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    if (weights[i]! <= 0) continue;
    shares[i]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/** A code the shopper types, or an offer that applies by itself. */
export const OFFER_MODES = ['code', 'automatic'] as const;
export type OfferMode = (typeof OFFER_MODES)[number];
/** What an offer takes off: some pieces, the order's goods, or shipping (at most one of each kind applies, besides a code). */
export const OFFER_KINDS = ['product', 'order', 'shipping'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_TYPES = ['percent', 'flat', 'free_shipping'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
/** Paused: held back, may resume; ended: for good. */
export const OFFER_STATUSES = ['active', 'paused', 'ended'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** An offer or code as applied to an order: kept on the order, shown on the confirmation, in the mail and to the owner. */
export interface AppliedOffer {
  offerId: number;
  /** The code typed (null: an automatic offer). */
  code: string | null;
  kind: OfferKind;
  /** What the shopper reads. */
  label: string;
  /** Taken off, in paise (off shipping for a shipping offer). */
  amount: number;
}

/** An offer's terms, as the pricing reads them (the shopper's own limits are checked before: `CodeState`). */
export interface OfferTerms {
  id: number;
  name: string;
  mode: OfferMode;
  kind: OfferKind;
  type: OfferType;
  percent: number | null;
  capPaise: number | null;
  flatPaise: number | null;
  minOrderPaise: number;
  minPieces: number;
  codAllowed: boolean;
  includeSaleItems: boolean;
  scope: readonly { target: 'product' | 'category'; targetId: number; included: boolean }[];
}

/** A line as the offers see it: the piece, its categories, its price to pay and whether that is a sale price. */
export interface OfferLine {
  productId: number;
  categoryIds: readonly number[];
  unitPrice: number;
  quantity: number;
  /** Its offer price is below its price: left out of offers that do not include sale pieces. */
  onSale: boolean;
}

/**
 * The code the shopper applied, as the server found it: its offer's terms, or why it cannot be
 * used whatever the order (unknown, paused, not started, used up, the shopper's own limits: the
 * neutral words; expired: its own).
 */
export type CodeState = { code: string; terms: OfferTerms } | { code: string; refused: 'cant_use' | 'expired' } | null;

/** What the shopper is told of the code they applied. */
export interface CodeVerdict {
  code: string;
  /** It takes something off this order now; if not, `message` says why (and what to add, where the shopper can). */
  applies: boolean;
  message: string | null;
}

export interface OffersOutcome {
  /** Each line's share of every offer and the code, in paise. */
  discounts: number[];
  freeShipping: boolean;
  applied: AppliedOffer[];
  /** Automatic offers that did not apply, and why (a better one did; a little more to add). */
  notApplied: { label: string; reason: string }[];
  code: CodeVerdict | null;
  /** The best offer within reach: "Add ₹240 more to use FESTIVE10". */
  hint: string | null;
}

/** A line is in an offer's scope: listed (or nothing listed), not left out, and not on sale unless sale pieces are included. */
export function inScope(t: Pick<OfferTerms, 'scope' | 'includeSaleItems'>, l: OfferLine): boolean {
  if (l.onSale && !t.includeSaleItems) return false;
  const matches = (e: OfferTerms['scope'][number]) => (e.target === 'product' ? e.targetId === l.productId : l.categoryIds.includes(e.targetId));
  if (t.scope.some((e) => !e.included && matches(e))) return false;
  const listed = t.scope.filter((e) => e.included);
  return listed.length === 0 || listed.some(matches);
}

/** What an offer would take off the goods as they stand (`paid` per line), or why it takes nothing. */
type Worth = { amount: number; eligible: boolean[] } | { amount: 0; short: number } | { amount: 0; pieces: number } | { amount: 0; none: true };

function worthOf(t: OfferTerms, lines: OfferLine[], paid: number[], minimumAgainst: number): Worth {
  if (minimumAgainst < t.minOrderPaise) return { amount: 0, short: t.minOrderPaise - minimumAgainst };
  const eligible = lines.map((l) => inScope(t, l));
  const pieces = lines.reduce((n, l, i) => n + (eligible[i] ? l.quantity : 0), 0);
  if (pieces === 0) return { amount: 0, none: true };
  if (pieces < t.minPieces) return { amount: 0, pieces: t.minPieces - pieces };
  const value = paid.reduce((sum, v, i) => sum + (eligible[i] ? v : 0), 0);
  const goods = paid.reduce((a, b) => a + b, 0);
  const asked = t.type === 'percent' ? Math.min(mulDivRound(value, t.percent ?? 0, 100), t.capPaise ?? Infinity) : t.type === 'flat' ? (t.flatPaise ?? 0) : 0;
  // Never below ₹1 to pay for the goods: the least a payment can be.
  return { amount: Math.max(0, Math.min(asked, value, goods - 100)), eligible };
}

/** The best of some offers by what they take off, ties to the earlier made. */
function bestOf(found: { t: OfferTerms; w: Worth }[]): { t: OfferTerms; w: Extract<Worth, { eligible: boolean[] }> } | null {
  let best: { t: OfferTerms; w: Extract<Worth, { eligible: boolean[] }> } | null = null;
  for (const f of found) {
    if (!('eligible' in f.w) || f.w.amount <= 0) continue;
    if (!best || f.w.amount > best.w.amount || (f.w.amount === best.w.amount && f.t.id < best.t.id)) best = { t: f.t, w: f.w };
  }
  return best;
}

const labelOf = (t: OfferTerms, code: string | null) => (code ? `${t.name} (${code})` : t.name);

/**
 * The offers on an order, in the order a shopper reads them (decision 0050 §2): the best automatic
 * product offer, then the best automatic order offer on what is left, then the code (its minimum
 * against the goods after those), each shared over its lines by value; then shipping, free by the
 * code or the best automatic shipping offer. An offer not allowed with Cash on Delivery is left out
 * of a COD order. `shippingOn` is the shop's shipping for goods of a value.
 */
export function applyOffers(
  lines: OfferLine[],
  automatic: readonly OfferTerms[],
  code: CodeState,
  method: 'online' | 'cod',
  shippingOn: (goods: number) => number,
): OffersOutcome {
  const paid = lines.map((l) => l.unitPrice * l.quantity);
  const shown = paid.reduce((a, b) => a + b, 0);
  const usable = automatic.filter((t) => method === 'online' || t.codAllowed);
  const out: OffersOutcome = { discounts: lines.map(() => 0), freeShipping: false, applied: [], notApplied: [], code: null, hint: null };
  const take = (t: OfferTerms, amount: number, eligible: boolean[], typed: string | null) => {
    const shares = shareOut(amount, paid.map((v, i) => (eligible[i] ? v : 0)));
    shares.forEach((share, i) => ((paid[i] = paid[i]! - share), (out.discounts[i] = out.discounts[i]! + share)));
    out.applied.push({ offerId: t.id, code: typed, kind: t.kind, label: labelOf(t, typed), amount });
  };
  const shortOf: { label: string; short: number }[] = [];
  for (const kind of ['product', 'order'] as const) {
    const found = usable.filter((t) => t.kind === kind).map((t) => ({ t, w: worthOf(t, lines, paid, shown) }));
    const best = bestOf(found);
    if (best) take(best.t, best.w.amount, best.w.eligible, null);
    for (const f of found) {
      if (best && f.t.id === best.t.id) continue;
      if ('short' in f.w) shortOf.push({ label: f.t.name, short: f.w.short });
      else if (best && 'eligible' in f.w && f.w.amount > 0) out.notApplied.push({ label: f.t.name, reason: OFFER_WORDS.betterOffer(best.t.name) });
    }
  }
  const goods = () => paid.reduce((a, b) => a + b, 0);
  out.code = codeVerdict(code, method, lines, paid, goods(), shippingOn, take, out);
  const shippingOffers = usable.filter((t) => t.kind === 'shipping').map((t) => ({ t, w: worthOf({ ...t, type: 'percent', percent: 1, capPaise: null }, lines, paid, shown) }));
  const shipping = shippingOn(goods());
  const bestShipping = shippingOffers.find((f) => 'eligible' in f.w);
  if (!out.freeShipping && bestShipping && shipping > 0) {
    out.freeShipping = true;
    out.applied.push({ offerId: bestShipping.t.id, code: null, kind: 'shipping', label: bestShipping.t.name, amount: shipping });
  }
  for (const f of shippingOffers) if ('short' in f.w && !out.freeShipping) shortOf.push({ label: f.t.name, short: f.w.short });
  const nearest = shortOf.sort((a, b) => a.short - b.short)[0];
  // The code's own minimum first: it is the offer the shopper asked for.
  out.hint ??= nearest ? OFFER_WORDS.addMoreFor(nearest.short, nearest.label) : null;
  return out;
}

/** The code's part: refused, short of its minimum, not for these pieces, or taken off. */
function codeVerdict(
  code: CodeState,
  method: 'online' | 'cod',
  lines: OfferLine[],
  paid: number[],
  goods: number,
  shippingOn: (goods: number) => number,
  take: (t: OfferTerms, amount: number, eligible: boolean[], typed: string | null) => void,
  out: OffersOutcome,
): CodeVerdict | null {
  if (!code) return null;
  if ('refused' in code) return { code: code.code, applies: false, message: code.refused === 'expired' ? OFFER_WORDS.expired : OFFER_WORDS.cantUse };
  const t = code.terms;
  if (method === 'cod' && !t.codAllowed) return { code: code.code, applies: false, message: OFFER_WORDS.notCod };
  const w = worthOf(t.type === 'free_shipping' ? { ...t, type: 'percent', percent: 1, capPaise: null } : t, lines, paid, goods);
  if ('short' in w) {
    out.hint = OFFER_WORDS.addMore(w.short, code.code);
    return { code: code.code, applies: false, message: out.hint };
  }
  if ('pieces' in w) return { code: code.code, applies: false, message: OFFER_WORDS.morePieces(w.pieces) };
  if (!('eligible' in w)) return { code: code.code, applies: false, message: OFFER_WORDS.cantUse };
  if (t.type === 'free_shipping') {
    const shipping = shippingOn(goods);
    if (shipping === 0) return { code: code.code, applies: false, message: OFFER_WORDS.shippingFree };
    out.freeShipping = true;
    out.applied.push({ offerId: t.id, code: code.code, kind: 'shipping', label: labelOf(t, code.code), amount: shipping });
    return { code: code.code, applies: true, message: null };
  }
  if (w.amount <= 0) return { code: code.code, applies: false, message: OFFER_WORDS.cantUse };
  take(t, w.amount, w.eligible, code.code);
  return { code: code.code, applies: true, message: null };
}

/** The offers a quote is priced with: the automatic ones live now, and the shopper's code as found. */
export interface LiveOffers {
  automatic: readonly OfferTerms[];
  code: CodeState;
}

export const NO_OFFERS: LiveOffers = { automatic: [], code: null };

/**
 * An offer as the owner's list and CSV have it, with its code and figures (paise): `At` is a time as
 * held, a Date on the server and ISO text in the browser.
 */
export interface OfferFigures<At = string> {
  offer: Omit<OfferTerms, 'scope' | 'includeSaleItems'> & {
    campaign: string;
    startsAt: At;
    endsAt: At | null;
    firstOrderOnly: boolean;
    perShopperMax: number | null;
    maxUses: number | null;
    uses: number;
    status: OfferStatus;
  };
  code: string | null;
  /** Single-use codes made in batches. */
  batchCodes: number;
  /** Orders placed with it and not given back, unpaid ones too. */
  liveUses: number;
  /** Orders paid or placed (COD) with it, their sales after discount, and the discount given. */
  orders: number;
  sales: number;
  given: number;
  /** The pieces and categories it is only for, or not for, by name. */
  scope: { included: boolean; name: string }[];
}
