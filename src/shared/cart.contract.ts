/** The cart's request contract (spec §5 Cart: quantity at least 1), for the API and the quantity control. */
import { MAX_ID } from './catalog.contract.ts';
import { MAX_QUANTITY, MIN_QUANTITY, QUANTITY_NOT_WHOLE, QUANTITY_TOO_HIGH, QUANTITY_TOO_LOW } from './cart.ts';
import { CHOOSE_SIZE, SIZE_NOT_OFFERED, SIZE_PATTERN } from './sizes.ts';
import { z } from './zod.ts';

export { SIZE_PATTERN };

/** A size as a shopper may name one: letters, figures, spaces and . - / only, short (a NUL or a page of text is no size). */
export const sizeName = z.string({ error: CHOOSE_SIZE }).regex(SIZE_PATTERN, SIZE_NOT_OFFERED);

export const PRODUCT_NOT_FOUND = 'Product not found';

const quantity = z
  .number({ error: QUANTITY_NOT_WHOLE })
  .int(QUANTITY_NOT_WHOLE)
  .min(MIN_QUANTITY, QUANTITY_TOO_LOW)
  .max(MAX_QUANTITY, QUANTITY_TOO_HIGH);

/** Spec §7 upsert: a card adds one; the product page may say how many. */
export const addToCartContract = z.object({
  productId: z.number({ error: PRODUCT_NOT_FOUND }).int(PRODUCT_NOT_FOUND).min(1, PRODUCT_NOT_FOUND).max(MAX_ID, PRODUCT_NOT_FOUND),
  /** Required for a piece in sizes; a one-size piece may leave it out. */
  size: sizeName.optional(),
  quantity: quantity.default(MIN_QUANTITY),
});
export type AddToCartInput = z.infer<typeof addToCartContract>;

/** Spec §7: update quantity, update selected; and (issue 16) move the line to another size. */
export const cartLineContract = z
  .object({ quantity: quantity.optional(), selected: z.boolean({ error: 'Selected must be true or false.' }).optional(), size: sizeName.optional() })
  .refine((v) => v.quantity !== undefined || v.selected !== undefined || v.size !== undefined, { message: 'Nothing to change.' });
export type CartLineInput = z.infer<typeof cartLineContract>;
