/**
 * The catalog API's request contract: the server validates with these schemas.
 */
import { z } from 'zod';
import { MAX_RANGE, MAX_SEARCH_LENGTH, PRODUCTS_PAGE_SIZE } from './catalog.ts';

const wholeNumber = (field: string, max: number) =>
  z.coerce
    .number({ message: `${field} must be a whole number.` })
    .int(`${field} must be a whole number.`)
    .min(0, `${field} must not be negative.`)
    .max(max, `${field} must be at most ${max}.`);

export const rangeQuery = z.object({
  offset: wholeNumber('offset', 1_000_000).default(0),
  limit: wholeNumber('limit', MAX_RANGE).min(1, 'limit must be at least 1.').default(PRODUCTS_PAGE_SIZE),
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

export const productId = z.coerce
  .number({ message: 'Product not found' })
  .int('Product not found')
  .positive('Product not found')
  .max(2_147_483_647, 'Product not found');

export const slugParam = z.string().regex(/^[a-z0-9-]{1,80}$/, 'Not found');

