/** A product row's filter attributes (issue 20), as the contracts carry them. */
import type { ProductAttributes } from '../../../shared/attributes.ts';

export const attributesOf = (row: ProductAttributes): ProductAttributes => ({
  fabric: row.fabric,
  colour: row.colour,
  colourName: row.colourName,
  occasions: row.occasions,
  weave: row.weave,
  origin: row.origin,
});
