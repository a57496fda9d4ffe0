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
import { priceLines } from '../../../shared/order-price.ts';
import type { PaymentMethod, PriceBreakdown, PricingSettings } from '../../../shared/pricing.ts';
import { CHOOSE_SIZE, pieceKey, SIZE_NOT_OFFERED, withSize } from '../../../shared/sizes.ts';
import { ONE_SIZE, tooFewLeft } from '../../../shared/stock.ts';
import { chargesGst, type TaxSettings } from '../../../shared/tax-settings.contract.ts';
import { AppError } from '../../http/errors.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { StockService } from '../stock/stock.service.ts';

export type { Quote, QuoteLine };

export const NOTHING_SELECTED = 'Your cart has nothing selected to buy.';

/** Where a quote reads from. */
export interface QuoteReaders {
  catalog: Pick<CatalogService, 'cards' | 'taxFacts'>;
  cart: Pick<CartService, 'selected'>;
  stock: Pick<StockService, 'levels'>;
  /** What the shopper's own unpaid orders hold: a new checkout of theirs takes it over (issue 53). */
  orders: Pick<OrdersService, 'heldBy'>;
  /** The pricing settings, read fresh (never the copy kept for showing pages). */
  pricing: Pick<PricingService, 'current'>;
  /** The shop's tax registration, as its documents will name it; null until the owner saves it. */
  taxRegistration: () => Promise<TaxSettings | null>;
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
}

/** A line as asked for: a piece, its size if one was chosen, how many. */
interface Wanted {
  productId: number;
  size: string | undefined;
  quantity: number;
}

/** A line that can be sold now, before its tax is worked out. */
export type PickedLine = Omit<QuoteLine, 'gstRateBp' | 'taxableValue' | 'gstAmount'>;

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

/** Pieces the shopper's own unpaid orders hold, per piece and size (`pieceKey`). */
type OwnHolds = ReadonlyMap<string, number>;

/** One wanted line as it can be sold now, or the refusal that names what stands in the way. */
function pickLine(w: Wanted, p: Card | undefined, levels: Level[], tax: QuoteLine['tax'] | undefined, buyNow: boolean, own: OwnHolds): PickedLine {
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
  return { productId: w.productId, name: p.name, size, thumbnail: p.thumbnail ?? p.images[0] ?? null, unitPrice: unit, quantity: w.quantity, lineTotal: unit * w.quantity, tax: tax ?? NO_TAX_RULE };
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
  const [levels, taxes] = await Promise.all([r.stock.levels(ids), r.catalog.taxFacts(ids)]);
  const pick = (own: OwnHolds) => wanted.map((w) => pickLine(w, products.get(w.productId), levels, taxes.get(w.productId), buyNow, own));
  try {
    return pick(new Map());
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'sold_out')) throw error;
    return pick(await ownHolds(r, userId));
  }
}

/**
 * The picked lines priced both ways at the settings, each line taxed at its piece's rate (issue 18)
 * if the shop charges GST. The lines' tax is the same either way; only the charges differ.
 */
export function priceQuote(picked: PickedLine[], source: Quote['source'], settings: PricingSettings, registration: TaxSettings | null): PricedQuote {
  const gstRegistered = chargesGst(registration);
  const online = priceLines(picked, settings, 'online', gstRegistered);
  const cod = priceLines(picked, settings, 'cod', gstRegistered);
  const lines = picked.map((l, i): QuoteLine => ({ ...l, gstRateBp: online.lines[i]!.rateBp, taxableValue: online.lines[i]!.taxable, gstAmount: online.lines[i]!.gst }));
  return {
    shown: { source, lines, amounts: online.amounts, gstRegistered },
    amounts: { online: online.amounts, cod: cod.amounts },
    chargesRateBp: online.chargesRateBp,
    settings,
    registration,
  };
}

/** The checkout's quote, read once: refused before anything is written if a piece cannot be sold or the order is too large. */
export async function readQuote(r: QuoteReaders, userId: string, buyNow: BuyNowInput | undefined): Promise<PricedQuote> {
  const wanted = await wantedLines(r.cart, userId, buyNow);
  const picked = await pickedLines(r, userId, wanted, buyNow !== undefined);
  const [settings, registration] = await Promise.all([r.pricing.current(), r.taxRegistration()]);
  const priced = priceQuote(picked, buyNow ? 'buy_now' : 'cart', settings, registration);
  // Bounded before anything is written: the money columns, the payment methods and the law all stop somewhere.
  if (priced.amounts.online.total > MAX_ORDER_TOTAL) throw new AppError(409, 'order_too_large', ORDER_TOO_LARGE);
  return priced;
}
