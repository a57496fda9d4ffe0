/**
 * From what an import file says (a CSV cell, a details.json value) to a product for the same
 * contract the form uses (productInputContract), with spec §9's defaults for what it leaves out.
 * Values are only reshaped here, never judged: a value that does not fit is passed on as it is,
 * so the contract refuses it with the message the form would show. The exceptions name something
 * from a list the owner cannot see in a spreadsheet (a size list, an attribute's choices): their
 * messages say what to write instead.
 */
import { COLOURS, FABRICS, OCCASIONS, ORIGINS, WEAVES } from '../../../shared/attributes.ts';
import { AVAILABILITY } from '../../../shared/catalog.ts';
import { GARMENT_LENGTHS } from '../../../shared/garment.ts';
import { FABRIC_RATE_BP } from '../../../shared/gst.ts';
import { sizesInList } from '../catalog/products-admin.service.ts';
import { IMPORT_DEFAULTS, productInputContract, STOCK_FOR_LABEL, type ProductInput } from '../../../shared/admin-product.contract.ts';
import { LIST_SEPARATOR } from '../../../shared/admin-import.contract.ts';
import { parsePriceText } from '../../../shared/money.ts';
import { tidy } from '../../../shared/text-rules.ts';
import { IMPORT_MESSAGES as M, PRODUCT_FIELD_NAMES, type StockChange } from '../../../shared/admin-import.contract.ts';

export const FIELD_NAMES = PRODUCT_FIELD_NAMES;
export type FieldName = (typeof FIELD_NAMES)[number];
export type FieldValues = Partial<Record<FieldName, unknown>>;

/** `offerPrice`, `Offer Price`, `offer-price` → `offer_price`. */
export const snakeName = (key: string) =>
  key
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Empty (null, '', blanks) means "not given": the default applies. */
const given = (v: unknown) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v);

function price(v: unknown): unknown {
  if (typeof v !== 'string' && typeof v !== 'number') return v;
  return parsePriceText(v) ?? v;
}

function yesNo(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const word = v.trim().toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(word)) return true;
  if (['no', 'n', 'false', '0'].includes(word)) return false;
  return v;
}

/** An older file's label, as the count that shows it; anything else is left for the contract to refuse. */
function stockOfLabel(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const folded = v.trim().replace(/\s+/g, ' ').toLowerCase();
  const label = AVAILABILITY.find((a) => a.toLowerCase() === folded);
  return label ? STOCK_FOR_LABEL[label] : v;
}

/** `12` or `12 pieces`; anything else is left for the contract to refuse. */
function wholeNumber(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const m = /^\s*(\d{1,9})(\s*(pcs|pieces?))?\s*$/i.exec(v);
  return m ? Number(m[1]) : v;
}

const split = (s: string) =>
  s
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);

/** `Fabric: Pure silk | Length: 6.3 m`, an object of label to text, or the form's list. */
function highlights(v: unknown): unknown {
  if (typeof v === 'string') {
    return split(v).map((part) => {
      const colon = part.indexOf(':');
      return colon === -1 ? { label: '', text: part } : { label: part.slice(0, colon), text: part.slice(colon + 1) };
    });
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    return Object.entries(v).map(([label, text]) => ({ label, text: typeof text === 'number' ? String(text) : text }));
  }
  return v;
}

/** Slugs as `a|b` or a list; lower-cased, since slugs are. */
function slugs(v: unknown): unknown {
  if (typeof v === 'string') return split(v).map((s) => s.toLowerCase());
  if (Array.isArray(v)) return v.map((s) => (typeof s === 'string' ? s.trim().toLowerCase() : s));
  return v;
}

/** `S:4|M:0|L:2` (or `S=4`), or in details.json `{ "S": 4 }` or the form's list; counts as wholeNumber reads them. */
function sizes(v: unknown): unknown {
  const each = (size: string, stock: unknown) => ({ size: size.trim(), stock: wholeNumber(stock) });
  if (typeof v === 'string') {
    return split(v).map((part) => {
      const m = /^(.*?)\s*[:=]\s*(.*)$/.exec(part);
      return m ? each(m[1]!, m[2]!) : each(part, undefined);
    });
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) return Object.entries(v).map(([size, stock]) => each(size, stock));
  return v;
}

/** `5.5`, `5.5 m` or `5.5 metres`. */
function metres(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const m = /^\s*(\d{1,2}(?:\.\d+)?)\s*(m|metres?|meters?)?\s*$/i.exec(v);
  return m ? Number(m[1]) : v;
}

