/**
 * A product list's filters and order as the address carries them (issue 20), so a filtered list
 * can be shared and opens the same: `?fabric=silk,cotton&colour=red&price=2500-5000&sort=price-asc`.
 * One reading for the page and the API. An address is outside data: a value not in a list is
 * dropped (the list shows unfiltered rather than failing), every list is bounded by its choices,
 * and the same choices always write the same address (the lists' order, each value once), which is
 * also what the server's caches are keyed by: a crafted address cannot make a new key per request.
 */
import { COLOURS, FABRICS, OCCASIONS, ORIGINS, WEAVES } from './attributes.ts';
import { SIZE_PATTERN } from './sizes.ts';

/** Bands of the price paid (the offer price when there is one), in paise: [from, below). */
export const PRICE_BANDS = {
  'under-1000': { label: 'Under ₹1,000', from: 0, below: 1_000_00 },
  '1000-2500': { label: '₹1,000 to ₹2,500', from: 1_000_00, below: 2_500_00 },
  '2500-5000': { label: '₹2,500 to ₹5,000', from: 2_500_00, below: 5_000_00 },
  '5000-10000': { label: '₹5,000 to ₹10,000', from: 5_000_00, below: 10_000_00 },
  '10000-25000': { label: '₹10,000 to ₹25,000', from: 10_000_00, below: 25_000_00 },
  'over-25000': { label: 'Over ₹25,000', from: 25_000_00, below: Number.POSITIVE_INFINITY },
} as const;
export type PriceBand = keyof typeof PRICE_BANDS;

/** "10% and above": one step at a time (a higher step is inside a lower one). */
export const DISCOUNT_STEPS = ['10', '20', '30', '40', '50'] as const;
export type DiscountStep = (typeof DISCOUNT_STEPS)[number];

export const LIST_SORTS = {
  popular: 'Popularity',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  discount: 'Discount',
} as const;
export type ListSort = keyof typeof LIST_SORTS;

/** The facets chosen from fixed lists, by their name in the address. */
export const LISTED_FACETS = {
  fabric: FABRICS,
  colour: COLOURS,
  occasion: OCCASIONS,
  weave: WEAVES,
  origin: ORIGINS,
  price: Object.fromEntries(Object.entries(PRICE_BANDS).map(([k, b]) => [k, b.label])) as Record<PriceBand, string>,
} as const;
export type ListedFacet = keyof typeof LISTED_FACETS;

/** More sizes than any size list holds (admin-product.contract's MAX_SIZES), so a crafted address stays small. */
export const MAX_SIZES_CHOSEN = 30;

export interface ListFilters {
  /** Each listed facet's chosen values, in the list's order; empty: not filtered. */
  chosen: Record<ListedFacet, string[]>;
  sizes: string[];
  discount: DiscountStep | null;
  inStockOnly: boolean;
  /** null: the list's own order (newest for the shop, the best match for a search). */
  sort: ListSort | null;
}

export const NO_FILTERS: ListFilters = {
  chosen: { fabric: [], colour: [], occasion: [], weave: [], origin: [], price: [] },
  sizes: [],
  discount: null,
  inStockOnly: false,
  sort: null,
};

/** Every value a parameter gives, whether repeated (`a=x&a=y`) or comma-joined (`a=x,y`), each cut short. */
function given(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .slice(0, 50)
    .flatMap((v) => v.slice(0, 400).split(',', 50))
    .map((v) => v.trim());
}

/** The filters an address asks for; anything not understood is left out. */
export function readFilters(params: URLSearchParams): ListFilters {
  const chosen = { ...NO_FILTERS.chosen };
  for (const facet of Object.keys(LISTED_FACETS) as ListedFacet[]) {
    const asked = new Set(given(params, facet));
    // In the list's order, each once: one address per choice.
    chosen[facet] = Object.keys(LISTED_FACETS[facet]).filter((v) => asked.has(v));
  }
  const sizes = [...new Set(given(params, 'size').filter((s) => SIZE_PATTERN.test(s)))].slice(0, MAX_SIZES_CHOSEN).sort();
  const discount = DISCOUNT_STEPS.find((d) => given(params, 'discount').includes(d)) ?? null;
  const sort = (given(params, 'sort').find((s) => Object.hasOwn(LIST_SORTS, s)) as ListSort | undefined) ?? null;
  return { chosen, sizes, discount, inStockOnly: given(params, 'instock').includes('1'), sort };
}

