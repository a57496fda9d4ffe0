/**
 * The pricing settings as the database holds them (spec §3 pricing_settings: text values in rupees
 * and percent; design.md's prices_include_gst) read into the pricing module's paise and basis
 * points: a value that does not read keeps its default and is logged, never guessed at.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_GST } from '../../../shared/gst.ts';
import { DEFAULT_PRICING } from '../../../shared/pricing.ts';
import { rowsFrom, settingsFrom } from './pricing.service.ts';

/** settingsFrom with its log kept. */
function read(rows: Record<string, string>) {
  const logged: string[] = [];
  const settings = settingsFrom(
    Object.entries(rows).map(([name, value]) => ({ name, value })),
    (line) => logged.push(line),
  );
  return { settings, logged };
}

describe('settingsFrom', () => {
  it('reads the migration’s own rows as spec §3’s defaults, logging nothing', () => {
    expect(
      read({
        gst_percentage: '18.00',
        free_shipping_threshold: '999.00',
        standard_shipping_charge: '99.00',
        express_shipping_charge: '149.00',
        express_shipping_threshold: '499.00',
        prices_include_gst: 'true',
      }),
    ).toEqual({ settings: DEFAULT_PRICING, logged: [] });
  });

  it('keeps every default when there are no rows, and ignores names it does not know', () => {
    expect(read({})).toEqual({ settings: DEFAULT_PRICING, logged: [] });
    expect(read({ gst: '5', shipping: '0', GST_PERCENTAGE: '5' })).toEqual({ settings: DEFAULT_PRICING, logged: [] });
  });

  it('reads rupees with up to two decimals as paise, and percent as basis points', () => {
    const { settings, logged } = read({
      gst_percentage: '12.5',
      free_shipping_threshold: '1500',
      standard_shipping_charge: '50.05',
      express_shipping_charge: ' 75.5 ',
      express_shipping_threshold: '0700.00',
      prices_include_gst: 'FALSE',
      apparel_threshold: '1000',
      apparel_high_gst_percentage: '12',
      apparel_ambiguous_rate: ' Lower ',
    });
    expect(logged).toEqual([]);
    expect(settings).toEqual({
      gstRateBp: 1250,
      freeShippingThreshold: 1500_00,
      standardShippingCharge: 50_05,
      expressShippingCharge: 75_50,
      expressShippingThreshold: 700_00,
      pricesIncludeGst: false,
      lowStockThreshold: 3,
      reservationMinutes: 15,
      codFee: 0,
      apparelThreshold: 1000_00,
      apparelLowRateBp: 500,
      apparelHighRateBp: 1200,
      ambiguousRate: 'lower',
    });
  });

  it.each([
    ['gst_percentage', '0', { gstRateBp: 0 }],
    ['gst_percentage', '5', { gstRateBp: 500 }],
    ['gst_percentage', '100', { gstRateBp: 100_00 }],
    ['gst_percentage', '0.25', { gstRateBp: 25 }],
    ['free_shipping_threshold', '0', { freeShippingThreshold: 0 }],
    ['standard_shipping_charge', '0.00', { standardShippingCharge: 0 }],
    ['express_shipping_charge', '999999999.99', { expressShippingCharge: 999999999_99 }],
    ['prices_include_gst', 'True', { pricesIncludeGst: true }],
    ['prices_include_gst', ' false\n', { pricesIncludeGst: false }],
    ['low_stock_threshold', '1', { lowStockThreshold: 1 }],
    ['low_stock_threshold', ' 99 ', { lowStockThreshold: 99 }],
    ['reservation_minutes', '12', { reservationMinutes: 12 }],
    ['reservation_minutes', '120', { reservationMinutes: 120 }],
  ] as const)('reads %s = %j', (name, value, expected) => {
    expect(read({ [name]: value })).toEqual({ settings: { ...DEFAULT_PRICING, ...expected }, logged: [] });
  });

  it.each([
    ['gst_percentage', 'abc', '1800'],
    ['gst_percentage', '', '1800'],
    ['gst_percentage', '-5', '1800'],
    ['gst_percentage', '18%', '1800'],
    ['gst_percentage', '18.005', '1800'],
    ['gst_percentage', '100.01', '1800'],
    ['gst_percentage', '101', '1800'],
    ['gst_percentage', '1e1', '1800'],
    ['gst_percentage', '18,5', '1800'],
    ['free_shipping_threshold', '₹999', '99900'],
    ['free_shipping_threshold', '1,000', '99900'],
    ['free_shipping_threshold', '999.', '99900'],
    ['free_shipping_threshold', '.99', '99900'],
    ['free_shipping_threshold', '1234567890', '99900'],
    ['standard_shipping_charge', 'free', '9900'],
    ['standard_shipping_charge', '-99', '9900'],
    ['express_shipping_charge', 'NaN', '14900'],
    ['express_shipping_charge', 'Infinity', '14900'],
    ['express_shipping_threshold', '499.999', '49900'],
    ['express_shipping_threshold', '0x1F3', '49900'],
    ['prices_include_gst', 'yes', 'true'],
    ['prices_include_gst', '1', 'true'],
    ['prices_include_gst', '', 'true'],
    ['prices_include_gst', 'f', 'true'],
    ['low_stock_threshold', '0', '3'],
    ['low_stock_threshold', '100', '3'],
    ['low_stock_threshold', '2.5', '3'],
    ['reservation_minutes', '11', '15'],
    ['reservation_minutes', '121', '15'],
    ['reservation_minutes', '-15', '15'],
  ] as const)('keeps the default of %s = %j and logs it', (name, value, kept) => {
    const { settings, logged } = read({ [name]: value });
    expect(settings).toEqual(DEFAULT_PRICING);
    expect(logged).toEqual([`Pricing setting ${name} = ${JSON.stringify(value)} is not valid; using ${kept}`]);
  });

  it('reads the valid ones beside an invalid one, and logs each invalid one once', () => {
    const { settings, logged } = read({ gst_percentage: 'five', free_shipping_threshold: '1200', prices_include_gst: 'no', express_shipping_charge: '120' });
    expect(settings).toEqual({ ...DEFAULT_PRICING, freeShippingThreshold: 1200_00, expressShippingCharge: 120_00 });
    expect(logged).toEqual([
      'Pricing setting gst_percentage = "five" is not valid; using 1800',
      'Pricing setting prices_include_gst = "no" is not valid; using true',
    ]);
  });

  it('never changes the shared defaults it starts from', () => {
    read({ gst_percentage: '5', prices_include_gst: 'false' });
    expect(DEFAULT_PRICING).toEqual({
      gstRateBp: 1800,
      freeShippingThreshold: 999_00,
      standardShippingCharge: 99_00,
      expressShippingCharge: 149_00,
      expressShippingThreshold: 499_00,
      pricesIncludeGst: true,
      lowStockThreshold: 3,
      reservationMinutes: 15,
      codFee: 0,
      ...DEFAULT_GST,
    });
  });

  it('logs to the console by default', () => {
    const lines: unknown[] = [];
    const original = console.error;
    console.error = (line: unknown) => void lines.push(line);
    try {
      expect(settingsFrom([{ name: 'gst_percentage', value: 'x' }])).toEqual(DEFAULT_PRICING);
    } finally {
      console.error = original;
    }
    expect(lines).toEqual(['Pricing setting gst_percentage = "x" is not valid; using 1800']);
  });
});

