/** Returns' SQL (issue 49): the owner's rules, an order as a return reads it, and the requests with their lines, photographs and history. */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneRowSettings } from '../../db/one-row-settings.ts';
import type { ShopperTx } from '../../db/shopper.ts';
import { invoices, orderItems, orders, products, productSizes, returnEvents, returnLines, returnPhotos, returnRefunds, returnRequests, returnSettings, users } from '../../db/schema/index.ts';
import type { PickupWay, RefundWay, ReturnState } from '../../../shared/returns.ts';

export type Tx = ShopperTx;
type Reader = Pick<Db, 'select'>;

/** The owner's return rules. */
export const settingsRow = oneRowSettings(returnSettings);

/** The order as a return reads it (in the shopper's transaction: another's order is not found). */
export async function orderOf(on: Reader, orderId: string) {
  const [order] = await on
    .select({ id: orders.id, userId: orders.userId, status: orders.status, deliveredAt: orders.deliveredAt, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

/** Its lines, each with whether its product is final sale and the sizes it comes in now. */
export async function linesOf(on: Reader, orderId: string) {
  return on
    .select({ id: orderItems.id, productId: orderItems.productId, name: orderItems.name, size: orderItems.size, quantity: orderItems.quantity, finalSale: sql<boolean>`coalesce(${products.finalSale}, false)` })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/** The sizes a product comes in now, in order, with their counts. */
export const sizesOf = (on: Reader, productIds: number[]) =>
  productIds.length === 0
    ? Promise.resolve([])
    : on
        .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
        .from(productSizes)
        .where(and(inArray(productSizes.productId, productIds), isNull(productSizes.retiredAt)))
        .orderBy(asc(productSizes.position));

/** The order's row locked: one request at a time per order, so a double submit finds the first. */
export async function lockOrder(tx: Tx, orderId: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
}

const NOT_COUNTED: ReturnState[] = ['refused', 'lapsed'];

/** Per line of the order: pieces asked back in requests still counted (not refused or lapsed), and whether one is under way. */
export async function askedBack(on: Reader, orderId: string, open: readonly ReturnState[]) {
  const rows = await on
    .select({ orderItemId: returnLines.orderItemId, quantity: returnLines.quantity, state: returnRequests.state })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.requestId))
    .where(and(eq(returnRequests.orderId, orderId), notInArray(returnRequests.state, NOT_COUNTED)));
  const byLine = new Map<number, { quantity: number; open: boolean }>();
  for (const r of rows) {
    const seen = byLine.get(r.orderItemId) ?? { quantity: 0, open: false };
    byLine.set(r.orderItemId, { quantity: seen.quantity + r.quantity, open: seen.open || open.includes(r.state) });
  }
  return byLine;
}

export type NewRequest = typeof returnRequests.$inferInsert;
export type NewLine = Omit<typeof returnLines.$inferInsert, 'requestId'>;

export async function insertRequest(tx: Tx, request: NewRequest, lines: NewLine[], byUserId: string): Promise<string> {
  const [made] = await tx.insert(returnRequests).values(request).returning({ id: returnRequests.id });
  await tx.insert(returnLines).values(lines.map((l) => ({ ...l, requestId: made!.id })));
  await tx.insert(returnEvents).values({ requestId: made!.id, state: request.state ?? 'requested', byUserId });
  return made!.id;
}

/** The shopper's photographs not yet tied to a request, tied to this one; how many were. */
export async function attachPhotos(tx: Tx, userId: string, ids: string[], requestId: string): Promise<number> {
  if (ids.length === 0) return 0;
  const tied = await tx
    .update(returnPhotos)
    .set({ requestId })
    .where(and(eq(returnPhotos.userId, userId), inArray(returnPhotos.id, ids), isNull(returnPhotos.requestId)))
    .returning({ id: returnPhotos.id });
  return tied.length;
}

export async function photoOf(db: Db, userId: string, id: string) {
  const [row] = await db.select({ id: returnPhotos.id }).from(returnPhotos).where(and(eq(returnPhotos.userId, userId), eq(returnPhotos.id, id)));
  return row;
}

export async function photoInRequest(db: Db, id: string) {
  const [row] = await db.select({ id: returnPhotos.id }).from(returnPhotos).where(and(eq(returnPhotos.id, id), isNotNull(returnPhotos.requestId)));
  return row;
}

/** Photographs never tied to a request and older than `before`, their rows deleted (at most `limit`); their ids, for their files. */
export async function dropLoosePhotos(db: Pick<Db, 'select' | 'delete'>, before: Date, limit: number): Promise<string[]> {
  const loose = db
    .select({ id: returnPhotos.id })
    .from(returnPhotos)
    .where(and(isNull(returnPhotos.requestId), lt(returnPhotos.createdAt, before)))
    .limit(limit)
    .for('update', { skipLocked: true });
  // Tied to a request meanwhile, it stays (the delete looks again).
  const gone = await db
    .delete(returnPhotos)
    .where(and(inArray(returnPhotos.id, loose), isNull(returnPhotos.requestId)))
    .returning({ id: returnPhotos.id });
  return gone.map((r) => r.id);
}

export async function keepPhoto(db: Db, userId: string, id: string, bytes: number): Promise<void> {
  await db.insert(returnPhotos).values({ id, userId, bytes });
}

/** The requests of some orders, newest first, with their lines (as the reader may see them). */
export async function requestsOf(on: Reader, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const requests = await on.select().from(returnRequests).where(inArray(returnRequests.orderId, orderIds)).orderBy(desc(returnRequests.createdAt));
  const ids = requests.map((r) => r.id);
  const [lines, photos, refunds, notes] = ids.length
    ? await Promise.all([
        on.select({ requestId: returnLines.requestId, orderItemId: returnLines.orderItemId, quantity: returnLines.quantity, exchangeSize: returnLines.exchangeSize, name: orderItems.name, size: orderItems.size }).from(returnLines).innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId)).where(inArray(returnLines.requestId, ids)).orderBy(asc(returnLines.id)),
        on.select({ requestId: returnPhotos.requestId, id: returnPhotos.id }).from(returnPhotos).where(inArray(returnPhotos.requestId, ids)),
        refundsOf(on, ids),
        on.select({ requestId: invoices.returnRequestId, kind: invoices.kind, number: invoices.number }).from(invoices).where(inArray(invoices.returnRequestId, ids)),
      ])
    : [[], [], [], []];
  return requests.map((r) => ({
    ...r,
    lines: lines.filter((l) => l.requestId === r.id),
    photos: photos.filter((p) => p.requestId === r.id).map((p) => p.id),
    refunds: refunds.filter((m) => m.requestId === r.id),
    creditNote: notes.find((n) => n.requestId === r.id && n.kind === 'credit_note')?.number ?? null,
    feeInvoice: notes.find((n) => n.requestId === r.id && n.kind === 'service_invoice')?.number ?? null,
  }));
}

