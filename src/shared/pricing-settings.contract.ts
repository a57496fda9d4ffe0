/**
 * The store owner's pricing settings (spec §3 pricing_settings, design.md's sixth), as the admin API
 * takes them: in the code's units (paise, GST in basis points), each within what a shop in India
 * could mean, with messages in rupees.
 */
import type { PricingSettings } from './pricing.ts';
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
    gstRateBp: z.number({ error: 'GST must be a percentage.' }).int('GST must have at most two decimals.').min(0, 'GST cannot be negative.').max(2800, 'GST must be at most 28%.'),
    freeShippingThreshold: paise('The free-shipping threshold'),
    standardShippingCharge: paise('The standard shipping charge'),
    expressShippingCharge: paise('The express shipping charge'),
    expressShippingThreshold: paise('The express threshold'),
    pricesIncludeGst: z.boolean({ error: 'Say whether prices include GST.' }),
  })
  .refine((s) => s.expressShippingThreshold <= s.freeShippingThreshold, {
    message: 'The express threshold must not be above the free-shipping threshold.',
    path: ['expressShippingThreshold'],
  }) satisfies z.ZodType<PricingSettings>;
