/**
 * Coupons and offers (issue 50): the owner's offer and batch of codes, and the code a shopper
 * applies, as the forms and the API take them (one contract for both sides).
 */
import { fromIndiaWall } from './india-time.ts';
import { CODE_PATTERN, foldCode, OFFER_KINDS, OFFER_MODES, OFFER_TYPES, OFFER_WORDS } from './offers.ts';
import { MAX_ORDER_TOTAL } from './orders.ts';
import { tidy } from './text-rules.ts';
import { z } from './zod.ts';

/** A code as typed: spaces dropped and capitals (never refused for its case), then its shape. */
export const codeInput = z
  .string({ error: OFFER_WORDS.codeShape })
  .transform(foldCode)
  .pipe(z.string().regex(CODE_PATTERN, OFFER_WORDS.codeShape));

/** A shopper applying a code in the cart or at checkout. */
export const applyCodeContract = z.object({ code: codeInput });

/** A time on India's wall clock, as a datetime field gives it ('2026-10-20T00:00'); empty: none. */
const indiaTime = (what: string) =>
  z
    .string({ error: `Give the ${what} as a date and time.` })
    .nullable()
    .transform((text, ctx) => {
      if (text === null || text.trim() === '') return null;
      const at = fromIndiaWall(text);
      if (!at) ctx.addIssue({ code: 'custom', message: `Give the ${what} as a date and time.` });
      return at;
    });

const paise = (message: string) => z.number({ error: message }).int(message);
const scopeEntry = z.object({
  target: z.enum(['product', 'category'], { error: 'Choose products or categories.' }),
  targetId: z.number({ error: 'Choose a product or category.' }).int().positive('Choose a product or category.'),
  included: z.boolean({ error: 'Say whether it is included or left out.' }),
});

/** The owner's offer: a code's terms, or an automatic offer's. */
export const offerContract = z
  .object({
    name: z.string({ error: 'Give the offer a name shoppers will read.' }).transform(tidy).pipe(z.string().min(3, 'Give the offer a name shoppers will read.').max(80, 'Keep the name under 80 characters.')),
    campaign: z.string({ error: 'The campaign must be text.' }).transform(tidy).pipe(z.string().max(60, 'Keep the campaign under 60 characters.')).default(''),
    mode: z.enum(OFFER_MODES, { error: 'Choose a code or an automatic offer.' }),
    code: codeInput.nullable().default(null),
    type: z.enum(OFFER_TYPES, { error: 'Choose percent off, a flat amount or free shipping.' }),
    /** Product offers take off the pieces in scope, order offers the whole order; free shipping is the shipping kind. */
    kind: z.enum(OFFER_KINDS, { error: 'Choose what the offer takes off.' }).nullable().default(null),
    percent: paise(OFFER_WORDS.percent).min(1, OFFER_WORDS.percent).max(90, OFFER_WORDS.percent).nullable().default(null),
    capPaise: paise('The cap must be an amount in rupees.').min(100, 'The cap must be at least ₹1.').max(MAX_ORDER_TOTAL, 'The cap is too large.').nullable().default(null),
    flatPaise: paise(OFFER_WORDS.flat).min(100, OFFER_WORDS.flat).max(10_000_00, OFFER_WORDS.flat).nullable().default(null),
    minOrderPaise: paise('The minimum order must be an amount in rupees.').min(0, 'The minimum order cannot be negative.').max(MAX_ORDER_TOTAL, 'The minimum order is too large.').default(0),
    minPieces: z.number({ error: 'Give a number of pieces.' }).int('Give a whole number of pieces.').min(0, 'The pieces cannot be negative.').max(99, 'Give at most 99 pieces.').default(0),
    startsAt: indiaTime('start').default(null),
    endsAt: indiaTime('end').default(null),
    firstOrderOnly: z.boolean().default(false),
    perShopperMax: z.number({ error: 'Give the uses per shopper.' }).int('Give a whole number of uses.').min(1, 'Allow each shopper 1 use at least.').max(100, 'Give at most 100 uses per shopper.').nullable().default(1),
    maxUses: z.number({ error: 'Give the total uses.' }).int('Give a whole number of uses.').min(1, 'Allow 1 use at least.').max(1_000_000, 'Give at most 10,00,000 uses.').nullable().default(null),
    codAllowed: z.boolean().default(true),
    includeSaleItems: z.boolean().default(false),
    scope: z.array(scopeEntry).max(200, 'Choose at most 200 products and categories.').default([]),
  })
  .refine((o) => o.mode === 'automatic' || o.code !== null, { message: 'Give the code shoppers type.', path: ['code'] })
  .refine((o) => o.mode === 'code' || o.code === null, { message: 'An automatic offer has no code.', path: ['code'] })
  .refine((o) => o.type !== 'percent' || o.percent !== null, { message: OFFER_WORDS.percent, path: ['percent'] })
  .refine((o) => o.type !== 'flat' || o.flatPaise !== null, { message: OFFER_WORDS.flat, path: ['flatPaise'] })
  .refine((o) => o.type !== 'flat' || o.flatPaise === null || o.flatPaise <= o.minOrderPaise, { message: OFFER_WORDS.flatOverMinimum, path: ['flatPaise'] })
  .refine((o) => (o.type === 'free_shipping') === (o.kind === 'shipping') || o.kind === null, { message: 'Free shipping is the only shipping offer.', path: ['kind'] })
  .refine((o) => !o.endsAt || o.endsAt.getTime() > (o.startsAt ?? new Date()).getTime(), { message: OFFER_WORDS.endBeforeStart, path: ['endsAt'] })
  .transform((o) => ({
    ...o,
    kind: o.type === 'free_shipping' ? ('shipping' as const) : (o.kind ?? 'order'),
    percent: o.type === 'percent' ? o.percent : null,
    capPaise: o.type === 'percent' ? o.capPaise : null,
    flatPaise: o.type === 'flat' ? o.flatPaise : null,
  }));
export type OfferInput = z.input<typeof offerContract>;
export type OfferBody = z.output<typeof offerContract>;

/** A batch of single-use codes for a campaign: how many, and what they start with. */
export const batchContract = z.object({
  count: z.number({ error: 'Say how many codes.' }).int('Say how many codes.').min(1, 'Make 1 code at least.').max(1000, 'Make at most 1,000 codes at a time.'),
  prefix: z
    .string({ error: 'The prefix must be text.' })
    .transform(foldCode)
    .pipe(z.string().regex(/^[A-Z0-9]{0,11}$/, 'Keep the prefix to 11 letters and digits.'))
    .default(''),
});
export type BatchBody = z.output<typeof batchContract>;
