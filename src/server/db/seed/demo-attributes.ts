/**
 * The demo catalog's filter attributes (issue 20), read from each product's own words (its Fabric,
 * Work or Weave, Occasion and Origin highlights, its name) and its picture's body colour, as
 * demo-details.ts reads its garment details: the filters and the page can never disagree. Where the
 * words mislead (a border named where the weave is not), an override says what the piece is.
 */
import { COLOURS, OCCASIONS, valuesOf, type Colour, type Fabric, type Occasion, type Origin, type ProductAttributes, type Weave } from '../../../shared/attributes.ts';
import type { DemoProduct } from './demo-types.ts';

export function demoAttributes(p: DemoProduct): ProductAttributes {
  const colour = colourFamily(p.image.colors.body);
  const derived: ProductAttributes = {
    fabric: fabricOf(p),
    colour,
    colourName: shadeNamed(p, colour),
    occasions: occasionsOf(p),
    weave: weaveOf(p),
    origin: originOf(p),
  };
  return { ...derived, ...DEMO_ATTRIBUTE_OVERRIDES[p.key] };
}

/** Where the derivation reads a product wrong, what it is; keyed by product key (the test checks each key still exists). */
export const DEMO_ATTRIBUTE_OVERRIDES: Readonly<Record<string, Partial<ProductAttributes>>> = {
  // Its Work highlight names only the reversible border; a Maheshwari is a handloom weave.
  'rust-maheshwari-cotton-silk-saree-reversible-border': { weave: 'handloom' },
  // "Zari and resham yoke embroidery": the zari is embroidered, not woven.
  'wine-silk-blend-kurta-set-zari-yoke': { weave: 'embroidery' },
  // Its fabric is Banarasi brocade; the Work highlight says only "woven zari butas".
  'peacock-blue-banarasi-silk-lehenga': { weave: 'brocade' },
  // No Occasion highlight; the description says "built for work days" and "office-ready".
  'teal-straight-cotton-kurta-pintucks': { occasions: ['daily', 'office'] },
  'mauve-rayon-palazzo-kurta-set': { occasions: ['daily', 'office'] },
};

const highlight = (p: DemoProduct, label: string) => p.keyHighlights[label] ?? '';

// ---- Fabric ---------------------------------------------------------------------------------------

/**
 * In the order they are tried: a blend before its parts, a sheer before the cotton it is lined
 * with ("Georgette with cotton slip"), silk before crepe (a Mysore crepe is a silk), and brocade,
 * which is always woven in silk here.
 */
const FABRIC_WORDS: readonly [Fabric, RegExp][] = [
  ['silk-cotton', /silk[- ]cotton|cotton[- ]silk|chanderi/],
  ['georgette', /georgette/],
  ['chiffon', /chiffon/],
  ['organza', /organza/],
  ['net', /\bnet\b/],
  ['velvet', /velvet/],
  ['linen', /linen/],
  ['rayon', /rayon/],
  ['silk', /silk|brocade/],
  ['crepe', /crepe/],
  ['cotton', /cotton|mulmul|muslin/],
];

/** The piece's own fabric: the Fabric highlight's first part, before its pants and dupattas. */
function fabricOf(p: DemoProduct): Fabric | null {
  const main = highlight(p, 'Fabric').split(',')[0]!.toLowerCase();
  return FABRIC_WORDS.find(([, words]) => words.test(main))?.[0] ?? null;
}

// ---- Colour ---------------------------------------------------------------------------------------

/**
 * Shades the shop names, each in its family, at a usual swatch. A body colour takes the family of
 * the nearest shade (so a pastel pink is pink, not white), and a shade the product's words name is
 * the owner's word for it. Teal is counted blue, with peacock blue; rust and peach orange; mauve
 * and plum purple; wine maroon; mustard yellow (gold is the metallic, muga's natural colour).
 */
