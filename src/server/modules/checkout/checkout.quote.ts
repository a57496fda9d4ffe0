/**
 * What a checkout buys and what it costs, from the database alone (design.md: the server owns every
 * price): the selected cart lines or Buy Now's one piece, each at its price now, priced with the
 * settings now. A piece gone or sold out is refused by name.
 */
import { unitPrice } from '../../../shared/cart.ts';
import { ORDER_TOO_LARGE, type BuyNowInput } from '../../../shared/checkout.contract.ts';
import { MAX_ORDER_TOTAL, type Quote, type QuoteLine } from '../../../shared/orders.ts';
import { NO_TAX_RULE } from '../../../shared/gst.ts';
import { priceLines } from '../../../shared/order-price.ts';
import type { PaymentMethod, PricingSettings } from '../../../shared/pricing.ts';
import { CHOOSE_SIZE, SIZE_NOT_OFFERED, withSize } from '../../../shared/sizes.ts';
import { ONE_SIZE, tooFewLeft } from '../../../shared/stock.ts';
import { AppError } from '../../http/errors.ts';
import type { CartService } from '../cart/cart.service.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { StockService } from '../stock/stock.service.ts';

export type { Quote, QuoteLine };

export const NOTHING_SELECTED = 'Your cart has nothing selected to buy.';

export interface QuoteDeps {
  catalog: CatalogService;
  cart: CartService;
  pricing: PricingService;
  stock: StockService;
  /** Whether the shop charges GST: registered, or not yet said (issue 18). */
  gstRegistered: () => Promise<boolean>;
}

export async function quote({ catalog, cart, pricing, stock, gstRegistered }: QuoteDeps, userId: string, buyNow: BuyNowInput | undefined): Promise<Quote> {
  const wanted = buyNow
    ? [{ productId: buyNow.productId, size: buyNow.size, quantity: 1 }]
    : (await cart.selected(userId)).items.map((i) => ({ productId: i.productId, size: i.size as string | undefined, quantity: i.quantity }));
  if (wanted.length === 0) throw new AppError(409, 'nothing_selected', NOTHING_SELECTED);
  const ids = wanted.map((w) => w.productId);
  const products = new Map((await catalog.cards(ids)).map((p) => [p.id, p]));
  const [levels, taxes] = await Promise.all([stock.levels(ids), catalog.taxFacts(ids)]);
  const picked = wanted.map(({ productId, size: asked, quantity }) => {
    const p = products.get(productId);
    if (!p) throw new AppError(409, 'unavailable', buyNow ? 'This piece is no longer available.' : 'A piece in your cart is no longer available. Please check your cart.');
    const size = asked ?? (p.sized ? undefined : ONE_SIZE);
    if (size === undefined) throw new AppError(422, 'size_required', CHOOSE_SIZE);
    const level = levels.find((l) => l.productId === productId && l.size === size);
    // A size the owner stopped offering since the piece went into the cart.
    if (!level) throw new AppError(409, 'size_not_offered', buyNow ? SIZE_NOT_OFFERED : `${withSize(p.name, size)} is no longer made in that size. Please choose another size in your cart.`);
    if (level.stock < quantity) throw new AppError(409, 'sold_out', tooFewLeft(withSize(p.name, size), level.stock));
    const unit = unitPrice(p);
    return { productId, name: p.name, size, thumbnail: p.thumbnail ?? p.images[0] ?? null, unitPrice: unit, quantity, lineTotal: unit * quantity, tax: taxes.get(productId) ?? NO_TAX_RULE };
  });
  const [settings, registered] = await Promise.all([pricing.current(), gstRegistered()]);
  const { amounts, lines } = priced(picked, settings, 'online', registered);
  // Bounded before anything is written: the money columns, the payment methods and the law all stop somewhere.
  if (amounts.total > MAX_ORDER_TOTAL) throw new AppError(409, 'order_too_large', ORDER_TOO_LARGE);
  return { source: buyNow ? 'buy_now' : 'cart', lines, amounts, gstRegistered: registered };
}

/** The quote's lines and amounts at the settings, each line taxed at its piece's rate (issue 18): online, or paid on delivery. */
export function priced(lines: Omit<QuoteLine, 'gstRateBp' | 'taxableValue' | 'gstAmount'>[], settings: PricingSettings, method: PaymentMethod = 'online', gstRegistered = true) {
  const p = priceLines(lines, settings, method, gstRegistered);
  return { amounts: p.amounts, chargesRateBp: p.chargesRateBp, lines: lines.map((l, i): QuoteLine => ({ ...l, gstRateBp: p.lines[i]!.rateBp, taxableValue: p.lines[i]!.taxable, gstAmount: p.lines[i]!.gst })) };
}