/** The request locked for a step (none: another server has it, with `skipLocked`, or there is none). */
/**
 * The request locked after its order, the order every step of an order's locks in (a courier's scan
 * of a return's parcel locks the order, its shipment, then the request): none when there is no such request.
 */
export async function lockRequestAfterOrder(tx: Tx, id: string) {
  const [found] = await tx.select({ orderId: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, id));
  if (!found) return undefined;
  await lockOrder(tx, found.orderId);
  return lockRequest(tx, id);
}

export async function lockRequest(tx: Tx, id: string, skipLocked = false) {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update', skipLocked ? { skipLocked: true } : {});
  return row;
}

export async function moveRequest(tx: Tx, id: string, state: ReturnState, byUserId: string | null, note: string | null, ownerNote?: string) {
  await tx
    .update(returnRequests)
    .set({ state, updatedAt: sql`now()`, ...(ownerNote !== undefined && { ownerNote }) })
    .where(eq(returnRequests.id, id));
  await tx.insert(returnEvents).values({ requestId: id, state, byUserId, note });
}

export async function noteEvent(tx: Tx, id: string, state: ReturnState, note: string) {
  await tx.insert(returnEvents).values({ requestId: id, state, byUserId: null, note });
}

/** An exchange's lines held again (their holds had lapsed; the caller took the pieces from stock). */
export async function holdAgain(tx: Tx, requestId: string) {
  await tx
    .update(returnLines)
    .set({ held: true })
    .where(and(eq(returnLines.requestId, requestId), isNotNull(returnLines.exchangeSize), eq(returnLines.held, false)));
}

/** An exchange's held pieces sent to the shopper: no longer a hold to give back (the ledger's "reserved" row stands as their sale). */
export async function sendHolds(tx: Tx, requestId: string) {
  await tx
    .update(returnLines)
    .set({ held: false })
    .where(and(eq(returnLines.requestId, requestId), eq(returnLines.held, true)));
  await tx.update(returnRequests).set({ holdUntil: null }).where(eq(returnRequests.id, requestId));
}