const SHADES: readonly { name: string; hex: string; family: Colour }[] = [
  { name: 'Red', hex: '#c0262d', family: 'red' },
  { name: 'Sindoor red', hex: '#c41e2a', family: 'red' },
  { name: 'Vermilion', hex: '#d23a2c', family: 'red' },
  { name: 'Maroon', hex: '#7a1f2b', family: 'maroon' },
  { name: 'Wine', hex: '#722f37', family: 'maroon' },
  { name: 'Burgundy', hex: '#800020', family: 'maroon' },
  { name: 'Pink', hex: '#e0528f', family: 'pink' },
  { name: 'Rani pink', hex: '#d81b75', family: 'pink' },
  { name: 'Magenta', hex: '#b5176e', family: 'pink' },
  { name: 'Pastel pink', hex: '#f5c4d0', family: 'pink' },
  { name: 'Baby pink', hex: '#f4c2c2', family: 'pink' },
  { name: 'Orange', hex: '#e8772e', family: 'orange' },
  { name: 'Rust', hex: '#b7410e', family: 'orange' },
  { name: 'Saffron', hex: '#f39325', family: 'orange' },
  { name: 'Coral', hex: '#f2785c', family: 'orange' },
  { name: 'Peach', hex: '#f8c6a4', family: 'orange' },
  { name: 'Pastel peach', hex: '#f6cbb0', family: 'orange' },
  { name: 'Yellow', hex: '#e9b824', family: 'yellow' },
  { name: 'Mustard', hex: '#d8a21c', family: 'yellow' },
  { name: 'Lemon', hex: '#f3e56b', family: 'yellow' },
  { name: 'Green', hex: '#2f7d4a', family: 'green' },
  { name: 'Bottle green', hex: '#0b5235', family: 'green' },
  { name: 'Emerald', hex: '#1f8a55', family: 'green' },
  { name: 'Parrot green', hex: '#6cbe45', family: 'green' },
  { name: 'Mehendi green', hex: '#6b7d2d', family: 'green' },
  { name: 'Sage green', hex: '#9caf98', family: 'green' },
  { name: 'Mint', hex: '#bde3cc', family: 'green' },
  { name: 'Blue', hex: '#2456a8', family: 'blue' },
  { name: 'Peacock blue', hex: '#00627f', family: 'blue' },
  { name: 'Teal', hex: '#0e7c7b', family: 'blue' },
  { name: 'Midnight blue', hex: '#1c2850', family: 'blue' },
  { name: 'Navy', hex: '#1f2a5c', family: 'blue' },
  { name: 'Indigo', hex: '#2f3b6f', family: 'blue' },
  { name: 'Powder blue', hex: '#abc8e0', family: 'blue' },
  { name: 'Pastel blue', hex: '#aac7df', family: 'blue' },
  { name: 'Sky blue', hex: '#87c3e8', family: 'blue' },
  { name: 'Purple', hex: '#6e3a96', family: 'purple' },
  { name: 'Mauve', hex: '#b585a6', family: 'purple' },
  { name: 'Lavender', hex: '#b9a3d6', family: 'purple' },
  { name: 'Plum', hex: '#7d3c6e', family: 'purple' },
  { name: 'White', hex: '#ffffff', family: 'white' },
  { name: 'Off-white', hex: '#f5f0e4', family: 'white' },
  { name: 'Ivory', hex: '#fbf6e6', family: 'white' },
  { name: 'Cream', hex: '#f7ecd0', family: 'white' },
  { name: 'Beige', hex: '#d9c4a0', family: 'beige' },
  { name: 'Gold', hex: '#c9a23a', family: 'gold' },
  { name: 'Antique gold', hex: '#b8954a', family: 'gold' },
  { name: 'Brown', hex: '#7b4a2a', family: 'brown' },
  { name: 'Grey', hex: '#8a8a8a', family: 'grey' },
  { name: 'Silver', hex: '#c7c9cc', family: 'grey' },
  { name: 'Black', hex: '#1b1b1f', family: 'black' },
];

/** The family of the shade nearest a colour, as the eye judges nearness (CIE Lab). */
function colourFamily(hex: string): Colour {
  const lab = toLab(hex);
  let nearest = SHADES[0]!;
  for (const shade of SHADES) if (distance(lab, toLab(shade.hex)) < distance(lab, toLab(nearest.hex))) nearest = shade;
  return nearest.family;
}

/**
 * The owner's word for the shade: the first shade of the piece's family its name says, else its
 * description ("Sindoor red Banarasi"). A bare family word (Red, Maroon) is no more than the
 * filter already says, so it names nothing; a shade of another family names the border, not the piece.
 */
function shadeNamed(p: DemoProduct, family: Colour): string | null {
  const ofFamily = SHADES.filter((s) => s.family === family && s.name !== COLOURS[family]);
  for (const text of [p.name, p.description]) {
    const said = ofFamily
      .map((s) => ({ name: s.name, at: text.toLowerCase().search(new RegExp(`\\b${s.name.toLowerCase()}\\b`)) }))
      .filter((s) => s.at >= 0)
      .sort((a, b) => a.at - b.at || b.name.length - a.name.length);
    if (said[0]) return said[0].name;
  }
  return null;
}

type Lab = [l: number, a: number, b: number];

