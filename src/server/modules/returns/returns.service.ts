/**
 * Returns and size exchanges (issue 49, docs/decisions/0049): the owner's rules, what a shopper
 * may ask back of a delivered order, and the request itself. A request is made in one transaction
 * with the order locked: the order read as the shopper (another's is not found), every rule
 * checked (delivered, within the window, final sale, how many, one request at a time per line,
 * the new size in stock), the new size held at once for an exchange, the photographs tied to it.
 * Anything refused writes nothing.
 */
import { ONE_SIZE } from '../../../shared/stock.ts';
import { returnSettingsContract, type ReturnRequestBody } from '../../../shared/returns.contract.ts';
import { DEFAULT_RETURN_SETTINGS, EXCHANGE_HOLD_DAYS, FEE_WINDOW_DAYS, pickupFeeOf, lastReturnDay, OPEN_RETURN_STATES, RETURN_WORDS, SHOP_AT_FAULT, type OwnerReturn, type ReturnOptions, type ReturnSettings, type ReturnState, type ReturnsSummary, type ShopperReturn, type ReturnParcel, fitFlag } from '../../../shared/returns.ts';
import { indiaDay } from '../../../shared/india-time.ts';
import { PAYOUT_WORDS } from '../../../shared/payouts.ts';
import type { Db } from '../../db/client.ts';
import { asServerFrom, asShopper } from '../../db/shopper.ts';
import { AppError, NotFoundError } from '../../http/errors.ts';
import type { ShopperLimits } from '../limits/shopper-limits.ts';
import type { ReturnParcelsOf } from '../shipping/shipping.service.ts';
import type { StockService } from '../stock/stock.service.ts';
import { createReturnSteps, giveBackHolds, REQUEST_NOT_FOUND, type StepDeps } from './return-steps.ts';
import { readReturnPhoto, removeReturnPhoto, storeReturnPhoto } from './return-photos.ts';
import * as q from './returns.queries.ts';
import type { Storage } from '../../storage/storage.ts';

export const ORDER_NOT_FOUND = 'Order not found.';
export { REQUEST_NOT_FOUND };
const EXCHANGE_HOLD_ENDED = 'The new size was held for 10 days; it is back on sale.';
/** A request in these states keeps its exchange hold until its time (then the piece is still away). */
const HOLDING_STATES: readonly ReturnState[] = ['requested', 'approved', 'pickup_booked', 'picked_up'];
/** A photograph not sent with a request is kept this long (the shopper may still be filling in the form). */
const LOOSE_PHOTO_HOURS = 24;
/** The owner's list shows this many at most. */
const OWNER_PAGE = 200;
const refused = (code: string, message: string) => new AppError(409, code, message);
/** A photograph whose row is there but whose file the storage no longer has. */
const notFound = (): never => {
  throw new NotFoundError(RETURN_WORDS.photoUnknown);
};
const feeWindowStart = (at: Date) => new Date(at.getTime() - FEE_WINDOW_DAYS * 86_400_000);

/** Stored rules that no longer pass the contract give way to the defaults, said in the log. */
export function settingsFrom(value: unknown, log: (line: string) => void = console.error): ReturnSettings {
  if (value === undefined) return DEFAULT_RETURN_SETTINGS;
  const parsed = returnSettingsContract.safeParse({ ...DEFAULT_RETURN_SETTINGS, ...(value as object) });
  if (parsed.success) return parsed.data;
  log(`Return settings are not valid (${parsed.error.issues[0]?.message}); using the defaults`);
  return DEFAULT_RETURN_SETTINGS;
}

