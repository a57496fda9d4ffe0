/**
 * Delivery to a PIN code (issue 17): where a PIN is, whether the shop delivers there and by when,
 * and whether Cash on Delivery is open there. The product page's answer comes from memory
 * (delivery-memory.ts: another app server's change shows within a second); checkout's reads afresh.
 */
import { pinStateMismatch, PIN_CHECK_OFF, PIN_NOT_SERVED, PIN_UNKNOWN, DEFAULT_DELIVERY, deliveryText, deliveryWindow, zoneOf, type DeliveryCheck, type DeliverySettings, type PinPlace } from '../../../shared/delivery.ts';
import { codForPiece } from '../../../shared/cod.ts';
import { deliverySettingsContract, type PinRule } from '../../../shared/delivery.contract.ts';
import type { IndiaState } from '../../../shared/india.ts';
import type { Db } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { createDeliveryMemory } from './delivery-memory.ts';
import * as q from './delivery.queries.ts';

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s(-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

const asPlace = (row: { pincode: string; district: string; states: string[] }): PinPlace => ({ ...row, states: row.states as IndiaState[] });

/** 'Chennai, Tamil Nadu'. */
const placeText = (p: PinPlace) => `${titleCase(p.district)}, ${p.states.join(' / ')}`;

/** Stored settings that no longer pass the contract (an older shape, a hand edit) give way to the defaults, said in the log. */
export function settingsFrom(value: unknown, log: (line: string) => void = console.error): DeliverySettings {
  if (value === undefined) return DEFAULT_DELIVERY;
  const parsed = deliverySettingsContract.safeParse({ ...DEFAULT_DELIVERY, ...(value as object) });
  if (parsed.success) return parsed.data;
  log(`Delivery settings are not valid (${parsed.error.issues[0]?.message}); using the defaults`);
  return DEFAULT_DELIVERY;
}

export function createDeliveryService(db: Db, catalog: CatalogService, now: () => Date = () => new Date()) {
  const settings = async (on: q.Reader = db) => settingsFrom(await q.settingsRow.read(on));
  const memory = createDeliveryMemory(db, { settings: () => settings(), catalogVersion: () => catalog.version(), piece: (id) => catalog.deliveryFacts(id) });

  /** The product page's answer, worked out (check() keeps it while the memory's snapshot and the minute stand). */
  async function checkNow(pincode: string, productId: number): Promise<DeliveryCheck> {
    const [piece, to, { settings: s, rule }] = await Promise.all([memory.piece(productId), memory.place(pincode), memory.owner(pincode)]);
    if (!piece) throw new NotFoundError('Product not found');
    if (!to) throw new NotFoundError(PIN_UNKNOWN);
    if (!piece.pincodeDelivery) return { served: false, pincode, place: placeText(to), message: PIN_CHECK_OFF };
    if (rule === 'not_served') return { served: false, pincode, place: placeText(to), message: PIN_NOT_SERVED };
    const from = await memory.place(s.dispatchPin);
    // A dispatch PIN the directory lost (a new edition) still gives an answer: the farthest ordinary zone.
    const zone = from ? zoneOf(from, to) : 'rest';
    const window = deliveryWindow(now(), s, zone);
    const cod = codForPiece(rule !== 'no_cod', piece.payPaise, s);
    return { served: true, pincode, place: placeText(to), zone, earliest: window.earliest, latest: window.latest, text: deliveryText(window), ...cod };
  }

  return {
    settings,

    /** The owner's change; a dispatch PIN must be one the directory knows, or no zone could be found from it. */
    async saveSettings(input: DeliverySettings): Promise<DeliverySettings> {
      if (!(await q.placeOf(db, input.dispatchPin))) throw new ValidationError({ dispatchPin: PIN_UNKNOWN });
      await q.settingsRow.save(db, input);
      memory.forget();
      return settings();
    },

    /** What is wrong with this PIN for an address in `state` (unknown, or in another state), or null. */
    async addressProblem(pincode: string, state: IndiaState, on: q.Reader = db): Promise<string | null> {
      const row = await q.placeOf(on, pincode);
      if (!row) return PIN_UNKNOWN;
      return row.states.includes(state) ? null : pinStateMismatch(pincode, row.states.join(' and '), state);
    },

    /** Where a PIN is (a 404 with the shopper's message if nowhere), and what is wrong with it for `state` if one is chosen. */
    async place(pincode: string, state: IndiaState | null): Promise<PinPlace & { place: string; problem: string | null }> {
      const row = await q.placeOf(db, pincode);
      if (!row) throw new NotFoundError(PIN_UNKNOWN);
      const place = asPlace(row);
      const problem = state && !place.states.includes(state) ? pinStateMismatch(pincode, place.states.join(' and '), state) : null;
      return { ...place, place: placeText(place), problem };
    },

    /** The product page's answer for a PIN: delivery by when, and Cash on Delivery for this piece. */
    // Kept per minute of the clock: the dates move only at a minute's turn (the cut-off is a minute).
    check: (pincode: string, productId: number): Promise<DeliveryCheck> =>
      memory.answer(`${pincode}:${productId}:${Math.floor(now().getTime() / 60_000)}`, () => checkNow(pincode, productId)),

    /**
     * Checkout's view of an address's PIN (issue 17): delivered there or why not, by when, whether
     * its rule allows Cash on Delivery, and the settings the order's own limits are read from.
     */
    async forAddress(pincode: string): Promise<{ served: boolean; text: string; codAtPin: boolean; settings: DeliverySettings }> {
      const [row, s, rule] = await Promise.all([q.placeOf(db, pincode), settings(), q.ruleFor(db, pincode)]);
      if (!row) return { served: false, text: PIN_UNKNOWN, codAtPin: false, settings: s };
      if (rule?.rule === 'not_served') return { served: false, text: PIN_NOT_SERVED, codAtPin: false, settings: s };
      const from = await q.placeOf(db, s.dispatchPin);
      const window = deliveryWindow(now(), s, from ? zoneOf(asPlace(from), asPlace(row)) : 'rest');
      return { served: true, text: deliveryText(window), codAtPin: rule?.rule !== 'no_cod', settings: s };
    },

    rules: () => q.listRules(db),
    saveRule: (rule: PinRule) => q.saveRule(db, rule).finally(memory.forget),
    removeRule: (prefix: string) => q.removeRule(db, prefix).finally(memory.forget),
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
