/**
 * Placing an order (design.md Payments; issue 17): the pending order a payment is offered for, or
 * a Cash on Delivery order placed at once, each in one shopper transaction with its stock taken.
 * The settings they are placed with are the checkout quote's (docs/decisions/0041): nothing here
 * reads them again.
 */
import { tooManyUnpaid } from '../../../shared/checkout.contract.ts';
import { codOpenRefusal, type CodLimits } from '../../../shared/cod.ts';
import { MAX_UNPAID_ORDERS } from '../../../shared/orders.ts';
import type { PricingSettings } from '../../../shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { asShopper, asServerFrom } from '../../db/shopper.ts';
import { AppError } from '../../http/errors.ts';
import type { StockService } from '../stock/stock.service.ts';
import * as q from './orders.queries.ts';
import type { PaidOrder } from './orders.shapes.ts';

/** The owner's stock settings an order is placed with: how long it holds its pieces, and the low-stock mark for the labels it moves. */
export type StockSettings = Pick<PricingSettings, 'reservationMinutes' | 'lowStockThreshold'>;

/** An order's lines as the stock takes them. */
const piecesOf = (lines: q.NewLine[]) =>
  lines.flatMap((l) => (l.productId == null || l.size == null ? [] : [{ productId: l.productId, size: l.size, quantity: l.quantity, name: l.name }]));

/**
 * The pending order for this purchase: the one already waiting for it (however many Pay presses
 * race: they take turns), or a new one with its lines, written in the shopper's transaction
 * (migration 0010 allows no more); refused when the shopper has too many waiting already.
 */
export async function beginOrder(db: Db, stock: StockService, userId: string, order: q.NewOrder, lines: q.NewLine[], settings: StockSettings) {
  return asShopper(db, userId, async (tx): Promise<{ order: q.OrderRow; reused: boolean }> => {
    await q.takeCheckoutTurn(tx, userId);
    const twin = await q.pendingTwin(tx, userId, order.checkoutFingerprint);
    if (twin) return { order: twin, reused: true };
    if ((await q.openUnpaid(tx, userId)) >= MAX_UNPAID_ORDERS) throw new AppError(429, 'too_many_unpaid', tooManyUnpaid(settings.reservationMinutes));
    const made = await q.insertOrder(tx, order, lines);
    // Its pieces leave the stock in the same transaction, all or none (a refusal writes no order).
    // Should the owner move the low-stock mark at this moment, the labels are set again from every
    // count when the setting is saved.
    await stock.reserve(await asServerFrom(tx), made.id, { pieces: piecesOf(lines), lowStockThreshold: settings.lowStockThreshold });
    return { order: made, reused: false };
  });
}

export interface CodPlacement {
  /** The owner's Cash on Delivery limits, as the checkout's verdict read them. */
  limits: Pick<CodLimits, 'codOpenOrdersMax'>;
  lowStockThreshold: number;
  /** The cart's lines, the mail: in the same transaction, as the server. */
  onPlaced: (tx: q.Tx, placed: PaidOrder) => Promise<void>;
}

/**
 * A Cash on Delivery order (issue 17), in one shopper transaction: the order (as the shopper, as
 * row-level security allows), then as the server its pieces taken and sold, processing at once,
 * and `onPlaced` (the cart's lines, the mail). The same press again finds the order it made; the
 * open-order limit is checked again in turn, so two presses at once cannot both pass it.
 */
export async function placeCodOrder(db: Db, stock: StockService, userId: string, order: q.NewOrder & { placementKey: string }, lines: q.NewLine[], p: CodPlacement) {
  return asShopper(db, userId, async (tx): Promise<{ order: q.OrderRow; placed: boolean }> => {
    await q.takeCheckoutTurn(tx, userId);
    const same = await q.byPlacementKey(tx, userId, order.placementKey);
    if (same) return { order: same, placed: false };
    const tooMany = codOpenRefusal(await q.openCod(tx, userId), p.limits);
    if (tooMany) throw new AppError(409, 'cod_limit', tooMany);
    const made = await q.insertOrder(tx, order, lines);
    const server = await asServerFrom(tx);
    await stock.reserve(server, made.id, { pieces: piecesOf(lines), lowStockThreshold: p.lowStockThreshold });
    await stock.sold(server, made.id);
    const placed = await q.confirmCod(server, made.id);
    await p.onPlaced(server, { order: placed, lines: await q.linesOf(server, [made.id]), buyer: await q.buyerOf(server, userId) });
    return { order: placed, placed: true };
  });
}
