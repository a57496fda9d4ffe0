/**
 * Stock (issue 16, docs/decisions/0018): the one module that changes how many pieces of a size the
 * shop has. Each change is a guarded update (never below 0; the table's check backs it) and a ledger
 * row in the same transaction, so the count always equals the ledger's sum; the shop's label follows.
 *
 * An order takes its pieces when it is made for payment (`reserve`, all or nothing), gives them back
 * when its window closes or the owner cancels it unpaid (`release`), keeps them when paid (`sold`),
 * and a paid order the owner cancels puts them back (`putBack`). A size whose count leaves 0 mails
 * the shoppers waiting for it (back in stock), in the same transaction.
 */
import { pieceKey, sizeChoice, withSize, type SizeChoice } from '../../../shared/sizes.ts';
import { DEFAULT_PRICING } from '../../../shared/pricing.ts';
import { LOW_STOCK_THRESHOLD, ONE_SIZE, tooFewLeft, type StockReason } from '../../../shared/stock.ts';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { BackInStockMailer } from './back-in-stock.service.ts';
import * as q from './stock.queries.ts';

export type { SizeKey } from './stock.queries.ts';
export const SIZE_NOT_FOUND = 'This product has no such size.';

export interface Piece extends q.SizeKey {
  quantity: number;
  name: string;
}

export interface SetHow {
  reason: Extract<StockReason, 'corrected' | 'restocked' | 'imported'>;
  actorId?: string | null;
  note?: string | null;
}

const keyOf = pieceKey;

/** The ledger's notes on an exchange's hold and its release, and on a returned piece. */
const RETURN_NOTE = 'return';
const EXCHANGE_NOTE = 'exchange';

/** One entry per product and size, quantities added. */
function combined(pieces: Piece[]): Piece[] {
  const byKey = new Map<string, Piece>();
  for (const p of pieces) {
    const seen = byKey.get(keyOf(p));
    if (seen) seen.quantity += p.quantity;
    else byKey.set(keyOf(p), { ...p });
  }
  return [...byKey.values()];
}

const uniqueIds = (keys: q.SizeKey[]) => [...new Set(keys.map((k) => k.productId))];

/** What the stock's steps read beside the tables: the owner's low-stock mark, and who to tell of sizes back in stock. */
export interface StockRules {
  lowStockThreshold: (on: q.Tx | Db) => Promise<number>;
  backInStock: BackInStockMailer;
}

/**
 * Gives the order's pieces back to the stock, each with a ledger row; the order's state moves once.
 * Answers the sizes that came back from 0 (the shoppers waiting for them are the caller's to tell),
 * or null when the order's pieces were not where `from` says (given back already).
 */
async function returnPieces(rules: StockRules, tx: q.Tx, orderId: string, from: q.StockState[], to: q.StockState, reason: StockReason): Promise<number[] | null> {
  if (!(await q.moveStockState(tx, orderId, from, to))) return null;
  const pieces = combined(await q.piecesOf(tx, orderId));
  const sizes = new Map((await q.lockSizes(tx, pieces)).map((s) => [keyOf(s), s]));
  const movements: q.NewMovement[] = [];
  const cameBack: number[] = [];
  for (const p of pieces) {
    const size = sizes.get(keyOf(p));
    if (!size) continue; // the owner removed that size since: nothing to put back into
    await q.changeStock(tx, size.id, p.quantity);
    movements.push({ productSizeId: size.id, change: p.quantity, reason, orderId });
    if (size.stock === 0) cameBack.push(size.id);
  }
  await q.record(tx, movements);
  await q.syncAvailability(tx, uniqueIds(pieces), await rules.lowStockThreshold(tx));
  return cameBack;
}

/** Gives the order's pieces back (above) and mails the shoppers waiting for a size back from 0. */
export async function giveBack(rules: StockRules, tx: q.Tx, orderId: string, from: q.StockState[], to: q.StockState, reason: StockReason): Promise<boolean> {
  const cameBack = await returnPieces(rules, tx, orderId, from, to, reason);
  if (cameBack === null) return false;
  await rules.backInStock(tx, cameBack);
  return true;
}

/**
 * The owner (or an import) says how many pieces of a size there are: the difference is one
 * ledger row with the reason and who said it.
 */
