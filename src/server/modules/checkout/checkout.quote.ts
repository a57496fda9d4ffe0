/**
 * What a checkout buys and what it costs, from the database alone (design.md: the server owns every
 * price): the selected cart lines or Buy Now's one piece, each at its price now. One request reads
 * it once (issue 47, docs/decisions/0041): the pieces and their stock, the pricing settings, the
 * tax registration, and from them the amounts for every payment method. Showing the quote, Cash on
 * Delivery's verdict and placing the order all work from this one value. A piece gone or sold out
 * is refused by name.
 */
import { unitPrice } from '../../../shared/cart.ts';
import { ORDER_TOO_LARGE, type BuyNowInput } from '../../../shared/checkout.contract.ts';
import { MAX_ORDER_TOTAL, type Quote, type QuoteLine } from '../../../shared/orders.ts';
import { NO_TAX_RULE } from '../../../shared/gst.ts';
import { applyOffers, NO_OFFERS, type LiveOffers, type OfferLine, type OffersOutcome } from '../../../shared/offers.ts';
import { priceLines } from '../../../shared/order-price.ts';
import { shippingFor, type PaymentMethod, type PriceBreakdown, type PricingSettings } from '../../../shared/pricing.ts';
import { CHOOSE_SIZE, pieceKey, SIZE_NOT_OFFERED, withSize } from '../../../shared/sizes.ts';
import { ONE_SIZE, tooFewLeft } from '../../../shared/stock.ts';
import { chargesGst, type TaxSettings } from '../../../shared/tax-settings.contract.ts';
import { AppError } from '../../http/errors.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { StockService } from '../stock/stock.service.ts';

export type { Quote, QuoteLine };

export const NOTHING_SELECTED = 'Your cart has nothing selected to buy.';

/** Where a quote reads from. */
export interface QuoteReaders {
  catalog: Pick<CatalogService, 'cards' | 'pieceFacts'>;
  cart: Pick<CartService, 'selected'>;
  stock: Pick<StockService, 'levels'>;
  /** What the shopper's own unpaid orders hold: a new checkout of theirs takes it over (issue 53). */
  orders: Pick<OrdersService, 'heldBy'>;
  /** The pricing settings, read fresh (never the copy kept for showing pages). */
  pricing: Pick<PricingService, 'current'>;
  /** The shop's tax registration, as its documents will name it; null until the owner saves it. */
  taxRegistration: () => Promise<TaxSettings | null>;
  /** The automatic offers live now and the shopper's applied code, as far as this shopper may use them (issue 50). */
  offers: Pick<OffersService, 'forQuote'>;
}

/** Everything a checkout prices with, read once per request and handed to placing the order. */
export interface PricedQuote {
  /** What the shopper is shown, paid online (GET /api/checkout/quote). */
  shown: Quote;
  /** The same lines paid online, or on delivery (its fee, and the fee's GST). */
  amounts: Record<PaymentMethod, PriceBreakdown>;
  /** The rate shipping and the COD fee carry: the main piece's (src/shared/gst.ts). */
  chargesRateBp: number;
  /** The pricing settings it was priced with; the order takes its stock settings from them too. */
  settings: PricingSettings;
  registration: TaxSettings | null;
  /** The offers and code on each way to pay (issue 50): placing the order counts their uses. */
  offers: Record<PaymentMethod, OffersOutcome>;
  /** The lines each way to pay, with their share of its offers and their tax on what is left. */
  lines: Record<PaymentMethod, QuoteLine[]>;
}

/** A line as asked for: a piece, its size if one was chosen, how many. */
interface Wanted {
  productId: number;
  size: string | undefined;
  quantity: number;
}

/** A line that can be sold now, before its offers and tax are worked out; with what offers need to know of it. */
export type PickedLine = Omit<QuoteLine, 'gstRateBp' | 'taxableValue' | 'gstAmount' | 'discount'> & Pick<OfferLine, 'categoryIds' | 'onSale'>;

/** What the shopper asked to buy: Buy Now's one piece, or the cart's selected lines. */
async function wantedLines(cart: QuoteReaders['cart'], userId: string, buyNow: BuyNowInput | undefined): Promise<Wanted[]> {
  const wanted = buyNow
    ? [{ productId: buyNow.productId, size: buyNow.size, quantity: 1 }]
    : (await cart.selected(userId)).items.map((i) => ({ productId: i.productId, size: i.size as string | undefined, quantity: i.quantity }));
  if (wanted.length === 0) throw new AppError(409, 'nothing_selected', NOTHING_SELECTED);
  return wanted;
}

type Card = Awaited<ReturnType<CatalogService['cards']>>[number];
type Level = Awaited<ReturnType<StockService['levels']>>[number];
type PieceFacts = Awaited<ReturnType<CatalogService['pieceFacts']>> extends Map<number, infer F> ? F : never;

/** Pieces the shopper's own unpaid orders hold, per piece and size (`pieceKey`). */
type OwnHolds = ReadonlyMap<string, number>;