function blousePiece(v: unknown): unknown {
  const word = typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s_-]+/g, ' ') : yesNo(v);
  if (word === true || word === 'included' || word === 'yes' || word === 'y') return 'included';
  if (word === false || word === 'not included' || word === 'no' || word === 'n') return 'not_included';
  return v;
}

/** `Knee length` in any case, or `knee`. */
function garmentLength(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const word = v.trim().toLowerCase().replace(/\s+/g, ' ').replace(/ length$/, '');
  return GARMENT_LENGTHS.find((l) => l.toLowerCase() === `${word} length`) ?? v;
}

/** A size list's name in any case; empty, `none` or `one size`: one size. */
export const sizeListKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const ONE_SIZE_WORDS = ['none', 'one size', 'one-size'];

/**
 * What is wrong with a row's size list, if anything: a name the shop has no list of, or sizes
 * without a list. (Sizes outside the list are refused with the form's message when written.)
 */
export function sizeListProblem(f: FieldValues, lists: SizeListMap): { column: string; reason: string } | null {
  const name = given(f.size_list);
  const key = typeof name === 'string' ? sizeListKey(name) : undefined;
  const oneSize = name === undefined || (key !== undefined && ONE_SIZE_WORDS.includes(key));
  if (!oneSize && (key === undefined || !lists.has(key))) return { column: 'size_list', reason: M.noSizeList(String(name), [...lists.values()].map((l) => l.name)) };
  if (oneSize && given(f.sizes) !== undefined) return { column: 'sizes', reason: M.sizesNeedList };
  return null;
}

/** The sizes a checked product is written with, in its list's order, or the one size; a size outside the list: the message. */
export const wantedSizes = (input: Pick<ProductInput, 'sizeListId' | 'sizes' | 'stock'>, lists: SizeListMap) =>
  sizesInList(input, [...lists.values()].find((l) => l.id === input.sizeListId));

/** The counts that change from `before` (sizes on offer now) to `after` (what the import writes). */
export function stockChanges(before: { size: string; stock: number }[], after: { size: string; stock: number }[]): StockChange[] {
  const was = new Map(before.map((s) => [s.size, s.stock]));
  const changes = after.filter((s) => (was.get(s.size) ?? 0) !== s.stock).map((s) => ({ size: s.size, from: was.get(s.size) ?? 0, to: s.stock }));
  const kept = new Set(after.map((s) => s.size));
  return [...changes, ...before.filter((s) => !kept.has(s.size) && s.stock > 0).map((s) => ({ size: s.size, from: s.stock, to: 0 }))];
}

const DELIVERIES = { standard: 'standardDelivery', express: 'expressDelivery', pincode: 'pincodeDelivery' } as const;

/** `standard|express` (the ones offered; `none` for none) or the object of spec §3, in either spelling. */
function delivery(v: unknown): unknown {
  if (typeof v === 'string') {
    const words = split(v).map((w) => w.toLowerCase().replace(/[\s_-]*delivery$/, ''));
    if (words.length === 1 && words[0] === 'none') return { standardDelivery: false, expressDelivery: false, pincodeDelivery: false };
    if (words.some((w) => !(w in DELIVERIES))) return v;
    return Object.fromEntries(Object.entries(DELIVERIES).map(([word, key]) => [key, words.includes(word)]));
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const byName = Object.fromEntries(Object.entries(v).map(([k, x]) => [snakeName(k).replace(/_delivery$/, ''), yesNo(x)]));
    return Object.fromEntries(Object.entries(DELIVERIES).map(([word, key]) => [key, byName[word]]));
  }
  return v;
}