/** The request's lines still holding a new size, each let go once (the caller puts the pieces back). */
export async function letGoHolds(tx: Tx, requestId: string) {
  return tx
    .update(returnLines)
    .set({ held: false })
    .where(and(eq(returnLines.requestId, requestId), eq(returnLines.held, true)))
    .returning({ orderItemId: returnLines.orderItemId, quantity: returnLines.quantity, exchangeSize: returnLines.exchangeSize });
}

/** The product of an order's line (a hold is on its new size). */
export async function productOfLine(tx: Tx, orderItemId: number) {
  const [row] = await tx.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.id, orderItemId));
  return row?.productId ?? null;
}

/** Requests whose exchange hold has run out while the old piece is still to come back. */
export async function lapsedHolds(db: Db, now: Date, limit: number, holding: readonly ReturnState[]) {
  const rows = await db
    .selectDistinct({ id: returnRequests.id })
    .from(returnRequests)
    .innerJoin(returnLines, and(eq(returnLines.requestId, returnRequests.id), eq(returnLines.held, true)))
    .where(and(sql`${returnRequests.holdUntil} < ${now}`, inArray(returnRequests.state, [...holding])))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Every request (the owner's list), newest first, with its order's number and the name it was sent to. */
export async function ownerRequests(db: Db, states: readonly ReturnState[] | null, limit: number) {
  const rows = await db
    .select({ id: returnRequests.id, orderId: returnRequests.orderId })
    .from(returnRequests)
    .where(states ? inArray(returnRequests.state, [...states]) : sql`true`)
    .orderBy(desc(returnRequests.createdAt))
    .limit(limit);
  const full = await requestsOf(db, [...new Set(rows.map((r) => r.orderId))]);
  const numbers = rows.length ? await db.select({ id: orders.id, orderNumber: orders.orderNumber, shopper: sql<string>`${orders.addressJson}->>'name'` }).from(orders).where(inArray(orders.id, [...new Set(rows.map((r) => r.orderId))])) : [];
  const byOrder = new Map(numbers.map((n) => [n.id, n]));
  const wanted = new Set(rows.map((r) => r.id));
  return full.filter((r) => wanted.has(r.id)).map((r) => ({ ...r, orderNumber: byOrder.get(r.orderId)?.orderNumber ?? '', shopper: byOrder.get(r.orderId)?.shopper ?? '' }));
}

/** A request's lines with what the check needs: the piece's product and size, and the line's own count. */
export function linesOfRequest(tx: Tx | Reader, requestId: string) {
  return tx
    .select({ orderItemId: returnLines.orderItemId, quantity: returnLines.quantity, exchangeSize: returnLines.exchangeSize, held: returnLines.held, productId: orderItems.productId, name: orderItems.name, size: orderItems.size, lineQuantity: orderItems.quantity, lineTotal: orderItems.lineTotal, discount: orderItems.discount })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(eq(returnLines.requestId, requestId))
    .orderBy(asc(returnLines.id));
}

/** States in which a refund request's pieces have been credited (its credit note issued). */
const CREDITED: ReturnState[] = ['passed', 'refunded'];

/** Per line of the order: pieces already credited by the order's other refund requests (the running total a new credit note starts from). */
export async function creditedBefore(tx: Tx, orderId: string, requestId: string): Promise<Map<number, number>> {
  const rows = await tx
    .select({ orderItemId: returnLines.orderItemId, quantity: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.requestId))
    .where(and(eq(returnRequests.orderId, orderId), eq(returnRequests.resolution, 'refund'), inArray(returnRequests.state, CREDITED), sql`${returnRequests.id} <> ${requestId}`))
    .groupBy(returnLines.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, r.quantity]));
}

