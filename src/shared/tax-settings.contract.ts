/**
 * The shop's tax registration (issue 18): who issues the invoices. A registered shop issues a tax
 * invoice (CGST Rules, rule 46) under its legal name, address and GSTIN; an unregistered one a bill
 * of supply without tax lines. The invoice number is `PREFIX/25-26/000123`: at most 16 characters,
 * letters, digits, '-' and '/' (rule 46(b)), a series per financial year.
 */
import { gstinProblem } from './gstin.ts';
import { indiaState, type IndiaState } from './india.ts';
import { charCount, tidy } from './text-rules.ts';
import { z } from './zod.ts';

/** An invoice number's longest (rule 46(b)). */
export const INVOICE_NUMBER_MAX = 16;
export const INVOICE_PREFIX_MAX = 4;

export interface TaxSettings {
  registered: boolean;
  legalName: string;
  tradingName: string;
  /** The registered address, as printed on the invoice (lines). */
  address: string;
  state: IndiaState;
  /** Null when not registered. */
  gstin: string | null;
  invoicePrefix: string;
}

/**
 * Whether the shop charges GST: when registered, and while it has not said (design.md: the spec's
 * prices carry GST and the summary shows it; a shop selling across India must register, CGST Act
 * section 24(i)). Only a shop that says it is not registered charges none (section 32). Checkout
 * prices with this, and the order's document follows what the order was priced with
 * (docs/decisions/0041).
 */
export const chargesGst = (registration: Pick<TaxSettings, 'registered'> | null): boolean => registration?.registered ?? true;

const text = (label: string, max: number, required: boolean) =>
  z
    .string({ error: `${label} must be text.` })
    .transform((v) => tidy(v))
    .refine((v) => !required || v.length > 0, `Enter the ${label.toLowerCase()}.`)
    .refine((v) => charCount(v) <= max, `${label} must be at most ${max} characters.`);

export const taxSettingsContract = z
  .object({
    registered: z.boolean({ error: 'Say whether the shop is registered for GST.' }),
    legalName: text('Legal name', 120, true),
    tradingName: text('Trading name', 120, false),
    address: z
      .string({ error: 'The registered address must be text.' })
      .transform((v) => v.replace(/\r\n?/g, '\n').split('\n').map(tidy).filter(Boolean).join('\n'))
      .refine((v) => v.length > 0, 'Enter the registered address.')
      .refine((v) => charCount(v) <= 400 && v.split('\n').length <= 6, 'The registered address must be at most 6 lines and 400 characters.'),
    state: z
      .string({ error: 'Choose the state the shop is registered in.' })
      .transform((v, ctx) => indiaState(v) ?? (ctx.addIssue({ code: 'custom', message: 'Choose the state the shop is registered in.' }), z.NEVER)),
    gstin: z
      .string({ error: 'The GSTIN must be text.' })
      .nullish()
      .transform((v) => (v == null ? null : v.trim().toUpperCase() || null)),
    invoicePrefix: z
      .string({ error: 'The invoice prefix must be text.' })
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => /^[A-Z0-9]{1,4}$/.test(v), `The invoice prefix is 1 to ${INVOICE_PREFIX_MAX} letters or digits, such as VST.`),
  })
  .superRefine((s, ctx) => {
    if (!s.registered) return;
    if (s.gstin === null) return void ctx.addIssue({ code: 'custom', message: 'Enter the shop’s GSTIN.', path: ['gstin'] });
    const problem = gstinProblem(s.gstin, s.state);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['gstin'] });
  })
  // An unregistered shop has no GSTIN to print.
  .transform((s): TaxSettings => ({ ...s, gstin: s.registered ? s.gstin : null }));
