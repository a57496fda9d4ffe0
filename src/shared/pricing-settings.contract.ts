/**
 * The store owner's pricing settings (spec §3 pricing_settings, design.md's sixth), as the admin API
 * takes them: in the code's units (paise, GST in basis points), each within what a shop in India
 * could mean, with messages in rupees.
 */
import { LOW_STOCK_MAX, RESERVATION_MINUTES, type PricingSettings } from './pricing.ts';
import { gstRate } from './gst.contract.ts';
import { z } from './zod.ts';

/** A lakh of rupees: far past any shipping threshold or charge a boutique sets. */
const MAX_RUPEES = 1_00_000;

const paise = (label: string) =>
  z
    .number({ error: `${label} must be an amount in rupees.` })
    .int(`${label} must be whole paise.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_RUPEES * 100, `${label} must be at most ₹1,00,000.`);

export const pricingSettingsContract = z
  .object({
    // GST slabs in India run from 0 to 28%.
    gstRateBp: gstRate('GST'),
    freeShippingThreshold: paise('The free-shipping threshold'),
    standardShippingCharge: paise('The standard shipping charge'),
    expressShippingCharge: paise('The express shipping charge'),
    expressShippingThreshold: paise('The express threshold'),
    codFee: paise('The Cash on Delivery fee'),
    pricesIncludeGst: z.boolean({ error: 'Say whether prices include GST.' }),
    lowStockThreshold: z
      .number({ error: 'Say at how many pieces a piece is running low.' })
      .int('The low-stock mark is a whole number of pieces.')
      .min(1, 'The low-stock mark must be at least 1 piece.')
      .max(LOW_STOCK_MAX, `The low-stock mark must be at most ${LOW_STOCK_MAX} pieces.`),
    reservationMinutes: z
      .number({ error: 'Say how many minutes an unpaid order holds its pieces.' })
      .int('Give the minutes as a whole number.')
      .min(RESERVATION_MINUTES.min, `An unpaid order holds its pieces for at least ${RESERVATION_MINUTES.min} minutes (Razorpay's shortest).`)
      .max(RESERVATION_MINUTES.max, `An unpaid order holds its pieces for at most ${RESERVATION_MINUTES.max} minutes.`),
    // Issue 18: apparel by value (src/shared/gst.ts); the law set ₹2,500, 5% and 18% on 22 September 2025.
    apparelThreshold: paise('The apparel threshold').min(100, 'The apparel threshold must be at least ₹1.'),
    apparelLowRateBp: gstRate('The lower apparel rate'),
    apparelHighRateBp: gstRate('The higher apparel rate'),
    ambiguousRate: z.enum(['higher', 'lower'], { error: 'Choose the higher or the lower rate for a price between the bands.' }),
  })
  .refine((s) => s.apparelLowRateBp <= s.apparelHighRateBp, {
    message: 'The lower apparel rate must not be above the higher one.',
    path: ['apparelLowRateBp'],
  })
  .refine((s) => s.expressShippingThreshold <= s.freeShippingThreshold, {
    message: 'The express threshold must not be above the free-shipping threshold.',
    path: ['expressShippingThreshold'],
  }) satisfies z.ZodType<PricingSettings>;