/** What the returns of an order have given back so far, in paise, all ways or one (a refund never passes what was paid that way). */
export async function refundedSoFar(tx: Tx, orderId: string, way?: RefundWay): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${returnRefunds.amount}), 0)::int` })
    .from(returnRefunds)
    .where(and(eq(returnRefunds.orderId, orderId), way ? eq(returnRefunds.way, way) : undefined));
  return row?.sum ?? 0;
}

export async function orderForMoney(tx: Tx, orderId: string) {
  const [row] = await tx.select({ userId: orders.userId, total: orders.total, creditUsed: orders.creditUsed, paymentMethod: orders.paymentMethod, paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId));
  return row!;
}

export async function insertRefund(tx: Tx, row: typeof returnRefunds.$inferInsert): Promise<void> {
  await tx.insert(returnRefunds).values(row);
}

export async function setRefundPaise(tx: Tx, id: string, paise: number): Promise<void> {
  await tx.update(returnRequests).set({ refundPaise: paise }).where(eq(returnRequests.id, id));
}

/** How the piece comes back; null again when the courier cancels its pickup. */
export async function setPickup(tx: Tx, id: string, way: PickupWay | null): Promise<void> {
  await tx.update(returnRequests).set({ pickup: way }).where(eq(returnRequests.id, id));
}

/** The shop's courier has the piece (its pickup's first scan on the way); the first scan's time is kept. */
export async function markCollected(tx: Tx, id: string): Promise<void> {
  await tx.update(returnRequests).set({ collectedAt: sql`now()` }).where(and(eq(returnRequests.id, id), isNull(returnRequests.collectedAt)));
}

/** The pickup fee as taken at the check (0: none). */
export async function setPickupFee(tx: Tx, id: string, paise: number): Promise<void> {
  await tx.update(returnRequests).set({ pickupFeePaise: paise }).where(eq(returnRequests.id, id));
}

/** The pickup fee kept from a request's refund (0: none), as its check recorded it: what the money mails say. */
export async function pickupFeeKept(tx: Reader, id: string): Promise<number> {
  const [row] = await tx.select({ fee: returnRequests.pickupFeePaise }).from(returnRequests).where(and(eq(returnRequests.id, id), isNotNull(returnRequests.refundPaise)));
  return row?.fee ?? 0;
}

/** The shopper's return requests made since then, refused ones aside (the pickup fee's count). */
export async function returnsSince(tx: Reader, userId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(and(eq(orders.userId, userId), gte(returnRequests.createdAt, since), ne(returnRequests.state, 'refused')));
  return row?.n ?? 0;
}

/** An exchange the owner refunds instead (its new size could not be sent). */
export async function setResolution(tx: Tx, id: string, resolution: 'refund'): Promise<void> {
  await tx.update(returnRequests).set({ resolution }).where(eq(returnRequests.id, id));
}

/** The order a request belongs to, read without a lock (it never changes). */
export async function orderIdOf(db: Reader, id: string): Promise<string | undefined> {
  const [row] = await db.select({ orderId: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, id));
  return row?.orderId;
}

/** Money that goes out through a provider: a refund to the source, or a payout. */
type PaidOut = 'source' | 'payout';

/** A refund still owed one way, in this status (read without a lock: the provider is asked outside any transaction). */
export async function dueRefund(db: Reader, requestId: string, way: PaidOut = 'source', status: 'choosing' | 'due' | 'pending' | 'processed' = 'due') {
  const [row] = await db.select().from(returnRefunds).where(and(eq(returnRefunds.requestId, requestId), eq(returnRefunds.way, way), eq(returnRefunds.status, status)));
  return row;
}

/** The payout offered to the shopper, locked while they choose (none: not offered, or chosen already). */
export async function lockOffer(tx: Tx, requestId: string) {
  const [row] = await tx
    .select()
    .from(returnRefunds)
    .where(and(eq(returnRefunds.requestId, requestId), eq(returnRefunds.way, 'payout'), eq(returnRefunds.status, 'choosing')))
    .for('update');
  return row;
}

/** A payout owed, held for one call (a minute): none when it is not owed or another server is asking now. */
export async function claimPayout(db: Db, requestId: string) {
  const [row] = await db
    .update(returnRefunds)
    .set({ payoutUntil: sql`now() + interval '1 minute'` })
    .where(and(eq(returnRefunds.requestId, requestId), eq(returnRefunds.way, 'payout'), eq(returnRefunds.status, 'due'), or(isNull(returnRefunds.payoutUntil), lt(returnRefunds.payoutUntil, sql`now()`))))
    .returning();
  return row;
}

/** A payout the service refused or could not make: offered again, the account forgotten, for the shopper to choose anew. */
export async function offerAgain(tx: Tx, requestId: string, error: string): Promise<void> {
  await tx
    .update(returnRefunds)
    .set({ status: 'choosing', fundAccountId: null, payoutMode: null, payoutTo: null, payoutKey: null, payoutUntil: null, providerRefundId: null, error: error.slice(0, 500), updatedAt: sql`now()` })
    .where(and(eq(returnRefunds.requestId, requestId), eq(returnRefunds.way, 'payout')));
}

/** Offers the shopper has not answered since `before`: they become store credit. */
export async function staleOffers(db: Db, before: Date, limit: number) {
  const rows = await db
    .select({ requestId: returnRefunds.requestId })
    .from(returnRefunds)
    .where(and(eq(returnRefunds.way, 'payout'), eq(returnRefunds.status, 'choosing'), lt(returnRefunds.updatedAt, before)))
    .limit(limit);
  return rows.map((r) => r.requestId);
}

export async function dropOffer(tx: Tx, requestId: string): Promise<void> {
  await tx.delete(returnRefunds).where(and(eq(returnRefunds.requestId, requestId), eq(returnRefunds.way, 'payout'), eq(returnRefunds.status, 'choosing')));
}

/** Who a payout is for: the order's delivery name and phone, and the buyer's e-mail. */
export async function payoutContactOf(tx: Reader, orderId: string) {
  const [row] = await tx
    .select({ name: sql<string>`${orders.addressJson}->>'name'`, phone: sql<string>`${orders.addressJson}->>'phone'`, email: users.email, userId: orders.userId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

/** A refund to the source still owed, locked for its attempt (none: done, or another server has it). */
export async function lockDueRefund(tx: Tx, requestId: string, way: PaidOut = 'source', status: 'due' | 'pending' = 'due') {
  const [row] = await tx
    .select()
    .from(returnRefunds)
    .where(and(eq(returnRefunds.requestId, requestId), eq(returnRefunds.way, way), eq(returnRefunds.status, status)))
    .for('update', { skipLocked: true });
  return row;
}

export async function refundTried(tx: Tx, requestId: string, set: Partial<typeof returnRefunds.$inferInsert>, way: PaidOut = 'source'): Promise<void> {
  await tx
    .update(returnRefunds)
    .set({ ...set, attempts: sql`${returnRefunds.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(returnRefunds.requestId, requestId), eq(returnRefunds.way, way)));
}

