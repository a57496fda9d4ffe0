/**
 * What a checkout buys and what it costs, from the database alone (design.md: the server owns every
 * price): the selected cart lines or Buy Now's one piece, each at its price now, priced with the
 * settings now. A piece gone or sold out is refused by name.
 */
import { unitPrice } from '../../../shared/cart.ts';
import { ORDER_TOO_LARGE } from '../../../shared/checkout.contract.ts';
import { MAX_ORDER_TOTAL, type Quote, type QuoteLine } from '../../../shared/orders.ts';
import { priceOrder } from '../../../shared/pricing.ts';
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
}

export async function quote({ catalog, cart, pricing, stock }: QuoteDeps, userId: string, buyNow: { productId: number } | undefined): Promise<Quote> {
  const wanted = buyNow
    ? [{ productId: buyNow.productId, quantity: 1 }]
    : (await cart.selected(userId)).items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
  if (wanted.length === 0) throw new AppError(409, 'nothing_selected', NOTHING_SELECTED);
  const ids = wanted.map((w) => w.productId);
  const products = new Map((await catalog.cards(ids)).map((p) => [p.id, p]));
  // Every piece is one size until sizes reach the cart (issue 16's next step).
  const left = new Map((await stock.levels(ids)).filter((s) => s.size === ONE_SIZE).map((s) => [s.productId, s.stock]));
  const lines = wanted.map(({ productId, quantity }): QuoteLine => {
    const p = products.get(productId);
    if (!p) throw new AppError(409, 'unavailable', buyNow ? 'This piece is no longer available.' : 'A piece in your cart is no longer available. Please check your cart.');
    const inStock = left.get(productId) ?? 0;
    if (inStock < quantity) throw new AppError(409, 'sold_out', tooFewLeft(p.name, inStock));
    const unit = unitPrice(p);
    return { productId, name: p.name, size: ONE_SIZE, thumbnail: p.thumbnail ?? p.images[0] ?? null, unitPrice: unit, quantity, lineTotal: unit * quantity };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const amounts = priceOrder(subtotal, await pricing.current());
  // Bounded before anything is written: the money columns, the payment methods and the law all stop somewhere.
  if (amounts.total > MAX_ORDER_TOTAL) throw new AppError(409, 'order_too_large', ORDER_TOO_LARGE);
  return { source: buyNow ? 'buy_now' : 'cart', lines, amounts };
}