/** The product an import file describes, with spec §9's defaults, ready for the contract. */
export function draftOf(f: FieldValues, images: string[], lists: SizeListMap, fallbackName?: string): Record<string, unknown> {
  const v = Object.fromEntries(Object.entries(f).map(([k, x]) => [k, given(x)])) as FieldValues;
  const or = <T>(x: unknown, shape: (x: unknown) => unknown, fallback: T) => (x === undefined ? fallback : shape(x));
  const text = (x: unknown) => (x === undefined ? null : x);
  return {
    name: v.name ?? fallbackName,
    price: or(v.price, price, IMPORT_DEFAULTS.pricePaise),
    offerPrice: or(v.offer_price, price, null),
    stock: v.stock !== undefined ? wholeNumber(v.stock) : or(v.availability, stockOfLabel, IMPORT_DEFAULTS.stock),
    description: text(v.description),
    keyHighlights: or(v.key_highlights, highlights, []),
    fullDescription: text(v.full_description),
    manufactureAndCare: text(v.manufacture_and_care),
    returnPolicy: v.return_policy ?? IMPORT_DEFAULTS.returnPolicy,
    deliveryInfo: or(v.delivery_info, delivery, undefined),
    featured: or(v.featured, yesNo, false),
    categories: or(v.categories, slugs, []),
    collections: or(v.collections, slugs, []),
    sizeListId: typeof v.size_list === 'string' ? (lists.get(sizeListKey(v.size_list))?.id ?? null) : null,
    sizes: or(v.sizes, sizes, []),
    details: {
      sareeLengthM: or(v.saree_length_m, metres, null),
      blousePiece: or(v.blouse_piece, blousePiece, null),
      blouseLengthM: or(v.blouse_length_m, metres, null),
      fallPico: or(v.fall_pico, yesNo, null),
      fit: text(v.fit),
      length: or(v.length, garmentLength, null),
    },
    attributes: {
      fabric: or(v.fabric, (x) => choice(FABRICS, x), null),
      colour: or(v.colour, (x) => choice(COLOURS, x), null),
      colourName: text(v.colour_name),
      occasions: or(v.occasions, (x) => occasionList(x).map((o) => choice(OCCASIONS, o)), []),
      weave: or(v.weave, (x) => choice(WEAVES, x), null),
      origin: or(v.origin, (x) => choice(ORIGINS, x), null),
    },
    tax: {
      hsnCode: or(v.hsn_code, (x) => (typeof x === 'number' ? String(x) : x), null),
      taxRule: or(v.tax_rule, taxRuleWord, null),
      fixedRateBp: or(v.tax_rate, percentBp, v.tax_rule === undefined ? null : FABRIC_RATE_BP),
    },
    images,
  };
}

/** `fabric` or `fixed`, `apparel`; `shop` or `none` for the shop's rate; anything else as it is, for the contract to refuse. */
function taxRuleWord(x: unknown): unknown {
  if (typeof x !== 'string') return x;
  const w = x.trim().toLowerCase();
  return w === 'fabric' || w === 'fixed' ? 'fixed' : w === 'apparel' ? 'apparel' : w === 'shop' || w === 'none' ? null : x;
}

/** `5`, `5%` or `12.5` percent, in basis points; anything else as it is. */
function percentBp(x: unknown): unknown {
  const m = /^\s*(\d{1,2}(?:\.\d{1,2})?)\s*%?\s*$/.exec(String(x));
  return m ? Math.round(Number(m[1]) * 100) : x;
}

/** The CSV column a contract issue belongs to: the tax's and the attributes' parts are columns of their own. */
const TAX_COLUMNS: Record<string, string> = { hsnCode: 'hsn_code', taxRule: 'tax_rule', fixedRateBp: 'tax_rate' };
const columnOf = (path: readonly PropertyKey[]) =>
  path[0] === 'tax' ? (TAX_COLUMNS[String(path[1])] ?? 'tax_rule') : path[0] === 'attributes' && path[1] !== undefined ? snakeName(String(path[1])) : snakeName(String(path[0] ?? 'name'));

export type Checked = { ok: true; input: ProductInput } | { ok: false; reason: string; column: string };

/** The contract's verdict: the product, or the first failing field's message and its column. */
export function checkDraft(draft: Record<string, unknown>): Checked {
  const parsed = productInputContract.safeParse(draft);
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, reason: issue.message, column: columnOf(issue.path) };
}

type Choices = Readonly<Record<string, string>>;

/**
 * A cell's words as a list's value or label compare: tidied, A to Z lower-cased, hyphens,
 * underscores and spaces alike ('Block print', 'block-print', 'BLOCK_PRINT'). Only A to Z: a full
 * case folding would turn look-alikes into the letters they mimic (the Kelvin sign into k), and the
 * lists are plain Latin letters, so anything else is simply no match.
 */
const choiceWords = (s: string) =>
  tidy(s)
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[\s_-]+/g, ' ');

/**
 * The value of a list (src/shared/attributes.ts) that an import cell names by its value or its label,
 * in any case (`silk`, `Silk cotton`, `kanjeevaram`, `Block print`); undefined when it names none.
 * The one place an import reads a choice, so the check and the draft can never read it apart.
 */
