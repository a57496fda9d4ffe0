/**
 * Placing an order (design.md Payments; issue 17): the pending order a payment is offered for, or
 * a Cash on Delivery order placed at once, each in one shopper transaction with its stock taken.
 * The settings they are placed with are the checkout quote's (docs/decisions/0041): nothing here
 * reads them again.
 */
import { givenBackLately, tooManyHeld, tooManyUnpaid } from '../../../shared/checkout.contract.ts';
import { codOpenRefusal, type CodLimits } from '../../../shared/cod.ts';
import { GIVEN_BACK_MINUTES, MAX_PIECES_HELD, MAX_UNPAID_ORDERS, ordersHolding } from '../../../shared/orders.ts';
import type { PricingSettings } from '../../../shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { asShopper, asServerFrom } from '../../db/shopper.ts';
import { AppError } from '../../http/errors.ts';
import type { StockService } from '../stock/stock.service.ts';
import type { OfferUses } from '../offers/offers.service.ts';
import type { StoreCreditService } from '../store-credit/store-credit.service.ts';
import * as q from './orders.queries.ts';
import { ABANDON_STEP, SUPERSEDED_STEP, type PaidOrder } from './orders.shapes.ts';

/** What placing and lapsing an order move besides the order: its pieces, the shopper's store credit (issue 49), and its offers' uses (issue 50). */
export interface OrderParts {
  stock: StockService;
  credit: Pick<StoreCreditService, 'spendIn' | 'giveBackIn'>;
  offers: Pick<OfferUses, 'redeemIn' | 'giveBackIn'>;
}

/** An order store credit paid all of: paid at once, in the placing transaction (the cart's lines, the mail). */
export type OnPaidByCredit = (tx: q.Tx, paid: PaidOrder) => Promise<void>;

/** The owner's stock settings an order is placed with: how long it holds its pieces, and the low-stock mark for the labels it moves. */
export type StockSettings = Pick<PricingSettings, 'reservationMinutes' | 'lowStockThreshold'>;

/** An order's lines as the stock takes them. */
const piecesOf = (lines: q.NewLine[]) =>
  lines.flatMap((l) => (l.productId == null || l.size == null ? [] : [{ productId: l.productId, size: l.size, quantity: l.quantity, name: l.name }]));

export const PRESS_AGAIN = 'This order has lapsed. Please place the order again.';

/** What a new unpaid order may hold beside the shopper's others (issue 53). */
interface HoldPlan {
  /** The shopper's unpaid orders holding a piece in a size the new one takes: they lapse for it. */
  superseded: string[];
  /** The unpaid orders left beside the new one, and the pieces they hold. */
  others: number;
  heldElsewhere: number;
}

/**
 * A shopper holds a piece in a size in one unpaid order at most: a new checkout that takes it
 * again (Buy Now after the cart, the cart after Buy Now, two tabs) supersedes the older order,
 * which lapses and gives its pieces back, so nobody holds 10 of a size twice over. What is left
 * beside the new order counts towards the unpaid-order and held-piece limits.
 */
function planHolds(holds: Awaited<ReturnType<typeof q.unpaidHolds>>, wanted: ReturnType<typeof piecesOf>): HoldPlan {
  const superseded = new Set(ordersHolding(holds, wanted));
  const left = holds.filter((h) => !superseded.has(h.orderId));
  return { superseded: [...superseded], others: new Set(left.map((h) => h.orderId)).size, heldElsewhere: left.reduce((sum, h) => sum + h.quantity, 0) };
}

/**
 * The shopper's older unpaid orders lapse for a new one, each handing its pieces over once. No one
 * waiting is mailed yet: the new order is about to take the same pieces. Answers the sizes that
 * came back from 0, for `stock.tellIfBack` once the new order has taken its own.
 */
async function supersede(server: q.Tx, stock: StockService, orderIds: string[]): Promise<{ cameBack: number[]; lapsed: string[] }> {
  const cameBack: number[] = [];
  const lapsed: string[] = [];
  for (const orderId of orderIds) {
    if (!(await q.expire(server, orderId, SUPERSEDED_STEP))) continue;
    cameBack.push(...(await stock.handOver(server, orderId)));
    lapsed.push(orderId);
  }
  return { cameBack, lapsed };
}

/**
 * The lapsed orders' store credit and offer uses back, then the new order's taken: after the sizes,
 * as every path locks them (sizes, then the shopper's grants, then the offers), so two transactions
 * never wait on each other. An offer used up meanwhile refuses the order: it rolls back whole.
 */
async function settleMoney(server: q.Tx, { credit, offers }: OrderParts, lapsed: string[], userId: string, made: q.OrderRow) {
  for (const orderId of lapsed) {
    await credit.giveBackIn(server, orderId);
    await offers.giveBackIn(server, orderId);
  }
  await credit.spendIn(server, userId, made.id, made.creditUsed);
  await offers.redeemIn(server, userId, made.id, made.offers ?? []);
}

/** Refuses a new unpaid order past the shopper's limits: orders waiting, and pieces held beside them. */
function refuseBeyondHolds(plan: HoldPlan, wanted: ReturnType<typeof piecesOf>, settings: StockSettings): void {
  if (plan.others >= MAX_UNPAID_ORDERS) throw new AppError(429, 'too_many_unpaid', tooManyUnpaid(settings.reservationMinutes));
  const pieces = wanted.reduce((sum, p) => sum + p.quantity, 0);
  if (plan.others > 0 && plan.heldElsewhere + pieces > MAX_PIECES_HELD) throw new AppError(409, 'too_many_held', tooManyHeld(plan.heldElsewhere));
}