/** One wanted line as it can be sold now, or the refusal that names what stands in the way. */
function pickLine(w: Wanted, p: Card | undefined, levels: Level[], facts: PieceFacts | undefined, buyNow: boolean, own: OwnHolds): PickedLine {
  if (!p) throw new AppError(409, 'unavailable', buyNow ? 'This piece is no longer available.' : 'A piece in your cart is no longer available. Please check your cart.');
  const size = w.size ?? (p.sized ? undefined : ONE_SIZE);
  if (size === undefined) throw new AppError(422, 'size_required', CHOOSE_SIZE);
  const level = levels.find((l) => l.productId === w.productId && l.size === size);
  // A size the owner stopped offering since the piece went into the cart.
  if (!level) throw new AppError(409, 'size_not_offered', buyNow ? SIZE_NOT_OFFERED : `${withSize(p.name, size)} is no longer made in that size. Please choose another size in your cart.`);
  // What the shopper's own unpaid orders hold is theirs to take again: placing the order supersedes them (orders.place.ts).
  const left = level.stock + (own.get(pieceKey({ productId: w.productId, size })) ?? 0);
  if (left < w.quantity) throw new AppError(409, 'sold_out', tooFewLeft(withSize(p.name, size), left));
  const unit = unitPrice(p);
  const line = { productId: w.productId, name: p.name, size, thumbnail: p.thumbnail ?? p.images[0] ?? null, unitPrice: unit, quantity: w.quantity, lineTotal: unit * w.quantity };
  return { ...line, tax: facts?.tax ?? NO_TAX_RULE, categoryIds: facts?.categoryIds ?? [], onSale: unit < p.price };
}

/** The shopper's own unpaid holds, added up per piece and size. */
async function ownHolds(r: QuoteReaders, userId: string): Promise<OwnHolds> {
  const held = new Map<string, number>();
  for (const h of await r.orders.heldBy(userId)) {
    held.set(pieceKey(h), (held.get(pieceKey(h)) ?? 0) + h.quantity);
  }
  return held;
}

/**
 * The wanted lines with their pieces, stock and tax rules, each checked. A line short of stock is
 * checked again with what the shopper's own unpaid orders hold (a second tab, a payment left
 * open): read only then, as nearly every checkout has its pieces on the shelf.
 */
async function pickedLines(r: QuoteReaders, userId: string, wanted: Wanted[], buyNow: boolean): Promise<PickedLine[]> {
  const ids = wanted.map((w) => w.productId);
  const products = new Map((await r.catalog.cards(ids)).map((p) => [p.id, p]));
  const [levels, facts] = await Promise.all([r.stock.levels(ids), r.catalog.pieceFacts(ids)]);
  const pick = (own: OwnHolds) => wanted.map((w) => pickLine(w, products.get(w.productId), levels, facts.get(w.productId), buyNow, own));
  try {
    return pick(new Map());
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'sold_out')) throw error;
    return pick(await ownHolds(r, userId));
  }
}

/**
 * The picked lines priced both ways at the settings, after the offers each way allows (issue 50:
 * an offer not allowed with Cash on Delivery is left out of the COD amounts), each line taxed at
 * its piece's rate on what it is paid (issue 18) if the shop charges GST.
 */
export function priceQuote(picked: PickedLine[], source: Quote['source'], settings: PricingSettings, registration: TaxSettings | null, live: LiveOffers = NO_OFFERS): PricedQuote {
  const gstRegistered = chargesGst(registration);
  const priced = (method: PaymentMethod) => {
    const offers = applyOffers(picked, live.automatic, live.code, method, (goods) => shippingFor(goods, settings));
    const taxable = picked.map((l, i) => ({ ...l, discount: offers.discounts[i]! }));
    return { offers, ...priceLines(taxable, settings, method, gstRegistered, offers.freeShipping) };
  };
  const online = priced('online');
  const cod = priced('cod');
  const linesOf = (p: typeof online) =>
    picked.map(({ categoryIds: _c, onSale: _s, ...l }, i): QuoteLine => ({ ...l, discount: p.offers.discounts[i]!, gstRateBp: p.lines[i]!.rateBp, taxableValue: p.lines[i]!.taxable, gstAmount: p.lines[i]!.gst }));
  const lines = { online: linesOf(online), cod: linesOf(cod) };
  const told = ({ discounts: _d, freeShipping: _f, ...words }: OffersOutcome) => words;
  return {
    shown: { source, lines: lines.online, amounts: online.amounts, gstRegistered, offers: told(online.offers), codOffers: told(cod.offers) },
    amounts: { online: online.amounts, cod: cod.amounts },
    chargesRateBp: online.chargesRateBp,
    settings,
    registration,
    offers: { online: online.offers, cod: cod.offers },
    lines,
  };
}

/** The checkout's quote, read once: refused before anything is written if a piece cannot be sold or the order is too large. */
export async function readQuote(r: QuoteReaders, userId: string, buyNow: BuyNowInput | undefined): Promise<PricedQuote> {
  const wanted = await wantedLines(r.cart, userId, buyNow);
  const picked = await pickedLines(r, userId, wanted, buyNow !== undefined);
  const [settings, registration, live] = await Promise.all([r.pricing.current(), r.taxRegistration(), r.offers.forQuote(userId)]);
  const priced = priceQuote(picked, buyNow ? 'buy_now' : 'cart', settings, registration, live);
  // Bounded before anything is written: the money columns, the payment methods and the law all stop somewhere.
  if (priced.amounts.online.total > MAX_ORDER_TOTAL) throw new AppError(409, 'order_too_large', ORDER_TOO_LARGE);
  return priced;
}