export interface ReturnsDeps extends Omit<StepDeps, 'stock' | 'settings' | 'now'> {
  /** A return's parcels as shown (the shipping module's). */
  parcelsOf: ReturnParcelsOf;
  stock: Pick<StockService, 'holdForExchange' | 'releaseExchange' | 'returnToStock'>;
  limits: Pick<ShopperLimits, 'returnPhotoAdded'>;
  /** Where the shoppers' photographs are kept (never under the public images). */
  /** Where the shopper's photographs are kept (the storage port: private, never under /images/). */
  storage: Storage;
  now?: () => Date;
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof q.orderOf>>>;
type LineRow = Awaited<ReturnType<typeof q.linesOf>>[number];

/** The order's window: refused unless delivered and within it; answers its last day. */
function windowOf(order: OrderRow, settings: ReturnSettings, today: string): string {
  if (!order.deliveredAt || !['delivered', 'completed'].includes(order.status)) throw refused('not_delivered', RETURN_WORDS.notDelivered);
  const lastDay = lastReturnDay(order.deliveredAt, settings.windowDays);
  if (today > lastDay) throw refused('window_passed', RETURN_WORDS.windowPassed(lastDay));
  return lastDay;
}

/** Each asked line checked against the order; answers the lines to write. */
function checkedLines(body: ReturnRequestBody, lines: LineRow[], asked: Awaited<ReturnType<typeof q.askedBack>>) {
  return body.lines.map((wanted) => {
    const line = lines.find((l) => l.id === wanted.lineId);
    if (!line) throw new AppError(400, 'no_such_line', RETURN_WORDS.noSuchLine);
    if (line.finalSale && !SHOP_AT_FAULT.has(body.reason)) throw refused('final_sale', RETURN_WORDS.finalSale(line.name));
    const so = asked.get(line.id);
    if (so?.open) throw refused('request_open', RETURN_WORDS.openRequest(line.name));
    const most = line.quantity - (so?.quantity ?? 0);
    if (wanted.quantity > most) throw refused('too_many', RETURN_WORDS.tooMany(line.name, most));
    return { line, quantity: wanted.quantity, exchangeSize: wanted.exchangeSize ?? null };
  });
}

function shopperView(r: Awaited<ReturnType<typeof q.requestsOf>>[number], returnAddress: string, parcels: Map<string, ReturnParcel[]>): ShopperReturn {
  return {
    id: r.id,
    state: r.state,
    reason: r.reason,
    resolution: r.resolution,
    note: r.note,
    ownerNote: r.ownerNote,
    createdAt: r.createdAt.toISOString(),
    lines: r.lines.map(({ requestId: _r, ...l }) => l),
    // Only while the piece is still to come: once it has reached the shop, the address is no longer the shopper's concern.
    sendTo: r.pickup === 'self' && (r.state === 'pickup_booked' || r.state === 'picked_up') ? returnAddress : null,
    refunds: r.refunds.map((m) => ({
      amount: m.amount,
      way: m.way,
      // A refund the provider has taken is made (the bank shows it in days); a payout only once paid.
      made: m.status === 'processed' || (m.way === 'source' && m.status === 'pending'),
      failed: m.status === 'failed',
      choosing: m.status === 'choosing',
      payoutTo: m.payoutTo,
    })),
    creditNote: r.creditNote,
    pickupFee: r.pickup === 'self' ? 0 : r.pickupFeePaise,
    feeInvoice: r.feeInvoice,
    parcels: parcels.get(r.id) ?? [],
  };
}

/** A request as the owner's screen lists it. */
function ownerView(r: Awaited<ReturnType<typeof q.ownerRequests>>[number], parcels: Map<string, ReturnParcel[]>): OwnerReturn {
  const { sendTo: _, ...view } = shopperView(r, '', parcels);
  return { ...view, orderId: r.orderId, orderNumber: r.orderNumber, shopper: r.shopper, photos: r.photos, pickup: r.pickup };
}

/** What the shopper may ask back of an order, and what they have asked (their own order only: 404). */
interface OptionsDeps {
  settings: (on: Pick<Db, 'select'>) => Promise<ReturnSettings>;
  now: () => Date;
  parcelsOf: ReturnParcelsOf;
}

function optionsOf(db: Db, { settings, now, parcelsOf }: OptionsDeps, userId: string, orderId: string): Promise<ReturnOptions> {
  return asShopper(db, userId, async (tx) => {
    const order = await q.orderOf(tx, orderId);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    // Found as the shopper, so it is theirs; its pieces' catalog facts are the server's to read.
    const [found, server] = [await q.requestsOf(tx, [orderId]), await asServerFrom(tx)];
    const rules = await settings(server);
    const parcels = await parcelsOf(tx, found.map((r) => r.id));
    const requests = found.map((r) => shopperView(r, rules.returnAddress, parcels));
    let closedBecause: string | null = null;
    try {
      windowOf(order, rules, indiaDay(now()));
    } catch (err) {
      closedBecause = err instanceof Error ? err.message : String(err);
    }
    const [lines, asked] = [await q.linesOf(server, orderId), await q.askedBack(server, orderId, OPEN_RETURN_STATES)];
    const sizes = await q.sizesOf(server, lines.flatMap((l) => (l.productId ? [l.productId] : [])));
    const earlier = await q.returnsSince(server, userId, feeWindowStart(now()));
    return {
      pickupFee: pickupFeeOf(rules, { reason: 'changed_mind', resolution: 'refund' }, earlier),
      lastDay: order.deliveredAt ? lastReturnDay(order.deliveredAt, rules.windowDays) : null,
      closedBecause,
      lines: lines.map((l) => ({
        lineId: l.id,
        name: l.name,
        size: l.size,
        most: l.quantity - (asked.get(l.id)?.quantity ?? 0),
        finalSale: l.finalSale,
        underWay: asked.get(l.id)?.open ?? false,
        sizes: l.size === ONE_SIZE ? [] : sizes.filter((s) => s.productId === l.productId && s.size !== l.size && s.stock > 0).map((s) => s.size),
      })),
      requests,
    };
  });

}

export function createReturnsService(db: Db, deps: ReturnsDeps) {
  const now = deps.now ?? (() => new Date());
  const settings = async (on: Pick<Db, 'select'> = db) => settingsFrom(await q.settingsRow.read(on));

  /** An exchange's new sizes held, all or the request is refused (the transaction undoes any change). */
  async function holdSizes(tx: q.Tx, orderId: string, wanted: ReturnType<typeof checkedLines>) {
    const pieces = wanted.flatMap((w) => {
      if (!w.exchangeSize) return [];
      const { line } = w;
      if (!line.productId || !line.size || line.size === ONE_SIZE) throw refused('no_sizes', RETURN_WORDS.noSizes(line.name));
      if (w.exchangeSize === line.size) throw refused('same_size', RETURN_WORDS.sameSize(line.size));
      return [{ key: { productId: line.productId, size: w.exchangeSize }, quantity: w.quantity, name: line.name }];
    });
    const short = await deps.stock.holdForExchange(tx, orderId, pieces);
    if (short) throw refused('size_gone', RETURN_WORDS.sizeGone((short as (typeof pieces)[number]).name, short.key.size));
  }

  const steps = createReturnSteps(db, { ...deps, settings, now });

  return {
    settings: () => settings(),
    async saveSettings(input: ReturnSettings): Promise<ReturnSettings> {
      if (input.codRefund === 'credit_or_payout' && !deps.payouts) throw new AppError(422, 'invalid', PAYOUT_WORDS.notSetUp, { codRefund: PAYOUT_WORDS.notSetUp });
      await q.settingsRow.save(db, input);
      return settings();
    },

    /** A photograph for a request to come: stored, and known as this shopper's. */
    async addPhoto(userId: string, bytes: Uint8Array): Promise<{ id: string }> {
      await deps.limits.returnPhotoAdded(userId);
      const stored = await storeReturnPhoto(bytes, deps.storage);
      await q.keepPhoto(db, userId, stored.id, stored.bytes);
      return { id: stored.id };
    },
    /** A photograph tied to a request (the owner's view). */
    async anyPhoto(id: string): Promise<Buffer> {
      if (!(await q.photoInRequest(db, id))) throw new NotFoundError(RETURN_WORDS.photoUnknown);
      return (await readReturnPhoto(deps.storage, id)) ?? notFound();
    },

    /** One of the shopper's own photographs (another's is not found). */
    async shopperPhoto(userId: string, id: string): Promise<Buffer> {
      if (!(await q.photoOf(db, userId, id))) throw new NotFoundError(RETURN_WORDS.photoUnknown);
      return (await readReturnPhoto(deps.storage, id)) ?? notFound();
    },

    /** The shopper's request (above); answers its id. */
    request(userId: string, orderId: string, body: ReturnRequestBody): Promise<{ id: string }> {
      return asShopper(db, userId, async (tx) => {
        const order = await q.orderOf(tx, orderId);
        if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
        const server = await asServerFrom(tx);
        await q.lockOrder(server, orderId);
        const rules = await settings(server);
        windowOf(order, rules, indiaDay(now()));
        const wanted = checkedLines(body, await q.linesOf(server, orderId), await q.askedBack(server, orderId, OPEN_RETURN_STATES));
        if (body.resolution === 'exchange') await holdSizes(server, orderId, wanted);
        const holdUntil = body.resolution === 'exchange' ? new Date(now().getTime() + EXCHANGE_HOLD_DAYS * 86_400_000) : null;
        // The fee the shopper was shown, kept with the request: a later change of the rules does not reach it.
        const pickupFeePaise = pickupFeeOf(rules, body, await q.returnsSince(server, userId, feeWindowStart(now())));
        if (body.pickupFeeShown !== undefined && body.pickupFeeShown !== pickupFeePaise) throw refused('fee_changed', RETURN_WORDS.feeChanged(pickupFeePaise));
        const id = await q.insertRequest(
          server,
          { orderId, reason: body.reason, resolution: body.resolution, note: body.note, holdUntil, pickupFeePaise },
          wanted.map((w) => ({ orderItemId: w.line.id, quantity: w.quantity, exchangeSize: w.exchangeSize, held: w.exchangeSize !== null })),
          userId,
        );
        if ((await q.attachPhotos(server, userId, body.photos, id)) !== body.photos.length) throw new AppError(400, 'photo_unknown', RETURN_WORDS.photoUnknown);
        return { id };
      });
    },

    /** The owner's list: requests in these states (all when none), newest first. */
    async list(states: readonly ReturnState[] | null): Promise<OwnerReturn[]> {
      const rows = await q.ownerRequests(db, states, OWNER_PAGE);
      const parcels = await deps.parcelsOf(db, rows.map((r) => r.id));
      return rows.map((r) => ownerView(r, parcels));
    },

    /** The owner's counts: by reason, and by piece and size with a flag where the fit says small or large. */
    async summary(): Promise<ReturnsSummary> {
      const { byReason, byPiece } = await q.returnCounts(db);
      return { byReason, byPiece: byPiece.map((p) => ({ ...p, flag: fitFlag(p.pieces, p.tooSmall, p.tooLarge) })) };
    },

    /** The owner's steps after the request (return-steps.ts). */
    ...steps,

    /** Photographs uploaded but never sent with a request, a day on: their rows, then their files; how many. */
    async dropLoosePhotos(): Promise<number> {
      // One transaction: a photograph the storage fails to remove keeps its row (all of this pass's
      // do), so the next pass finds it again instead of leaving it in the bucket with nothing naming it.
      return db.transaction(async (tx) => {
        const ids = await q.dropLoosePhotos(tx, new Date(now().getTime() - LOOSE_PHOTO_HOURS * 3_600_000), 100);
        for (const id of ids) await removeReturnPhoto(deps.storage, id);
        return ids.length;
      });
    },

    /** Exchange holds past their ten days with the old piece still to come: the new size goes back on sale, once; the request stays open. */
    async lapseHolds(): Promise<number> {
      let lapsed = 0;
      for (const id of await q.lapsedHolds(db, now(), 50, HOLDING_STATES)) {
        await db.transaction(async (tx) => {
          const request = await q.lockRequest(tx, id, true);
          // Looked at again under the lock: the piece may have come back, or the owner decided, since.
          if (!request || !HOLDING_STATES.includes(request.state) || !request.holdUntil || request.holdUntil > now()) return;
          if ((await giveBackHolds(deps.stock, tx, request)) === 0) return;
          await q.noteEvent(tx, id, request.state, EXCHANGE_HOLD_ENDED);
          lapsed++;
        });
      }
      return lapsed;
    },

    /** What the shopper may ask back of the order, and what they have asked (their own order only: 404). */
    options: (userId: string, orderId: string) => optionsOf(db, { settings, now, parcelsOf: deps.parcelsOf }, userId, orderId),
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