export async function setCount(rules: StockRules, tx: q.Tx, key: q.SizeKey, count: number, how: SetHow): Promise<void> {
  const [size] = await q.lockSizes(tx, [key]);
  if (!size) throw new NotFoundError(SIZE_NOT_FOUND);
  const change = count - size.stock;
  if (change === 0) return;
  await q.changeStock(tx, size.id, change);
  await q.record(tx, [{ productSizeId: size.id, change, reason: how.reason, actorId: how.actorId ?? null, note: how.note ?? null }]);
  if (size.stock === 0) await rules.backInStock(tx, [size.id]);
  await q.syncAvailability(tx, [key.productId], await rules.lowStockThreshold(tx));
}

/** An exchange's new size and how many of it (issue 49). */
export interface ExchangePiece {
  key: q.SizeKey;
  quantity: number;
}

/**
 * An exchange's new sizes (issue 49), held from the request: their pieces leave the stock with a
 * ledger row each naming the order ("reserved", note "exchange"), so no other shopper is sold them.
 * All or none: answers the first piece with too few left (the caller offers a refund instead), or
 * null when every one is held. The sizes are locked at once, in id order, as every order's are.
 */
export async function holdForExchange(rules: StockRules, tx: q.Tx, orderId: string, pieces: ExchangePiece[]): Promise<ExchangePiece | null> {
  const sizes = new Map((await q.lockSizes(tx, pieces.map((p) => p.key))).map((s) => [keyOf(s), s]));
  const movements: q.NewMovement[] = [];
  for (const p of pieces) {
    const size = sizes.get(keyOf(p.key));
    if (!size || size.retiredAt !== null || size.stock < p.quantity) return p;
    if ((await q.changeStock(tx, size.id, -p.quantity)) === undefined) return p;
    size.stock -= p.quantity;
    movements.push({ productSizeId: size.id, change: -p.quantity, reason: 'reserved', orderId, note: EXCHANGE_NOTE });
  }
  await q.record(tx, movements);
  await q.syncAvailability(tx, uniqueIds(pieces.map((p) => p.key)), await rules.lowStockThreshold(tx));
  return null;
}

/**
 * Pieces of an order back on sale, each with a ledger row naming the order: an exchange's holds given
 * back (refused, lapsed: "released"), or returned pieces that passed the check ("returned"). Once per
 * call: the caller's row guards that it is made once.
 */
async function putPiecesBack(rules: StockRules, tx: q.Tx, orderId: string, pieces: ExchangePiece[], reason: 'released' | 'returned', note: string): Promise<void> {
  if (pieces.length === 0) return;
  const sizes = new Map((await q.lockSizes(tx, pieces.map((p) => p.key))).map((s) => [keyOf(s), s]));
  const movements: q.NewMovement[] = [];
  const cameBack: number[] = [];
  for (const p of pieces) {
    const size = sizes.get(keyOf(p.key));
    if (!size) continue; // the owner removed that size since: nothing to put back into
    await q.changeStock(tx, size.id, p.quantity);
    movements.push({ productSizeId: size.id, change: p.quantity, reason, orderId, note });
    if (size.stock === 0) cameBack.push(size.id);
    size.stock += p.quantity;
  }
  await q.record(tx, movements);
  await rules.backInStock(tx, cameBack);
  await q.syncAvailability(tx, uniqueIds(pieces.map((p) => p.key)), await rules.lowStockThreshold(tx));
}

/**
 * The owner's sizes for a product, in order, each with its count: sizes new to it are offered,
 * counts set with a ledger row each, and sizes no longer listed are counted down to 0 and retired
 * (their ledger stays). Inside the transaction that writes the product.
 */
export async function setSizes(rules: StockRules, tx: q.Tx, productId: number, wanted: { size: string; stock: number }[], how: SetHow): Promise<void> {
  const had = await q.lockAllSizes(tx, productId);
  const keep = new Set(wanted.map((w) => w.size));
  for (const old of had) {
    if (keep.has(old.size) || old.retiredAt !== null) continue;
    if (old.stock > 0) await setCount(rules, tx, { productId, size: old.size }, 0, how);
    await q.retireSize(tx, old.id);
  }
  for (const [position, w] of wanted.entries()) {
    await q.offerSize(tx, productId, w.size, position);
    await setCount(rules, tx, { productId, size: w.size }, w.stock, how);
  }
  await q.syncAvailability(tx, [productId], await rules.lowStockThreshold(tx));
}

/**
 * Takes the order's pieces off the stock, all or none: a size with too few left refuses the
 * whole order with the piece's name and how many are left (409 sold_out), before any payment
 * window opens. Runs inside the transaction that writes the order, as the server.
 */