/** A refund to the source the provider would not make, marked made by hand; its amount, or null when there is none failed. */
export async function settleFailedRefund(tx: Tx, requestId: string) {
  const [row] = await tx
    .update(returnRefunds)
    .set({ status: 'processed', error: 'Refunded by the owner outside the shop', updatedAt: sql`now()` })
    .where(and(eq(returnRefunds.requestId, requestId), inArray(returnRefunds.way, ['source', 'payout']), eq(returnRefunds.status, 'failed')))
    .returning({ amount: returnRefunds.amount, way: returnRefunds.way, payoutTo: returnRefunds.payoutTo });
  return row ?? null;
}

/** Refunds still owed one way (to the source, or payouts due or on their way), oldest first. */
export async function refundsDue(db: Db, limit: number, way: PaidOut = 'source', statuses: ('due' | 'pending')[] = ['due']) {
  const rows = await db
    .select({ requestId: returnRefunds.requestId })
    .from(returnRefunds)
    .where(and(eq(returnRefunds.way, way), inArray(returnRefunds.status, statuses)))
    .orderBy(asc(returnRefunds.createdAt))
    .limit(limit);
  return rows.map((r) => r.requestId);
}

/** The refunds of some requests (the owner's list and the shopper's). */
export function refundsOf(on: Reader, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return on.select({ requestId: returnRefunds.requestId, way: returnRefunds.way, amount: returnRefunds.amount, status: returnRefunds.status, payoutTo: returnRefunds.payoutTo }).from(returnRefunds).where(inArray(returnRefunds.requestId, requestIds));
}

/** Pieces asked back (refused requests aside) by reason, and by piece and size with the fit reasons counted. */
export async function returnCounts(db: Db) {
  const counted = and(notInArray(returnRequests.state, ['refused']));
  const byReason = await db
    .select({ reason: returnRequests.reason, pieces: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.requestId))
    .where(counted)
    .groupBy(returnRequests.reason)
    .orderBy(sql`2 desc`);
  const byPiece = await db
    .select({
      productId: orderItems.productId,
      name: sql<string>`max(${orderItems.name})`,
      size: orderItems.size,
      pieces: sql<number>`sum(${returnLines.quantity})::int`,
      tooSmall: sql<number>`coalesce(sum(${returnLines.quantity}) filter (where ${returnRequests.reason} = 'too_small'), 0)::int`,
      tooLarge: sql<number>`coalesce(sum(${returnLines.quantity}) filter (where ${returnRequests.reason} = 'too_large'), 0)::int`,
    })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.requestId))
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(counted)
    .groupBy(orderItems.productId, orderItems.size)
    .orderBy(sql`4 desc`)
    .limit(100);
  return { byReason, byPiece };
}
