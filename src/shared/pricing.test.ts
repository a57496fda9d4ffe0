import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, fallbackBreakdown, gstLabel, priceOrder, shippingFor, type PricingSettings } from './pricing.ts';

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
    // subtotal, GST contained (subtotal × 18/118, to the paisa), shipping, total = subtotal + shipping
    [498.99, 76.12, 149, 647.99],
    [499, 76.12, 99, 598],
    [998.99, 152.39, 99, 1_097.99],
    [999, 152.39, 0, 999],
    [1_180, 180, 0, 1_180],
  ])('₹%s: GST ₹%s inside, shipping ₹%s, total ₹%s', (subtotal, gst, shipping, total) => {
    const b = priceOrder(rupees(subtotal), DEFAULT_PRICING);
    expect(b).toEqual({ subtotal: rupees(subtotal), gstAmount: rupees(gst), shippingCharges: rupees(shipping), total: rupees(total), gstRateBp: 1800, gstIncluded: true });
    expect(gstLabel(b)).toBe('GST (18%) included');
  });
});

describe('GST added (prices_include_gst = false, the spec’s other reading)', () => {
  it.each([
    [498.99, 89.82, 149, 737.81],
    [499, 89.82, 99, 687.82],
    [998.99, 179.82, 99, 1_277.81],
    [999, 179.82, 0, 1_178.82],
  ])('₹%s: GST ₹%s on top, shipping ₹%s, total ₹%s', (subtotal, gst, shipping, total) => {
    const b = priceOrder(rupees(subtotal), excluded);
    expect(b).toMatchObject({ gstAmount: rupees(gst), shippingCharges: rupees(shipping), total: rupees(total), gstIncluded: false });
    expect(gstLabel(b)).toBe('GST (18%)');
  });

  it('takes another rate from the settings, and rounds half a paisa up', () => {
    const b = priceOrder(rupees(100.5), { ...excluded, gstRateBp: 500 }); // 5% of ₹100.50 = ₹5.025
    expect(b.gstAmount).toBe(503);
    expect(gstLabel(b)).toBe('GST (5%)');
    expect(gstLabel({ gstRateBp: 1250, gstIncluded: true })).toBe('GST (12.5%) included');
  });

  it('stays exact for a very large cart', () => {
    expect(priceOrder(99_999_999_99, excluded).gstAmount).toBe(1_800_000_000); // 1,799,999,999.82 paise
  });
});

describe('the orders screen’s fallback (spec §9)', () => {
  it('splits a total 0.847 / 0.153 at 18%', () => {
    expect(fallbackBreakdown(rupees(1_000))).toMatchObject({ subtotal: rupees(847), gstAmount: rupees(153), total: rupees(1_000), gstRateBp: 1800 });
  });
});