export function choiceOf<T extends Choices>(choices: T, text: string): (keyof T & string) | undefined {
  const wanted = choiceWords(text);
  if (!wanted) return undefined;
  return (Object.keys(choices) as (keyof T & string)[]).find((value) => choiceWords(value) === wanted || choiceWords(choices[value]!) === wanted);
}

/** A cell's choice as its value; anything else as it is (attributeProblem has refused it already). */
const choice = (choices: Choices, x: unknown) => (typeof x === 'string' ? (choiceOf(choices, x) ?? x) : x);

/**
 * Occasions: `Festive|Wedding`, `festive, wedding` (a comma too: no occasion has one, and it is what
 * a person types in a cell), or in details.json a list. A lone value is a list of one.
 */
function occasionList(x: unknown): unknown[] {
  if (typeof x === 'string') return x.split(/[|,]/).map((part) => part.trim()).filter(Boolean);
  return Array.isArray(x) ? x.filter((o) => !(typeof o === 'string' && o.trim() === '')) : [x];
}

/** The columns read from a list, with the word the message uses. */
const CHOICE_COLUMNS = [
  ['fabric', FABRICS, 'fabric'],
  ['colour', COLOURS, 'colour'],
  ['occasions', OCCASIONS, 'occasion'],
  ['weave', WEAVES, 'weave or work'],
  ['origin', ORIGINS, 'origin'],
] as const satisfies readonly (readonly [FieldName, Choices, string])[];

/** A cell as a message shows it: tidied and cut short (a cell may be thousands of characters). */
function shown(x: unknown): string {
  const s = tidy(typeof x === 'string' ? x : (JSON.stringify(x) ?? String(x)));
  return [...s].length > 40 ? `${[...s].slice(0, 40).join('')}…` : s;
}

/**
 * The first cell of a row's attributes that names nothing in its list, with a message that says
 * what to write instead (the contract's own would only say "from the list", and the owner of a
 * spreadsheet has no list in front of them). Empty cells are "not said" and fine.
 */
export function attributeProblem(f: FieldValues): { column: string; reason: string } | null {
  for (const [column, choices, what] of CHOICE_COLUMNS) {
    const x = given(f[column]);
    if (x === undefined) continue;
    const cells = column === 'occasions' ? occasionList(x) : [x];
    const bad = cells.find((cell) => typeof cell !== 'string' || choiceOf(choices, cell) === undefined);
    if (bad !== undefined) return { column, reason: M.unknownChoice(what, shown(bad), Object.values(choices)) };
  }
  return null;
}

export type RowChecked = { ok: true; input: ProductInput; sizes: { size: string; stock: number }[] } | { ok: false; reason: string; column: string };

/**
 * An import row (a CSV row, a folder's details) checked as the form's save checks it: its size
 * list, the contract, its groups, its sizes against the list. The product and the sizes to write,
 * or the first problem with its column.
 */
export function checkRow(f: FieldValues, images: string[], groups: GroupMaps, fallbackName?: string): RowChecked {
  const list = sizeListProblem(f, groups.sizeLists);
  if (list) return { ok: false, ...list };
  const attribute = attributeProblem(f);
  if (attribute) return { ok: false, ...attribute };
  const checked = checkDraft(draftOf(f, images, groups.sizeLists, fallbackName));
  if (!checked.ok) return checked;
  const unknown = unknownGroups(checked.input, groups);
  if (unknown.categories.length) return { ok: false, reason: M.noCategory(unknown.categories), column: 'categories' };
  if (unknown.collections.length) return { ok: false, reason: M.noCollection(unknown.collections), column: 'collections' };
  const sizes = wantedSizes(checked.input, groups.sizeLists);
  if (typeof sizes === 'string') return { ok: false, reason: sizes, column: 'sizes' };
  return { ok: true, input: checked.input, sizes };
}

/** Slugs that name no group, by the maps of the groups that exist. */
export function unknownGroups(input: Pick<ProductInput, 'categories' | 'collections'>, groups: GroupMaps) {
  return { categories: input.categories.filter((s) => !groups.categories.has(s)), collections: input.collections.filter((s) => !groups.collections.has(s)) };
}

export interface GroupMaps {
  categories: Map<string, number>;
  collections: Map<string, number>;
  sizeLists: SizeListMap;
}

/** The shop's size lists by sizeListKey of their names. */
export type SizeListMap = Map<string, { id: number; name: string; sizes: string[] }>;