export async function reserve(rules: StockRules, tx: q.Tx, orderId: string, known: { pieces?: Piece[]; lowStockThreshold?: number } = {}): Promise<void> {
  // The caller that has just written the lines and read the settings hands them in: the
  // order's transaction is the checkout's busiest, and on the embedded database every other
  // shopper's waits for it (issue 16's benchmark).
  const pieces = combined(known.pieces ?? (await q.piecesOf(tx, orderId)));
  const sizes = new Map((await q.lockSizes(tx, pieces)).map((s) => [keyOf(s), s]));
  const movements: q.NewMovement[] = [];
  for (const p of pieces) {
    const size = sizes.get(keyOf(p));
    const left = size && size.retiredAt === null ? size.stock : 0;
    const refused = () => new AppError(409, 'sold_out', tooFewLeft(withSize(p.name, p.size), left));
    if (!size || left < p.quantity) throw refused();
    if ((await q.changeStock(tx, size.id, -p.quantity)) === undefined) throw refused();
    movements.push({ productSizeId: size.id, change: -p.quantity, reason: 'reserved', orderId });
  }
  await q.record(tx, movements);
  await q.moveStockState(tx, orderId, ['none'], 'held');
  await q.syncAvailability(tx, uniqueIds(pieces), known.lowStockThreshold ?? (await rules.lowStockThreshold(tx)));
}

/**
 * A payment that came after the order's pieces went back (issue 16): takes them again if every
 * one is still there (state released → held), else writes nothing and answers false.
 */
export async function retake(rules: StockRules, tx: q.Tx, orderId: string): Promise<boolean> {
  const pieces = combined(await q.piecesOf(tx, orderId));
  const sizes = new Map((await q.lockSizes(tx, pieces)).map((s) => [keyOf(s), s]));
  const short = pieces.some((p) => {
    const size = sizes.get(keyOf(p));
    return !size || size.retiredAt !== null || size.stock < p.quantity;
  });
  if (short || !(await q.moveStockState(tx, orderId, ['released'], 'held'))) return false;
  for (const p of pieces) await q.changeStock(tx, sizes.get(keyOf(p))!.id, -p.quantity);
  await q.record(tx, pieces.map((p) => ({ productSizeId: sizes.get(keyOf(p))!.id, change: -p.quantity, reason: 'reserved' as const, orderId, note: 'paid after its window' })));
  await q.syncAvailability(tx, uniqueIds(pieces), await rules.lowStockThreshold(tx));
  return true;
}

/** What a shopper is told of sizes beside their counts: the owner's low-stock mark and payment window, as the shop shows them. */
export interface ShownStock {
  lowStockThreshold: number;
  reservationMinutes: number;
}

/** What the shopper may be told of each size named, in the order given: a sold-out size an unpaid order holds says until when. */
async function describe(db: Db, shown: () => Promise<ShownStock>, sizes: (q.SizeKey & { stock: number })[]): Promise<SizeChoice[]> {
  const [rules, held] = await Promise.all([shown(), q.heldSince(db, sizes.filter((s) => s.stock === 0))]);
  const now = Date.now();
  const windowMs = rules.reservationMinutes * 60_000;
  return sizes.map((s) => {
    const since = held.get(keyOf(s));
    return sizeChoice(s.size, s.stock, rules.lowStockThreshold, since ? new Date(since.getTime() + windowMs) : null, now);
  });
}

/** What the shopper may be told of each product's sizes, in their list's order. */
export async function choicesByProduct(db: Db, shown: () => Promise<ShownStock>, productIds: number[]): Promise<Map<number, SizeChoice[]>> {
  const sizes = await q.sizesOf(db, productIds);
  const choices = await describe(db, shown, sizes);
  const out = new Map<number, SizeChoice[]>();
  sizes.forEach((s, i) => out.set(s.productId, [...(out.get(s.productId) ?? []), choices[i]!]));
  return out;
}

/**
 * `lowStockThreshold` is the owner's setting, read when needed (the shop's settings, issue 16), in
 * the caller's transaction (a read beside it would wait for it on the embedded database); seeds and
 * tests that have no settings to read take the default. `shownLowStock` is the same setting as the
 * shop shows it (pricing's `shown`, kept in memory): what a shopper is told of sizes, never what
 * is written. `shown` is what the shop shows of its settings (pricing's `shown`, kept in memory):
 * the low-stock mark and the payment window a shopper is told of, never what is written.
 */
