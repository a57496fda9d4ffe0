/**
 * From what an import file says (a CSV cell, a details.json value) to a product for the same
 * contract the form uses (productInputContract), with spec §9's defaults for what it leaves out.
 * Values are only reshaped here, never judged: a value that does not fit is passed on as it is,
 * so the contract refuses it with the message the form would show.
 */
import { AVAILABILITY } from '../../../shared/catalog.ts';
import { IMPORT_DEFAULTS, productInputContract, STOCK_FOR_LABEL, type ProductInput } from '../../../shared/admin-product.contract.ts';
import { LIST_SEPARATOR } from '../../../shared/admin-import.contract.ts';
import { parsePriceText } from '../../../shared/money.ts';
import { PRODUCT_FIELD_NAMES } from '../../../shared/admin-import.contract.ts';

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
export function draftOf(f: FieldValues, images: string[], fallbackName?: string): Record<string, unknown> {
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
    images,
  };
}

export type Checked = { ok: true; input: ProductInput } | { ok: false; reason: string; column: string };

/** The contract's verdict: the product, or the first failing field's message and its column. */
export function checkDraft(draft: Record<string, unknown>): Checked {
  const parsed = productInputContract.safeParse(draft);
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, reason: issue.message, column: snakeName(String(issue.path[0] ?? 'name')) };
}

/** Slugs that name no group, by the maps of the groups that exist. */
export function unknownGroups(input: Pick<ProductInput, 'categories' | 'collections'>, groups: GroupMaps) {
  return { categories: input.categories.filter((s) => !groups.categories.has(s)), collections: input.collections.filter((s) => !groups.collections.has(s)) };
}

export interface GroupMaps {
  categories: Map<string, number>;
  collections: Map<string, number>;
}
