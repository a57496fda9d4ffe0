/**
 * The shop's pricing settings as the pricing module takes them (src/shared/pricing.ts), read fresh
 * for every checkout so that a change shows at once on every app server. A value that does not
 * parse keeps its default and is logged (the owner's settings screen validates what it writes).
 */
import { DEFAULT_PRICING, LOW_STOCK_MAX, RESERVATION_MINUTES, type PricingSettings } from '../../../shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { saveSettingRows, settingRows } from './pricing.queries.ts';

/** Rupees with at most two decimals, as the settings hold them, in paise; null if not that. */
function paiseOf(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** A whole number within bounds, as the stock settings hold them; null if not that. */
const wholeIn = (min: number, max: number) => (text: string) => {
  const n = /^\s*\d{1,4}\s*$/.test(text) ? Number(text) : NaN;
  return n >= min && n <= max ? n : null;
};

/** A percentage with two decimals, in basis points, at most 100%; null if not that. */
const rateOf = (text: string) => {
  const bp = paiseOf(text);
  return bp !== null && bp <= 100_00 ? bp : null;
};

const READERS: { [K in keyof PricingSettings]: [name: string, read: (text: string) => PricingSettings[K] | null] } = {
  gstRateBp: ['gst_percentage', rateOf],
  freeShippingThreshold: ['free_shipping_threshold', paiseOf],
  standardShippingCharge: ['standard_shipping_charge', paiseOf],
  expressShippingCharge: ['express_shipping_charge', paiseOf],
  expressShippingThreshold: ['express_shipping_threshold', paiseOf],
  codFee: ['cod_fee', paiseOf],
  pricesIncludeGst: ['prices_include_gst', (t) => (/^\s*true\s*$/i.test(t) ? true : /^\s*false\s*$/i.test(t) ? false : null)],
  lowStockThreshold: ['low_stock_threshold', wholeIn(1, LOW_STOCK_MAX)],
  reservationMinutes: ['reservation_minutes', wholeIn(RESERVATION_MINUTES.min, RESERVATION_MINUTES.max)],
  apparelThreshold: ['apparel_threshold', paiseOf],
  apparelLowRateBp: ['apparel_low_gst_percentage', rateOf],
  apparelHighRateBp: ['apparel_high_gst_percentage', rateOf],
  ambiguousRate: ['apparel_ambiguous_rate', (t) => (/^\s*higher\s*$/i.test(t) ? 'higher' : /^\s*lower\s*$/i.test(t) ? 'lower' : null)],
};

/** Counts are written as they are; money and rates with two decimals, as the spec's schema writes them. */
const COUNTS = new Set<keyof PricingSettings>(['lowStockThreshold', 'reservationMinutes']);

export function settingsFrom(rows: { name: string; value: string }[], log: (line: string) => void = console.error): PricingSettings {
  const byName = new Map(rows.map((r) => [r.name, r.value]));
  const settings = { ...DEFAULT_PRICING };
  for (const key of Object.keys(READERS) as (keyof PricingSettings)[]) {
    const [name, read] = READERS[key];
    const text = byName.get(name);
    if (text === undefined) continue;
    const value = read(text);
    if (value === null) log(`Pricing setting ${name} = ${JSON.stringify(text)} is not valid; using ${String(DEFAULT_PRICING[key])}`);
    else (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}

/** Two decimals, as the spec's schema writes them: 99900 paise is '999.00', 1800 bp is '18.00'. */
const hundredths = (n: number) => `${Math.trunc(n / 100)}.${String(n % 100).padStart(2, '0')}`;

/** The rows for the settings, inverse of settingsFrom. */
export function rowsFrom(s: PricingSettings): { name: string; value: string }[] {
  return (Object.keys(READERS) as (keyof PricingSettings)[]).map((key) => {
    const value = s[key];
    return { name: READERS[key][0], value: typeof value !== 'number' || COUNTS.has(key) ? String(value) : hundredths(value) };
  });
}

/** What the shop hears of changes to its settings (the catalog watch, src/server/modules/catalog/catalog-watch.ts). */
export interface SettingsWatch {
  /** A count of changes heard to the owner's settings (`shop`), or null while not listening. */
  live(): { shop: number } | null;
}

export function createPricingService(db: Db, watch?: SettingsWatch) {
  const current = async (on: Pick<Db, 'select'> = db): Promise<PricingSettings> => settingsFrom(await settingRows(on));
  /** The settings last read for showing, under the count of changes heard before reading them. */
  let kept: { shop: number; settings: Promise<PricingSettings> } | undefined;
  return {
    /** Read fresh; `on` a transaction the caller holds when asked inside one. */
    current,
    /**
     * As the shop shows them (GET /api/pricing, a size's "Only 2 left"): kept in memory while the
     * watch listens, until it hears the settings change. Every app server hears the owner's change
     * (drizzle/0027), and the server that made it before its answer leaves. Two reads of every
     * page drawn on the server become none. Never for money: a checkout prices with `current`,
     * read in its own transaction.
     */
    shown(): Promise<PricingSettings> {
      const stamp = watch?.live();
      if (!stamp) return current();
      if (kept?.shop !== stamp.shop) {
        const settings = current();
        kept = { shop: stamp.shop, settings };
        // A failed read is not kept: the next asks again.
        settings.catch(() => {
          if (kept?.settings === settings) kept = undefined;
        });
      }
      return kept.settings;
    },
    /** The owner's change: every new checkout on every app server prices with it (orders placed keep theirs). */
    async save(settings: PricingSettings): Promise<PricingSettings> {
      await saveSettingRows(db, rowsFrom(settings));
      return settingsFrom(await settingRows(db));
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