/**
 * The last pieces of a size that the shopper gave back by closing a payment are left to other
 * shoppers for GIVEN_BACK_MINUTES (issue 53): taking them straight back would hold them from
 * everyone again. A size with more left than this order wants is not held back from anyone.
 */
async function refuseGivenBackLately(server: q.Tx, stock: StockService, userId: string, wanted: ReturnType<typeof piecesOf>): Promise<void> {
  const lately = await q.givenBackWithin(server, userId, ABANDON_STEP, GIVEN_BACK_MINUTES);
  const returned = wanted.filter((p) => lately.some((g) => g.productId === p.productId && g.size === p.size));
  if (returned.length === 0) return;
  const levels = await stock.levelsIn(server, returned.map((p) => p.productId));
  for (const piece of returned) {
    const left = levels.find((l) => l.productId === piece.productId && l.size === piece.size)?.stock ?? 0;
    if (left > piece.quantity) continue;
    const at = Math.max(...lately.filter((g) => g.productId === piece.productId && g.size === piece.size).map((g) => g.at.getTime()));
    const minutes = Math.max(1, Math.ceil((at + GIVEN_BACK_MINUTES * 60_000 - Date.now()) / 60_000));
    throw new AppError(409, 'given_back_lately', givenBackLately(piece.name, minutes));
  }
}

/**
 * The pending order for this purchase: the one already waiting for it (however many Pay presses
 * race: they take turns), or a new one with its lines, written in the shopper's transaction
 * (migration 0010 allows no more), taking over the pieces of the shopper's older unpaid orders it
 * shares a size with; refused when the shopper has too many waiting already, or holds too much.
 */
export async function beginOrder(db: Db, parts: OrderParts, userId: string, order: q.NewOrder, lines: q.NewLine[], settings: StockSettings, onPaidByCredit: OnPaidByCredit) {
  const { stock } = parts;
  return asShopper(db, userId, async (tx): Promise<{ order: q.OrderRow; reused: boolean }> => {
    await q.takeCheckoutTurn(tx, userId);
    // The same press again (a retry after a dropped answer): the order it made, paid or not.
    const same = order.placementKey ? await q.byPlacementKey(tx, userId, order.placementKey) : undefined;
    if (same && (same.status === 'expired' || same.status === 'cancelled')) throw new AppError(409, 'press_again', PRESS_AGAIN);
    if (same) return { order: same, reused: true };
    const twin = await q.pendingTwin(tx, userId, order.checkoutFingerprint);
    if (twin) return { order: twin, reused: true };
    const wanted = piecesOf(lines);
    const plan = planHolds(await q.unpaidHolds(tx, userId), wanted);
    refuseBeyondHolds(plan, wanted, settings);
    const made = await q.insertOrder(tx, order, lines);
    const server = await asServerFrom(tx);
    // The older orders' pieces go back first, so the new order can take the very same ones.
    const { cameBack, lapsed } = await supersede(server, stock, plan.superseded);
    // Refused here, its order rolls back with the transaction.
    await refuseGivenBackLately(server, stock, userId, wanted);
    // Its pieces leave the stock in the same transaction, all or none (a refusal writes no order).
    // Should the owner move the low-stock mark at this moment, the labels are set again from every
    // count when the setting is saved.
    await stock.reserve(server, made.id, { pieces: wanted, lowStockThreshold: settings.lowStockThreshold });
    await stock.tellIfBack(server, cameBack);
    // The shopper's credit and the offers' uses, in the same transaction: less left than they were shown refuses the order.
    await settleMoney(server, parts, lapsed, userId, made);
    if (made.creditUsed < made.total) return { order: made, reused: false };
    const paid = (await q.markPaid(server, made.id, null))!;
    await stock.sold(server, made.id);
    await onPaidByCredit(server, { order: paid, lines: await q.linesOf(server, [made.id]), buyer: await q.buyerOf(server, userId) });
    return { order: paid, reused: false };
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
export async function placeCodOrder(db: Db, parts: OrderParts, userId: string, order: q.NewOrder & { placementKey: string }, lines: q.NewLine[], p: CodPlacement) {
  const { stock } = parts;
  return asShopper(db, userId, async (tx): Promise<{ order: q.OrderRow; placed: boolean }> => {
    await q.takeCheckoutTurn(tx, userId);
    const same = await q.byPlacementKey(tx, userId, order.placementKey);
    if (same) return { order: same, placed: false };
    const tooMany = codOpenRefusal(await q.openCod(tx, userId), p.limits);
    if (tooMany) throw new AppError(409, 'cod_limit', tooMany);
    const wanted = piecesOf(lines);
    // The shopper's own unpaid orders holding these pieces give them up to this one, as a new
    // payment's would (the quote counted them as the shopper's to take). Read before this order is.
    const superseded = planHolds(await q.unpaidHolds(tx, userId), wanted).superseded;
    const made = await q.insertOrder(tx, order, lines);
    const server = await asServerFrom(tx);
    const { cameBack, lapsed } = await supersede(server, stock, superseded);
    await stock.reserve(server, made.id, { pieces: wanted, lowStockThreshold: p.lowStockThreshold });
    await stock.tellIfBack(server, cameBack);
    await settleMoney(server, parts, lapsed, userId, made);
    await stock.sold(server, made.id);
    const placed = await q.confirmCod(server, made.id);
    await p.onPlaced(server, { order: placed, lines: await q.linesOf(server, [made.id]), buyer: await q.buyerOf(server, userId) });
    return { order: placed, placed: true };
  });
}
