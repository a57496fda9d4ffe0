/**
 * The catalog API's request contract: the server validates with these schemas.
 */
import { z } from './zod.ts';
import { MAX_RANGE, MAX_SEARCH_LENGTH, PRODUCTS_PAGE_SIZE } from './catalog.ts';

/**
 * Plain decimal digits only: JavaScript's Number() also reads `0x10`, `0b1`, `1e3`, `+5` and
 * ` 5`, which would give one thing many spellings (and many cache entries and canonical URLs).
 */
export const PLAIN_DIGITS = /^(0|[1-9][0-9]{0,15})$/;

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .string()
    .transform((v, ctx) => {
      if (PLAIN_DIGITS.test(v)) return Number(v);
      const negative = /^\s*-/.test(v);
      ctx.addIssue({ code: 'custom', message: negative ? `${field} must not be negative.` : `${field} must be a whole number.` });
      return z.NEVER;
    })
    .pipe(z.number().min(min, `${field} must be at least ${min}.`).max(max, `${field} must be at most ${max}.`));

export const rangeQuery = z.object({
  offset: wholeNumber('offset', 0, 1_000_000).default(0),
  limit: wholeNumber('limit', 1, MAX_RANGE).default(PRODUCTS_PAGE_SIZE),
});
export type RangeQuery = z.infer<typeof rangeQuery>;

/** Search text: NUL and other control characters dropped, white space folded, cut to a sane length. */
export const searchText = z
  .string()
  .transform((s) =>
    s
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_SEARCH_LENGTH),
  );

export const searchQuery = z.object({ q: searchText.default('') });

/** The largest id PostgreSQL's integer holds. */
export const MAX_ID = 2_147_483_647;

/** A product id as written in a URL: plain digits, no leading zero (one spelling per product). */
export const PRODUCT_ID = /^[1-9][0-9]{0,9}$/;

export const productId = z
  .string()
  .regex(PRODUCT_ID, 'Product not found')
  .transform(Number)
  .pipe(z.number().max(MAX_ID, 'Product not found'));

export const slugParam = z.string().regex(/^[a-z0-9-]{1,80}$/, 'Not found');

