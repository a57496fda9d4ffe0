/**
 * What a shopper narrows a list by (issue 20): a piece's fabric, colour, occasions, weave or work,
 * and origin. Each is chosen from a fixed list, so "Silk" and "silk " can never split a filter's
 * count in two; the owner's own word for a shade (Rani pink, Bottle green) sits beside its colour.
 * The lists are the values the database accepts too (its check constraints, drizzle/0028): a new
 * value is a change here and a migration there. The values are what an address carries
 * (?fabric=silk), so they never change once a shop has shared a link; the labels may.
 */

/** A value as stored and sent in an address, and what the shopper reads. */
type Choices = Readonly<Record<string, string>>;

export const FABRICS = {
  silk: 'Silk',
  'silk-cotton': 'Silk cotton',
  cotton: 'Cotton',
  linen: 'Linen',
  georgette: 'Georgette',
  chiffon: 'Chiffon',
  crepe: 'Crepe',
  organza: 'Organza',
  net: 'Net',
  velvet: 'Velvet',
  rayon: 'Rayon',
} as const satisfies Choices;

/**
 * The colour families a shade belongs to, each with the swatch the filter shows. A shade of two
 * colours (a peacock blue body with a pink border) takes the colour that covers most of the piece.
 */
export const COLOURS = {
  red: 'Red',
  maroon: 'Maroon',
  pink: 'Pink',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  blue: 'Blue',
  purple: 'Purple',
  white: 'White',
  beige: 'Beige',
  gold: 'Gold',
  brown: 'Brown',
  grey: 'Grey',
  black: 'Black',
  multicolour: 'Multicolour',
} as const satisfies Choices;

export const OCCASIONS = {
  festive: 'Festive',
  wedding: 'Wedding',
  party: 'Party',
  daily: 'Daily wear',
  office: 'Office',
} as const satisfies Choices;

export const WEAVES = {
  zari: 'Zari weave',
  brocade: 'Brocade',
  ikat: 'Ikat',
  jamdani: 'Jamdani',
  handloom: 'Plain handloom',
  bandhani: 'Bandhani',
  leheriya: 'Leheriya',
  'block-print': 'Block print',
  kalamkari: 'Kalamkari',
  ajrakh: 'Ajrakh',
  printed: 'Printed',
  chikankari: 'Chikankari',
  embroidery: 'Embroidery',
  sequins: 'Sequin work',
  'mirror-work': 'Mirror work',
  'gota-patti': 'Gota patti',
  plain: 'Plain',
} as const satisfies Choices;

/** Where a weave or craft comes from, by the name shoppers search it by. */
export const ORIGINS = {
  banarasi: 'Banarasi',
  kanjeevaram: 'Kanjeevaram',
  chanderi: 'Chanderi',
  maheshwari: 'Maheshwari',
  paithani: 'Paithani',
  patola: 'Patola',
  sambalpuri: 'Sambalpuri',
  pochampally: 'Pochampally',
  mysore: 'Mysore',
  kasavu: 'Kerala Kasavu',
  bengal: 'Bengal',
  'kota-doria': 'Kota Doria',
  bhagalpur: 'Bhagalpur',
  assam: 'Assam',
  lucknow: 'Lucknow',
  rajasthan: 'Rajasthan',
  gujarat: 'Gujarat',
} as const satisfies Choices;

export type Fabric = keyof typeof FABRICS;
export type Colour = keyof typeof COLOURS;
export type Occasion = keyof typeof OCCASIONS;
export type Weave = keyof typeof WEAVES;
export type Origin = keyof typeof ORIGINS;

export interface ProductAttributes {
  fabric: Fabric | null;
  colour: Colour | null;
  /** The owner's own name for the shade (Rani pink); shown instead of the family's name. */
  colourName: string | null;
  occasions: Occasion[];
  weave: Weave | null;
  origin: Origin | null;
}

export const NO_ATTRIBUTES: ProductAttributes = { fabric: null, colour: null, colourName: null, occasions: [], weave: null, origin: null };

/** The keys of a list, for z.enum and the database's check. */
export const valuesOf = <T extends Choices>(choices: T) => Object.keys(choices) as [keyof T & string, ...(keyof T & string)[]];

export const COLOUR_NAME_MAX = 40;

/** The lines Product Details shows for them, in a buyer's order; nothing for what was left unsaid. */
export function attributeLines(a: ProductAttributes): [label: string, value: string][] {
  const lines: [string, string][] = [];
  if (a.fabric) lines.push(['Fabric', FABRICS[a.fabric]]);
  if (a.colour) lines.push(['Colour', a.colourName ?? COLOURS[a.colour]]);
  if (a.weave) lines.push(['Weave or work', WEAVES[a.weave]]);
  if (a.origin) lines.push(['Origin', ORIGINS[a.origin]]);
  if (a.occasions.length) lines.push(['Occasion', a.occasions.map((o) => OCCASIONS[o]).join(', ')]);
  return lines;
}
