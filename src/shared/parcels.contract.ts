/**
 * The parcel forms (issue 48), one contract each for the form and the API: the owner's courier
 * settings, a booking, a decision after a failed attempt, and the shopper's tracking look-up.
 */
import { pincodeField } from './address.contract.ts';
import { NDR_DECISIONS, type CourierName } from './parcels.ts';
import { tidy } from './text-rules.ts';
import { ORDER_NUMBER_MESSAGE, orderNumberOf } from './track-query.ts';
import { z } from './zod.ts';

export const COURIER_CHOICES = ['none', 'shiprocket', 'delhivery'] as const;
export type CourierChoice = (typeof COURIER_CHOICES)[number];

export const PARCEL_GRAMS = { min: 50, max: 30_000, usual: 500 } as const;

const grams = z.coerce
  .number({ error: 'The weight must be a number of grams.' })
  .int('The weight must be a whole number of grams.')
  .min(PARCEL_GRAMS.min, `A parcel weighs at least ${PARCEL_GRAMS.min} g.`)
  .max(PARCEL_GRAMS.max, `A parcel weighs at most ${PARCEL_GRAMS.max / 1000} kg.`);

export const courierSettingsContract = z
  .object({
    courier: z.enum(COURIER_CHOICES, { error: 'Choose a courier, or none.' }),
    /** The pickup address's name in the courier's panel, exactly as it is there. */
    pickupLocation: z
      .string({ error: 'The pickup location must be text.' })
      .transform(tidy)
      .pipe(z.string().max(60, 'The pickup location is at most 60 characters.').regex(/^[^<>"\\]*$/, 'The pickup location cannot hold < > " or \\.')),
    /** What a parcel weighs when the owner does not say: a folded saree or kurta in its bag. */
    parcelGrams: grams,
  })
  .refine((s) => s.courier === 'none' || s.pickupLocation !== '', { message: "Give the pickup location's name as it is in the courier's panel.", path: ['pickupLocation'] });
export type CourierSettings = z.output<typeof courierSettingsContract>;

export const DEFAULT_COURIER_SETTINGS: CourierSettings = { courier: 'none', pickupLocation: '', parcelGrams: PARCEL_GRAMS.usual };

/** What the settings screen shows: the saved choice, and which couriers this shop has keys for. */
export interface CourierSettingsView extends CourierSettings {
  available: CourierName[];
  /** The couriers are played by the local courier (development): nothing real is booked. */
  local: boolean;
  /** Where each courier's webhook should be set, in its panel. */
  webhookUrls: Partial<Record<CourierName, string>>;
}

export const bookParcelContract = z.object({ weightGrams: grams });

export const ndrDecisionContract = z.object({ decision: z.enum(NDR_DECISIONS, { error: 'Choose to try again or to have it returned.' }) });

/** The tracking look-up: the order number (VA100001, with or without VA or #) and the delivery PIN code. */
export const trackQuery = z.object({
  order: z
    .string({ error: ORDER_NUMBER_MESSAGE })
    .transform((v, ctx) => orderNumberOf(v) ?? (ctx.addIssue({ code: 'custom', message: ORDER_NUMBER_MESSAGE }), z.NEVER)),
  pin: pincodeField,
});
export type TrackQuery = z.output<typeof trackQuery>;
