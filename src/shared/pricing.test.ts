import { describe, expect, it } from 'vitest';
import { formatInr } from './money.ts';
import { gstText, priceOrder } from './order-price.ts';
import { DEFAULT_PRICING, fallbackBreakdown, shippingFor, type PricingSettings } from './pricing.ts';

const excluded: PricingSettings = { ...DEFAULT_PRICING, pricesIncludeGst: false };
const rupees = (r: number) => Math.round(r * 100);

describe('shipping (spec §9)', () => {
  it.each([
    [498.99, 149],
    [499, 99],
    [998.99, 99],
    [999, 0],
    [15_000, 0],
    [1, 149],
  ])('a subtotal of ₹%s pays ₹%s', (subtotal, charge) => {
    expect(shippingFor(rupees(subtotal), DEFAULT_PRICING)).toBe(rupees(charge));
    expect(shippingFor(rupees(subtotal), excluded)).toBe(rupees(charge));
  });

  it('charges nothing for nothing', () => {
    expect(shippingFor(0, DEFAULT_PRICING)).toBe(0);
  });

  it('follows changed settings', () => {
    const s = { ...DEFAULT_PRICING, freeShippingThreshold: rupees(1_500), standardShippingCharge: rupees(50), expressShippingCharge: rupees(80), expressShippingThreshold: rupees(300) };
    expect(shippingFor(rupees(299.99), s)).toBe(rupees(80));
    expect(shippingFor(rupees(300), s)).toBe(rupees(50));
    expect(shippingFor(rupees(1_499.99), s)).toBe(rupees(50));
    expect(shippingFor(rupees(1_500), s)).toBe(0);
  });
});

describe('GST included (the default, design.md)', () => {
  it.each([
    // subtotal, GST contained (× 18/118, to the paisa) in the goods and in the shipping (issue 18), shipping, total = subtotal + shipping
    [498.99, 76.12, 22.73, 149, 647.99],
    [499, 76.12, 15.1, 99, 598],
    [998.99, 152.39, 15.1, 99, 1_097.99],
    [999, 152.39, 0, 0, 999],
    [1_180, 180, 0, 0, 1_180],
  ])('₹%s: GST ₹%s in the goods and ₹%s in shipping ₹%s, total ₹%s', (subtotal, gst, shippingGst, shipping, total) => {
    const b = priceOrder(rupees(subtotal), DEFAULT_PRICING);
    const all = rupees(gst) + rupees(shippingGst);
    expect(b).toEqual({
      subtotal: rupees(subtotal),
      gstAmount: all,
      shippingCharges: rupees(shipping),
      total: rupees(total),
      gstRateBp: 1800,
      gstIncluded: true,
      gstByRate: [{ rateBp: 1800, taxable: rupees(subtotal) + rupees(shipping) - all, gst: all }],
    });
    expect(gstText(b)).toBe(`GST included: 18% ${formatInr(all)}`);
  });
});

describe('GST added (prices_include_gst = false, the spec’s other reading)', () => {
  it.each([
    // GST on the goods and on the shipping, both added: total = subtotal + GST + shipping
    [498.99, 89.82, 26.82, 149, 764.63],
    [499, 89.82, 17.82, 99, 705.64],
    [998.99, 179.82, 17.82, 99, 1_295.63],
    [999, 179.82, 0, 0, 1_178.82],
  ])('₹%s: GST ₹%s on the goods and ₹%s on shipping ₹%s, total ₹%s', (subtotal, gst, shippingGst, shipping, total) => {
    const b = priceOrder(rupees(subtotal), excluded);
    expect(b).toMatchObject({ gstAmount: rupees(gst) + rupees(shippingGst), shippingCharges: rupees(shipping), total: rupees(total), gstIncluded: false });
    expect(gstText(b)).toBe(`GST: 18% ${formatInr(rupees(gst) + rupees(shippingGst))}`);
  });

  it('takes another rate from the settings, and rounds half a paisa up', () => {
    const b = priceOrder(rupees(100.5), { ...excluded, gstRateBp: 500, expressShippingCharge: 0 }); // 5% of ₹100.50 = ₹5.025
    expect(b.gstAmount).toBe(503);
    expect(gstText(b)).toBe('GST: 5% ₹5.03');
    // An order from before GST by piece carries one rate and no breakdown: design.md's words.
    expect(gstText({ gstRateBp: 1250, gstIncluded: true, gstAmount: 1 })).toBe('GST (12.5%) included');
  });

  it('stays exact for a very large cart', () => {
    expect(priceOrder(99_999_999_99, excluded).gstAmount).toBe(1_800_000_000); // 1,799,999,999.82 paise
  });
});

describe('GST by piece (issue 18)', () => {
  it('taxes each line at its piece’s rate and the shipping at the main piece’s: the words show each rate', () => {
    const lines = [
      { unitPrice: rupees(1499), quantity: 1, tax: { taxRule: 'apparel', fixedRateBp: null } as const },
      { unitPrice: rupees(3000), quantity: 1, tax: { taxRule: 'apparel', fixedRateBp: null } as const },
    ];
    const b = priceOrder(lines, DEFAULT_PRICING);
    expect(b.shippingCharges).toBe(0);
    expect(gstText(b)).toBe('GST included: 5% ₹71.38, 18% ₹457.63');
    expect(b.total).toBe(rupees(4499));
    const cod = priceOrder(lines, { ...DEFAULT_PRICING, codFee: rupees(50) }, 'cod');
    expect(cod.total).toBe(rupees(4549));
    expect(gstText(cod)).toBe('GST included: 5% ₹71.38, 18% ₹465.26'); // the fee’s ₹7.63 at the main piece’s 18%
  });
});

describe('the orders screen’s fallback (spec §9)', () => {
  it('splits a total 0.847 / 0.153 at 18%', () => {
    expect(fallbackBreakdown(rupees(1_000))).toMatchObject({ subtotal: rupees(847), gstAmount: rupees(153), total: rupees(1_000), gstRateBp: 1800 });
  });
});