/** The address's query for these filters (without the `?`), in one fixed order; '' when none. */
export function writeFilters(f: ListFilters): string {
  const parts: [string, string][] = [];
  for (const facet of Object.keys(LISTED_FACETS) as ListedFacet[]) if (f.chosen[facet].length) parts.push([facet, f.chosen[facet].join(',')]);
  if (f.sizes.length) parts.push(['size', f.sizes.join(',')]);
  if (f.discount) parts.push(['discount', f.discount]);
  if (f.inStockOnly) parts.push(['instock', '1']);
  if (f.sort) parts.push(['sort', f.sort]);
  return new URLSearchParams(parts).toString();
}

/** Whether anything narrows the list (the order alone does not). */
export const isFiltered = (f: ListFilters) => Object.values(f.chosen).some((v) => v.length > 0) || f.sizes.length > 0 || f.discount !== null || f.inStockOnly;

const BANDS = Object.entries(PRICE_BANDS) as [PriceBand, (typeof PRICE_BANDS)[PriceBand]][];

/** The band of a price paid, in paise (the filter index asks it of every piece: no list made per call). */
export function priceBandOf(paidPaise: number): PriceBand {
  for (const [band, { from, below }] of BANDS) if (paidPaise >= from && paidPaise < below) return band;
  return 'over-25000';
}

/** The discount steps a piece's percent off reaches ("10% and above" holds a piece 35% off). */
export const discountStepsOf = (percentOff: number): DiscountStep[] => DISCOUNT_STEPS.filter((d) => percentOff >= Number(d));

/** The filters' groups as the shopper reads them, in the order they are shown. */
export const FACET_TITLES = {
  price: 'Price',
  discount: 'Discount',
  colour: 'Colour',
  fabric: 'Fabric',
  occasion: 'Occasion',
  weave: 'Weave or work',
  origin: 'Origin',
  size: 'Size',
} as const;

/** "10% and above". */
export const discountLabel = (step: DiscountStep) => `${step}% and above`;

export const IN_STOCK_ONLY = 'In stock only';

/** The choices with `value` of `facet` turned on or off (a discount is one step at a time). */
export function toggled(f: ListFilters, facet: ListedFacet | 'size' | 'discount', value: string): ListFilters {
  if (facet === 'discount') return { ...f, discount: f.discount === value ? null : (value as DiscountStep) };
  const flip = (list: string[]) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  if (facet === 'size') return { ...f, sizes: flip(f.sizes).sort() };
  const on = new Set(flip(f.chosen[facet]));
  return { ...f, chosen: { ...f.chosen, [facet]: Object.keys(LISTED_FACETS[facet]).filter((v) => on.has(v)) } };
}

/** The same list with no filters, in the same order. */
export const cleared = (f: ListFilters): ListFilters => ({ ...NO_FILTERS, sort: f.sort });

/** Each choice in force as a removable chip: what it says, and the choices without it. */
export function chosenChips(f: ListFilters): { key: string; label: string; without: ListFilters }[] {
  const chips: { key: string; label: string; without: ListFilters }[] = [];
  for (const facet of Object.keys(LISTED_FACETS) as ListedFacet[]) {
    const labels: Readonly<Record<string, string>> = LISTED_FACETS[facet];
    for (const v of f.chosen[facet]) chips.push({ key: `${facet}:${v}`, label: labels[v]!, without: toggled(f, facet, v) });
  }
  for (const s of f.sizes) chips.push({ key: `size:${s}`, label: `Size ${s}`, without: toggled(f, 'size', s) });
  if (f.discount) chips.push({ key: 'discount', label: discountLabel(f.discount), without: { ...f, discount: null } });
  if (f.inStockOnly) chips.push({ key: 'instock', label: IN_STOCK_ONLY, without: { ...f, inStockOnly: false } });
  return chips;
}

/** Letter sizes in the order a shopper reads them; others follow by number, then by name. */
const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', '3XL', 'XXXL', '4XL', '5XL', '6XL'];

/** Sizes in the order the filter lists them: XS to 6XL, then 28, 30…, then the rest ("One size" last of all). */
export function bySize(a: string, b: string): number {
  const rank = (s: string) => {
    const letter = LETTER_SIZES.indexOf(s.toUpperCase());
    if (letter !== -1) return letter;
    const n = Number.parseFloat(s);
    return Number.isFinite(n) ? 100 + n : /^one size$/i.test(s) ? Number.MAX_SAFE_INTEGER : 1e9;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * A listing's address query (with its `?`, or '' for none) as the shop writes it: the search term
 * first, then the filters in their one form; nothing else. A page is drawn and kept by it, so
 * another order of the same choices, or a parameter no screen reads (a link's tracking tag), is
 * the same page, and a crafted address cannot make pages without end.
 */
export function listingQuery(params: URLSearchParams, filters: ListFilters = readFilters(params)): string {
  const term = params.get('search');
  const query = [term === null ? '' : new URLSearchParams({ search: term }).toString(), writeFilters(filters)].filter(Boolean).join('&');
  return query ? `?${query}` : '';
}