function toLab(hex: string): Lab {
  const [r, g, b] = [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  // sRGB to XYZ (D65), scaled by the white point.
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const [fx, fy, fz] = [x, y, z].map((v) => (v > 0.008856 ? Math.cbrt(v) : 7.787 * v + 16 / 116)) as [number, number, number];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

const distance = (p: Lab, q: Lab) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);

// ---- Occasions ------------------------------------------------------------------------------------

/** The words an Occasion highlight uses for each; a wedding's own functions are the wedding. */
const OCCASION_WORDS: Readonly<Record<Occasion, RegExp>> = {
  festive: /festive|diwali|puja|navratri|garba|dandiya|eid|onam|vishu|teej|karva chauth|gudi padwa|bihu|lohri|baisakhi|temple/,
  wedding: /wedding|bridal|muhurtham|pheras|sangeet|mehendi|haldi|reception/,
  party: /party|cocktail|evening/,
  daily: /daily|everyday|casual|college/,
  office: /\boffice\b|\bwork\b/,
};

/** What a collection says of a piece whose highlights name no occasion. */
const COLLECTION_OCCASION: Readonly<Record<string, Occasion>> = {
  festive: 'festive',
  bridal: 'wedding',
  'party-wear': 'party',
  'daily-wear': 'daily',
  summer: 'daily',
};

function occasionsOf(p: DemoProduct): Occasion[] {
  const said = highlight(p, 'Occasion').toLowerCase();
  const named = valuesOf(OCCASIONS).filter((o) => OCCASION_WORDS[o].test(said));
  if (named.length) return named;
  const fromCollections = new Set(p.collections.map((c) => COLLECTION_OCCASION[c]));
  return valuesOf(OCCASIONS).filter((o) => fromCollections.has(o));
}

// ---- Weave or work --------------------------------------------------------------------------------

/** The crafts a highlight can name; the one named first is the piece's main one. */
const CRAFT_WORDS: readonly [Weave, RegExp][] = [
  ['ikat', /ikat|patola|bandha\b/],
  ['jamdani', /jamdani/],
  ['kalamkari', /kalamkari/],
  ['ajrakh', /ajrakh/],
  ['chikankari', /chikankari/],
  ['bandhani', /bandhani/],
  ['leheriya', /leheriya/],
  ['mirror-work', /mirror/],
  ['sequins', /sequin/],
  ['embroidery', /embroider|zardozi|phulkari/],
  ['gota-patti', /gota/],
  ['block-print', /block print|dabu/],
  ['printed', /print/],
  ['brocade', /brocade|kadhua|jacquard/],
  ['zari', /zari|kasavu/],
];

/**
 * The first craft the Weave or Work highlight names, else the name's, else the Fabric's ("Pure silk
 * with zari"); a piece said only to be woven or handloom is plain handloom, anything else plain.
 */
function weaveOf(p: DemoProduct): Weave {
  const texts = [`${highlight(p, 'Weave')} ${highlight(p, 'Work')}`, p.name, highlight(p, 'Fabric')].map((t) => t.toLowerCase());
  for (const text of texts) {
    const first = firstNamed(text, CRAFT_WORDS);
    if (first) return first;
  }
  return texts.some((t) => /handloom|woven/.test(t)) ? 'handloom' : 'plain';
}

function firstNamed<T>(text: string, words: readonly [T, RegExp][]): T | null {
  let best: { value: T; at: number } | null = null;
  for (const [value, pattern] of words) {
    const at = text.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { value, at };
  }
  return best?.value ?? null;
}

// ---- Origin ---------------------------------------------------------------------------------------

/** Places and the weaves named after them, the town before its state (Kota before Rajasthan). */
const ORIGIN_WORDS: readonly [Origin, RegExp][] = [
  ['kanjeevaram', /kanchipuram|kanjeevaram|kanjivaram/],
  ['banarasi', /varanasi|banaras/],
  ['chanderi', /chanderi/],
  ['maheshwari', /maheshwar/],
  ['paithani', /paithan|yeola/],
  ['patola', /patola|rajkot/],
  ['sambalpuri', /sambalpur|bargarh/],
  ['pochampally', /pochampally/],
  ['mysore', /mysore|mysuru/],
  ['kasavu', /kasavu|kerala|balaramapuram/],
  ['kota-doria', /\bkota\b/],
  ['bhagalpur', /bhagalpur/],
  ['assam', /assam|sualkuchi|muga/],
  ['lucknow', /lucknow/],
  ['bengal', /bengal|shantipur|phulia|bishnupur|baluchari/],
  ['rajasthan', /rajasthan|jaipur|sanganer|bagru/],
  ['gujarat', /gujarat|kutch|bhuj|jamnagar/],
];

/** Where the Origin highlight, the name, the fabric or the work places it; null when none does. */
function originOf(p: DemoProduct): Origin | null {
  const text = [highlight(p, 'Origin'), p.name, highlight(p, 'Fabric'), highlight(p, 'Work')].join(' ').toLowerCase();
  return ORIGIN_WORDS.find(([, words]) => words.test(text))?.[0] ?? null;
}
