/**
 * The owner's delivery settings and PIN rules as the admin API takes them, and the PIN a shopper
 * types as the PIN check takes it: one contract for the admin's form and the server.
 */
import { pincodeField } from './address.contract.ts';
import { ZONES, type DeliverySettings, type TransitDays, type Zone } from './delivery.ts';
import { z } from './zod.ts';

/** A PIN from a query string or a path: spec §5's rules and messages. */
export const pincodeQuery = z.object({ pin: pincodeField });

/** The zones' short names in messages. */
const ZONE_NAMES: Readonly<Record<Zone, string>> = {
  sameCity: 'Same city',
  sameState: 'Same state',
  metro: 'Metro to metro',
  rest: 'Rest of India',
  far: 'Far regions',
};

const MAX_RUPEES = 10_00_000;

const days = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number of days.` })
    .int(`${label} must be whole days.`)
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} must be at most ${max} days.`);

const transitDays = (label: string) =>
  z
    .object({ min: days(`${label}: the earliest`, 30), max: days(`${label}: the latest`, 30) })
    .refine((t) => t.min <= t.max, { message: `${label}: the earliest must not be after the latest.`, path: ['max'] }) satisfies z.ZodType<TransitDays>;

const paise = (label: string) =>
  z
    .number({ error: `${label} must be an amount in rupees.` })
    .int(`${label} must be whole paise.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_RUPEES * 100, `${label} must be at most ₹10,00,000.`);

const isoDay = z
  .string({ error: 'A holiday must be a date.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A holiday must be a date.')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'A holiday must be a date.');

export const deliverySettingsContract = z
  .object({
    dispatchPin: pincodeField,
    processingDays: days('Packing time', 14),
    cutoff: z.string({ error: 'The cut-off must be a time like 14:00.' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The cut-off must be a time like 14:00.'),
    closedWeekdays: z
      .array(z.number().int().min(0).max(6), { error: 'Choose the days nothing is dispatched.' })
      .max(6, 'The shop must dispatch on at least one day of the week.')
      .transform((d) => [...new Set(d)].sort())
      .refine((d) => d.length < 7, 'The shop must dispatch on at least one day of the week.'),
    holidays: z
      .array(isoDay, { error: 'A holiday must be a date.' })
      .max(100, 'List at most 100 holidays.')
      .transform((d) => [...new Set(d)].sort()),
    transit: z.object(Object.fromEntries(ZONES.map((zone) => [zone, transitDays(ZONE_NAMES[zone])])) as Record<Zone, ReturnType<typeof transitDays>>),
    codMinPaise: paise('The Cash on Delivery minimum'),
    codMaxPaise: paise('The Cash on Delivery maximum'),
    codOpenOrdersMax: z
      .number({ error: 'Say how many Cash on Delivery orders a shopper may have open.' })
      .int('Give a whole number of orders.')
      .min(1, 'Allow at least 1 open Cash on Delivery order, or set the largest order to ₹0.')
      .max(20, 'Allow at most 20 open Cash on Delivery orders.'),
  })
  .refine((s) => s.codMinPaise <= s.codMaxPaise, { message: 'The Cash on Delivery minimum must not be above its maximum.', path: ['codMinPaise'] }) satisfies z.ZodType<DeliverySettings>;

export type DeliverySettingsInput = z.input<typeof deliverySettingsContract>;

export const PIN_RULES = ['not_served', 'no_cod'] as const;
export type PinRuleKind = (typeof PIN_RULES)[number];

export const PIN_RULE_LABELS: Readonly<Record<PinRuleKind, string>> = {
  not_served: 'Not delivered',
  no_cod: 'Delivered, no Cash on Delivery',
};

/** A PIN or the first digits of PINs (a prefix: '79' is every PIN starting 79) and what holds there. */
export const pinRuleContract = z.object({
  prefix: z
    .string({ error: 'Give a pincode or its first digits.' })
    .trim()
    .regex(/^[1-9]\d{0,5}$/, 'Give a pincode or its first 1 to 6 digits (not starting with 0).'),
  rule: z.enum(PIN_RULES, { error: 'Choose not delivered or no Cash on Delivery.' }),
});

export type PinRule = z.output<typeof pinRuleContract>;
