/**
 * A return or exchange request as the shopper's form and the API take it, and the owner's return
 * rules (issue 49): one contract for both sides.
 */
import { COD_REFUND_WAYS, RESOLUTIONS, RETURN_PHOTOS, RETURN_REASONS, RETURN_WORDS, SHOP_AT_FAULT, type ReturnSettings } from './returns.ts';
import { sizeName } from './cart.contract.ts';
import { tracking } from './admin-orders.contract.ts';
import { bookParcelContract } from './parcels.contract.ts';
import { tidy } from './text-rules.ts';
import { z } from './zod.ts';

/** A photograph's id as the upload answers it. */
export const photoId = z.string().regex(/^[0-9a-f]{64}$/, RETURN_WORDS.photoUnknown);

const returnLine = z.object({
  lineId: z.number({ error: RETURN_WORDS.noSuchLine }).int(RETURN_WORDS.noSuchLine).positive(RETURN_WORDS.noSuchLine),
  quantity: z.number({ error: 'Say how many pieces.' }).int('Say how many pieces.').min(1, 'Return at least 1 piece.').max(99, 'Return at most 99 pieces.'),
  /** The size wanted instead, for an exchange. */
  exchangeSize: sizeName.optional(),
});

export const returnRequestContract = z
  .object({
    lines: z
      .array(returnLine, { error: 'Choose the pieces to return.' })
      .min(1, 'Choose the pieces to return.')
      .max(50, 'Choose at most 50 pieces.')
      .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, 'Choose each piece once.'),
    reason: z.enum(RETURN_REASONS, { error: 'Say why you are returning it.' }),
    resolution: z.enum(RESOLUTIONS, { error: 'Choose an exchange or a refund.' }),
    note: z.string({ error: 'The note must be text.' }).transform(tidy).pipe(z.string().max(500, 'Keep the note under 500 characters.')).default(''),
    /** The pickup fee the form showed (paise): a request whose fee has changed since is refused, to be looked at again. */
    pickupFeeShown: z.number({ error: 'The pickup fee shown must be an amount.' }).int().min(0).optional(),
    photos: z
      .array(photoId, { error: RETURN_WORDS.photoUnknown })
      .max(RETURN_PHOTOS.max, RETURN_WORDS.photosNeeded)
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .refine((r) => !SHOP_AT_FAULT.has(r.reason) || r.photos.length >= RETURN_PHOTOS.min, { message: RETURN_WORDS.photosNeeded, path: ['photos'] })
  .refine((r) => r.resolution === 'refund' || r.lines.every((l) => l.exchangeSize), { message: 'Choose the size you want instead.', path: ['lines'] })
  .refine((r) => r.resolution === 'exchange' || r.lines.every((l) => !l.exchangeSize), { message: 'A refund has no size to exchange for.', path: ['lines'] });

export type ReturnRequestInput = z.input<typeof returnRequestContract>;
export type ReturnRequestBody = z.output<typeof returnRequestContract>;

export const returnSettingsContract = z.object({
  windowDays: z.number({ error: 'The return window must be a number of days.' }).int('The return window must be whole days.').min(0, 'The return window cannot be negative.').max(30, 'The return window must be at most 30 days.'),
  pickupFeePaise: z.number({ error: 'The pickup fee must be an amount in rupees.' }).int('The pickup fee must be whole paise.').min(0, 'The pickup fee cannot be negative.').max(500_00, 'The pickup fee must be at most ₹500.'),
  feeAfterReturns: z.number({ error: 'Say after how many returns the fee applies.' }).int('Give a whole number of returns.').min(1, 'The fee applies from 1 return on at the least.').max(20, 'Give at most 20 returns.').nullable(),
  codRefund: z.enum(COD_REFUND_WAYS, { error: 'Choose how Cash on Delivery orders are refunded.' }),
  returnAddress: z
    .string({ error: 'The return address must be text.' })
    .transform((a) => a.split('\n').map(tidy).filter(Boolean).join('\n'))
    .pipe(z.string().max(300, 'Keep the return address under 300 characters.').refine((a) => a.split('\n').length <= 6, 'Give the return address in at most 6 lines.')),
}) satisfies z.ZodType<ReturnSettings, z.input<z.ZodType<ReturnSettings>>>;

/** The owner refusing a request: the words the shopper reads. */
export const refuseReturnContract = z.object({
  reason: z.string({ error: 'Say why the request is not accepted.' }).transform(tidy).pipe(z.string().min(5, 'Say why the request is not accepted.').max(500, 'Keep the reason under 500 characters.')),
});

/** How an approved piece comes back (issue 49): the shopper sends it to the shop's return address. */
export const pickupContract = z.object({ way: z.enum(['self'], { error: 'Choose how the piece comes back.' }) });

/** A courier's pickup of an approved piece (issue 49): the parcel's weight, as for an order's parcel. */
export const returnPickupContract = bookParcelContract;

/**
 * An exchange's new size sent (issue 49): with the shop's courier (its weight), or with the owner's
 * own courier (its tracking number as well).
 */
export const shipExchangeContract = bookParcelContract.extend({
  trackingNumber: tracking.optional().transform((v) => v ?? null),
});
export type ShipExchangeBody = z.output<typeof shipExchangeContract>;

/** The owner's check of a piece that came back: passed, or failed with what was found. */
export const returnCheckContract = z
  .object({
    passed: z.boolean({ error: 'Say whether the piece passed the check.' }),
    note: z.string({ error: 'The note must be text.' }).transform(tidy).pipe(z.string().max(500, 'Keep the note under 500 characters.')).default(''),
  })
  .refine((c) => c.passed || c.note.length >= 5, { message: RETURN_WORDS.checkNoteNeeded, path: ['note'] });

/** The owner's list, by state ("open": every request not closed yet). */
export const returnsListQuery = z.object({ show: z.enum(['open', 'all'], { error: 'Show open or all requests.' }).default('open') });