describe('rowsFrom', () => {
  it('writes the settings as the spec’s schema does, and reads back the same', () => {
    const s = { gstRateBp: 1250, freeShippingThreshold: 1_499_50, standardShippingCharge: 0, expressShippingCharge: 149_05, expressShippingThreshold: 499_00, pricesIncludeGst: false, lowStockThreshold: 5, reservationMinutes: 20, codFee: 40_00, apparelThreshold: 1000_00, apparelLowRateBp: 500, apparelHighRateBp: 1200, ambiguousRate: 'lower' as const };
    const rows = rowsFrom(s);
    expect(rows).toContainEqual({ name: 'apparel_threshold', value: '1000.00' });
    expect(rows).toContainEqual({ name: 'apparel_high_gst_percentage', value: '12.00' });
    expect(rows).toContainEqual({ name: 'apparel_ambiguous_rate', value: 'lower' });
    expect(rows).toContainEqual({ name: 'gst_percentage', value: '12.50' });
    expect(rows).toContainEqual({ name: 'free_shipping_threshold', value: '1499.50' });
    expect(rows).toContainEqual({ name: 'standard_shipping_charge', value: '0.00' });
    expect(rows).toContainEqual({ name: 'express_shipping_charge', value: '149.05' });
    expect(rows).toContainEqual({ name: 'prices_include_gst', value: 'false' });
    expect(rows).toContainEqual({ name: 'low_stock_threshold', value: '5' });
    expect(rows).toContainEqual({ name: 'reservation_minutes', value: '20' });
    expect(settingsFrom(rows, () => {})).toEqual(s);
  });
});
