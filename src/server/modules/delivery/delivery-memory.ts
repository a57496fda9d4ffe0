/**
 * What the product page's PIN check reads from memory (docs/decisions/0020): with five reads per
 * answer on the embedded database it ran at 263 answers/s with a p99 of 867 ms at 32 connections,
 * with one (the piece's price) 691/s and 89 ms. The directory is fixed for the life of the process
 * (a new edition is loaded only at a start); the owner's settings and rules are read again when a
 * second old, and at once after this server's own change (another app server shows it within a
 * second); a piece's price and delivery options when ten seconds old. Checkout does not use this:
 * it reads everything afresh for every order.
 */
import type { DeliverySettings, PinPlace } from '../../../shared/delivery.ts';
import type { PinRuleKind } from '../../../shared/delivery.contract.ts';
import type { IndiaState } from '../../../shared/india.ts';
import type { Db } from '../../db/client.ts';
import * as q from './delivery.queries.ts';

/** How stale the owner's settings may be on the product page's answer (another app server's change). */
const TTL_MS = 1000;
/**
 * How stale a piece's price and delivery options may be there: long enough that a product page seen
 * again within it needs no read (with a second, a thousand pieces in turn at 750 answers/s were read
 * every time: p99 54 ms). The product page's own price is no fresher; checkout reads afresh.
 */
const PIECE_TTL_MS = 10_000;
/** Pieces remembered at once; past it the memory starts again (a crawler walking the catalog). */
const MAX_PIECES = 20_000;

interface OwnerSide {
  settings: DeliverySettings;
  rules: Map<string, PinRuleKind>;
}

export interface PieceFacts {
  payPaise: number;
  pincodeDelivery: boolean;
}

export function createDeliveryMemory(db: Db, readSettings: () => Promise<DeliverySettings>, readPiece: (id: number) => Promise<PieceFacts | null>) {
  let directory: Promise<Map<string, PinPlace>> | null = null;
  let owner: { at: number; value: Promise<OwnerSide> } | null = null;
  const pieces = new Map<number, { at: number; value: Promise<PieceFacts | null> }>();
  const answers = new Map<string, { at: number; value: Promise<unknown> }>();

  const loadDirectory = async () => new Map((await q.allPlaces(db)).map((p) => [p.pincode, { ...p, states: p.states as IndiaState[] }]));
  const loadOwner = async (): Promise<OwnerSide> => {
    const [settings, rules] = await Promise.all([readSettings(), q.listRules(db)]);
    return { settings, rules: new Map(rules.map((r) => [r.prefix, r.rule])) };
  };
  // A failed read is not kept: the next answer reads again.
  const kept = <T>(p: Promise<T>, drop: () => void) => p.catch((err: unknown) => (drop(), Promise.reject(err)));

  return {
    async place(pincode: string): Promise<PinPlace | undefined> {
      directory ??= kept(loadDirectory(), () => (directory = null));
      return (await directory).get(pincode);
    },

    /** The owner's settings, and the rule for a PIN: of the prefixes that start it, the longest. */
    async owner(pincode: string): Promise<{ settings: DeliverySettings; rule: PinRuleKind | undefined }> {
      if (!owner || Date.now() - owner.at > TTL_MS) owner = { at: Date.now(), value: kept(loadOwner(), () => (owner = null)) };
      const { settings, rules } = await owner.value;
      for (let n = pincode.length; n > 0; n--) {
        const rule = rules.get(pincode.slice(0, n));
        if (rule) return { settings, rule };
      }
      return { settings, rule: undefined };
    },

    /** A piece on sale: its price to pay and whether it is sent by PIN code; null when it is not on sale. */
    piece(id: number): Promise<PieceFacts | null> {
      const known = pieces.get(id);
      if (known && Date.now() - known.at <= PIECE_TTL_MS) return known.value;
      if (pieces.size >= MAX_PIECES) pieces.clear();
      const value = kept(readPiece(id), () => pieces.delete(id));
      pieces.set(id, { at: Date.now(), value });
      return value;
    },

    /**
     * The whole answer for a PIN and a piece, for a second (as long as the owner's settings may be
     * stale): a busy product page asked from many phones works it out once a second, not each time
     * (from memory alone the check ran at 60% of the ceiling's rate, p99 39 ms against its 20 ms).
     */
    answer<T>(key: string, work: () => Promise<T>): Promise<T> {
      const known = answers.get(key);
      if (known && Date.now() - known.at <= TTL_MS) return known.value as Promise<T>;
      if (answers.size >= MAX_PIECES) answers.clear();
      const value = kept(work(), () => answers.delete(key));
      answers.set(key, { at: Date.now(), value });
      return value;
    },

    /** This server changed the settings or a rule: the next answer reads them again. */
    forget: () => {
      owner = null;
      answers.clear();
    },
  };
}
