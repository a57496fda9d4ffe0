/**
 * GST by piece as the owner writes it (issue 18): a rate, an HSN code, a product's tax rule. One
 * contract for the product editor, the admin API and the imports.
 */
import { NO_TAX_RULE, type ProductTax } from './gst.ts';
import { z } from './zod.ts';

/** A GST rate in basis points: slabs in India run from 0 to 28%. */
export const gstRate = (label: string) =>
  z.number({ error: `${label} must be a percentage.` }).int(`${label} must have at most two decimals.`).min(0, `${label} cannot be negative.`).max(2800, `${label} must be at most 28%.`);

export const HSN_MESSAGE = 'The HSN code is 4, 6 or 8 digits, such as 5007 or 62044910.';

/** Empty means none; ASCII digits only (a Unicode digit is refused, never stored). */
export const hsnCode = z
  .string({ error: HSN_MESSAGE })
  .nullish()
  .transform((v) => (v == null ? null : v.trim() || null))
  .refine((v) => v === null || /^[0-9]{4}(?:[0-9]{2}){0,2}$/.test(v), HSN_MESSAGE);

export const TAX_RULES = ['fixed', 'apparel'] as const;

export const productTaxContract = z
  .object(
    {
      hsnCode,
      taxRule: z.enum(TAX_RULES, { error: 'Choose how the piece is taxed.' }).nullable().default(null),
      fixedRateBp: gstRate('The fixed rate').nullable().default(null),
    },
    { error: 'Say how the piece is taxed.' },
  )
  .refine((t) => t.taxRule !== 'fixed' || t.fixedRateBp !== null, { message: 'Enter the fixed rate, such as 5 for fabric.', path: ['fixedRateBp'] })
  // Only the fixed rule carries a rate of its own.
  .transform((t): ProductTax => ({ ...t, fixedRateBp: t.taxRule === 'fixed' ? t.fixedRateBp : null }))
  .default(NO_TAX_RULE);
