/**
 * What the product page's PIN check reads from memory (docs/decisions/0020): with five reads per
 * answer on the embedded database it ran at 263 answers/s with a p99 of 867 ms at 32 connections.
 *
 * The directory is fixed for the life of the process (a new edition is loaded only at a start).
 * Everything else hangs on one snapshot, read again when a second old: the owner's settings and PIN
 * rules, and the catalog's version (moved by any write to products). A piece's price and delivery
 * option are kept while the catalog's version stands, and a whole answer while its snapshot stands
 * and its minute lasts. A change on another app server therefore shows within a second, and this
 * server's own change at once (forget). Reading a piece again every ten seconds instead cost a
 * query per piece and view of that piece: about 100 reads a second over 1,000 pieces, which on the
 * embedded database (one query at a time, on the event loop) held the p99 at 31 ms against the
 * ceiling's 20. Checkout does not use this: it reads everything afresh for every order.
 */
import type { DeliverySettings, PinPlace } from '../../../shared/delivery.ts';
import type { PinRuleKind } from '../../../shared/delivery.contract.ts';
import type { IndiaState } from '../../../shared/india.ts';
import type { Db } from '../../db/client.ts';
import * as q from './delivery.queries.ts';

/** How stale the snapshot may be on the product page's answer (another app server's change). */
const TTL_MS = 1000;
/** Pieces (and answers) remembered at once; past it the memory starts again (a crawler walking the catalog). */
const MAX_KEPT = 20_000;

interface Snapshot {
  settings: DeliverySettings;
  rules: Map<string, PinRuleKind>;
  catalogVersion: number;
  /** The settings and rules as read, to tell a new read that changed nothing from one that did. */
  fingerprint: string;
}

export interface PieceFacts {
  payPaise: number;
  pincodeDelivery: boolean;
}

export interface MemorySources {
  settings: () => Promise<DeliverySettings>;
  catalogVersion: () => Promise<number>;
  piece: (id: number) => Promise<PieceFacts | null>;
}

export function createDeliveryMemory(db: Db, read: MemorySources) {
  let directory: Promise<Map<string, PinPlace>> | null = null;
  let snapshot: { at: number; value: Promise<Snapshot> } | null = null;
  /** The last snapshot read: a new read equal to it is kept as this very object, so answers hung on it stand. */
  let last: Snapshot | null = null;
  const pieces = new Map<number, { version: number; value: Promise<PieceFacts | null> }>();
  const answers = new Map<string, { from: Snapshot; value: Promise<unknown> }>();

  const loadDirectory = async () => new Map((await q.allPlaces(db)).map((p) => [p.pincode, { ...p, states: p.states as IndiaState[] }]));
  const loadSnapshot = async (): Promise<Snapshot> => {
    const [settings, rules, catalogVersion] = await Promise.all([read.settings(), q.listRules(db), read.catalogVersion()]);
    const fingerprint = JSON.stringify([settings, rules]);
    if (last && last.fingerprint === fingerprint && last.catalogVersion === catalogVersion) return last;
    last = { settings, rules: new Map(rules.map((r) => [r.prefix, r.rule])), catalogVersion, fingerprint };
    return last;
  };
  // A failed read is not kept: the next answer reads again.
  const kept = <T>(p: Promise<T>, drop: () => void) => p.catch((err: unknown) => (drop(), Promise.reject(err)));

  const current = (): Promise<Snapshot> => {
    if (!snapshot || Date.now() - snapshot.at > TTL_MS) snapshot = { at: Date.now(), value: kept(loadSnapshot(), () => (snapshot = null)) };
    return snapshot.value;
  };

  return {
    async place(pincode: string): Promise<PinPlace | undefined> {
      directory ??= kept(loadDirectory(), () => (directory = null));
      return (await directory).get(pincode);
    },

    /** The owner's settings, and the rule for a PIN: of the prefixes that start it, the longest. */
    async owner(pincode: string): Promise<{ settings: DeliverySettings; rule: PinRuleKind | undefined }> {
      const { settings, rules } = await current();
      for (let n = pincode.length; n > 0; n--) {
        const rule = rules.get(pincode.slice(0, n));
        if (rule) return { settings, rule };
      }
      return { settings, rule: undefined };
    },

    /** A piece on sale: its price to pay and whether it is sent by PIN code; null when it is not on sale. */
    async piece(id: number): Promise<PieceFacts | null> {
      const { catalogVersion: version } = await current();
      const known = pieces.get(id);
      if (known && known.version === version) return known.value;
      if (pieces.size >= MAX_KEPT) pieces.clear();
      const value = kept(read.piece(id), () => pieces.delete(id));
      pieces.set(id, { version, value });
      return value;
    },

    /**
     * The whole answer for a key (a PIN, a piece and a minute), while the snapshot it was worked out
     * from stands: a busy product page asked from many phones works it out once, not each time.
     */
    async answer<T>(key: string, work: () => Promise<T>): Promise<T> {
      const from = await current();
      const known = answers.get(key);
      if (known && known.from === from) return known.value as Promise<T>;
      if (answers.size >= MAX_KEPT) answers.clear();
      const value = kept(work(), () => answers.delete(key));
      answers.set(key, { from, value });
      return value;
    },

    /** This server changed the settings or a rule: the next answer reads them again. */
    forget: () => {
      snapshot = null;
      last = null;
      answers.clear();
    },
  };
}