export function createStockService(
  db: Db,
  lowStockThreshold: (on: q.Tx | Db) => Promise<number> = async () => LOW_STOCK_THRESHOLD,
  backInStock: BackInStockMailer = async () => {},
  shown: () => Promise<ShownStock> = async () => ({ lowStockThreshold: await lowStockThreshold(db), reservationMinutes: DEFAULT_PRICING.reservationMinutes }),
) {
  const rules: StockRules = { lowStockThreshold, backInStock };
  const set = (tx: q.Tx, key: q.SizeKey, count: number, how: SetHow) => setCount(rules, tx, key, count, how);
  return {
    /** Counts per size on offer, for the products named (the quote, the cart, the owner's editor). */
    levels: (productIds: number[]) => q.sizesOf(db, productIds),
    /** The same, inside the caller's transaction (what an import is about to change). */
    levelsIn: (tx: q.Tx, productIds: number[]) => q.sizesOf(tx, productIds),

    /** What the shopper may be told of one product's sizes on offer, read with it (its page's one read; a second only for a size at 0). */
    choicesOf: (productId: number, offered: { size: string; stock: number }[]) => describe(db, shown, offered.map((s) => ({ productId, ...s }))),

    /** What the shopper may be told of each product's sizes, in their list's order. */
    choices: (productIds: number[]) => choicesByProduct(db, shown, productIds),

    setSizes: (tx: q.Tx, productId: number, wanted: { size: string; stock: number }[], how: SetHow) => setSizes(rules, tx, productId, wanted, how),

    /** Every product's label again, as the owner's low-stock mark has moved (written only where it changes). */
    relabelAll: async () => q.syncAllAvailability(db, await lowStockThreshold(db)),

    /** The order's pieces off the stock, all or none (`reserve` above). */
    reserve: (tx: q.Tx, orderId: string, known?: { pieces?: Piece[]; lowStockThreshold?: number }) => reserve(rules, tx, orderId, known),

    /** A payment after the order's pieces went back takes them again if all are there (`retake` above). */
    retake: (tx: q.Tx, orderId: string) => retake(rules, tx, orderId),

    /** The window closed or the owner cancelled it unpaid: its pieces go back, once. */
    release: (tx: q.Tx, orderId: string) => giveBack(rules, tx, orderId, ['held'], 'released', 'released'),

    /**
     * A shopper's own unpaid order gives its pieces to their new one (issue 53): given back
     * without a word, as the new order is about to take them; `tellIfBack` after it has, mails
     * those waiting for a size that still has pieces. Answers the sizes back from 0.
     */
    handOver: async (tx: q.Tx, orderId: string) => (await returnPieces(rules, tx, orderId, ['held'], 'released', 'released')) ?? [],
    tellIfBack: async (tx: q.Tx, sizeIds: number[]) => rules.backInStock(tx, await q.withPiecesLeft(tx, sizeIds)),

    /** Paid: the held pieces are sold (they left the stock when reserved; the ledger has them). */
    sold: (tx: q.Tx, orderId: string) => q.moveStockState(tx, orderId, ['held'], 'sold'),

    /** A paid order cancelled by the owner: its pieces are back on the shelf, once. */
    putBack: (tx: q.Tx, orderId: string) => giveBack(rules, tx, orderId, ['sold'], 'returned', 'cancelled'),

    set,

    /** An exchange's new sizes held, all or none: the first with too few left, or null (`holdForExchange` above). */
    holdForExchange: (tx: q.Tx, orderId: string, pieces: ExchangePiece[]) => holdForExchange(rules, tx, orderId, pieces),
    /** An exchange's holds given back (refused, lapsed): on sale again. */
    releaseExchange: (tx: q.Tx, orderId: string, pieces: ExchangePiece[]) => putPiecesBack(rules, tx, orderId, pieces, 'released', EXCHANGE_NOTE),
    /** Returned pieces that passed the shop's check, back on sale ("returned"). */
    returnToStock: (tx: q.Tx, orderId: string, pieces: ExchangePiece[]) => putPiecesBack(rules, tx, orderId, pieces, 'returned', RETURN_NOTE),

    /** A one-size piece's count. */
    setOneSize: (tx: q.Tx, productId: number, count: number, how: SetHow) => set(tx, { productId, size: ONE_SIZE }, count, how),

    /** The owner's low-stock mark now (the products list's filter). */
    lowMark: () => lowStockThreshold(db),

    /** Every size with pieces brought up to `count` in one statement, with its ledger rows (the benchmark's shop). */
    restockAll: (count: number, note: string) => q.restockAll(db, count, note),

    /** Sizes whose count differs from the ledger's sum: always none (the tests hold it after every scenario). */
    ledgerMismatches: () => q.ledgerMismatches(db),
  };
}

export type StockService = ReturnType<typeof createStockService>;

/** The demo seeds' opening stock: each product's label read as the count that shows it (docs/decisions/0018). */
export { openingStockFromLabels } from './stock.queries.ts';
