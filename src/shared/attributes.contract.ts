/**
 * A piece's attributes as the owner's editor, the API and the imports take them (issue 20). A file
 * of its own, apart from the lists in attributes.ts: the shopper's product and listing pages read
 * the lists and labels, and building these schemas when such a page's code loads took 20 to 30 ms
 * of a budget phone's main thread (at Lighthouse's 4x slowdown) for nothing the shopper uses.
 */
import { COLOUR_NAME_MAX, COLOURS, FABRICS, NO_ATTRIBUTES, OCCASIONS, ORIGINS, valuesOf, WEAVES } from './attributes.ts';
import { charCount, tidy } from './text-rules.ts';
import { z } from './zod.ts';

const oneOf = <T extends Readonly<Record<string, string>>>(choices: T, what: string) =>
  z.enum(valuesOf(choices), { error: `Choose the ${what} from the list.` }).nullable().default(null);

/** As the editor, the API and the imports take them: every one may be left unsaid. */
export const productAttributesContract = z
  .object(
    {
      fabric: oneOf(FABRICS, 'fabric'),
      colour: oneOf(COLOURS, 'colour'),
      colourName: z
        .string({ error: 'The shade must be text.' })
        .nullish()
        .transform((v) => (v == null ? null : tidy(v) || null))
        .refine((v) => v === null || charCount(v) <= COLOUR_NAME_MAX, `The shade's name must be at most ${COLOUR_NAME_MAX} characters.`),
      occasions: z
        .array(z.enum(valuesOf(OCCASIONS), { error: 'Choose occasions from the list.' }), { error: 'Occasions must be a list.' })
        .max(Object.keys(OCCASIONS).length * 2, 'Choose occasions from the list.')
        .default([])
        // Once each, in the list's order: the same choice always reads and compares the same.
        .transform((list) => valuesOf(OCCASIONS).filter((o) => list.includes(o))),
      weave: oneOf(WEAVES, 'weave or work'),
      origin: oneOf(ORIGINS, 'origin'),
    },
    { error: 'Attributes must be a set of fields.' },
  )
  .refine((a) => a.colourName === null || a.colour !== null, { message: 'Choose the colour this shade belongs to.', path: ['colour'] })
  .default(NO_ATTRIBUTES);
