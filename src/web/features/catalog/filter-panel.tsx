import { useId, useState, type ReactNode } from 'react';
import type { Colour } from '../../../shared/attributes.ts';
import type { FacetCounts } from '../../../shared/catalog.ts';
import { groupIndian } from '../../../shared/money.ts';
import {
  bySize,
  DISCOUNT_STEPS,
  discountLabel,
  FACET_TITLES,
  IN_STOCK_ONLY,
  LISTED_FACETS,
  toggled,
  type ListedFacet,
  type ListFilters,
} from '../../../shared/filters.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { ColourSwatch } from '../../components/colour-swatch.tsx';

/** A long group shows this many choices (and every chosen one) until the shopper asks for all. */
const SHOWN_AT_FIRST = 6;

/** What a list's answer says beside its choices; undefined until the first answer (no counts drawn, nothing disabled). */
export interface ChoiceCounts {
  counts: FacetCounts;
  inStock: number;
}

interface Option {
  value: string;
  label: string;
  count: number | undefined;
  chosen: boolean;
  swatch?: Colour;
}

/**
 * One choice: its box, its name, and how many pieces it would give; a choice that gives none is
 * shown, disabled. The count is grouped as en-IN groups it, but without Intl: the first formatter
 * a page makes loads the browser's locale data, about 100 ms of a budget phone's main thread as
 * /products is taken over (decision 0035).
 */
function Choice({ option, type, name, onToggle }: { option: Option; type: 'checkbox' | 'radio'; name?: string; onToggle: () => void }) {
  const dead = option.count === 0 && !option.chosen;
  return (
    <label className={`flex min-h-10 items-center gap-3 rounded-md px-1 text-sm lg:min-h-8 ${dead ? 'text-muted/70' : 'cursor-pointer text-ink hover:text-wine'}`}>
      <input type={type} name={name} checked={option.chosen} disabled={dead} onChange={onToggle} className="size-4 shrink-0 accent-wine" />
      {option.swatch && <ColourSwatch colour={option.swatch} />}
      <span className="min-w-0 flex-1">{option.label}</span>
      {option.count !== undefined && <span className="text-xs tabular-nums text-muted">{groupIndian(String(option.count))}</span>}
    </label>
  );
}

function Group({ title, options, children }: { title: string; options: Option[]; children: (shown: Option[]) => ReactNode }) {
  const [all, setAll] = useState(false);
  const long = options.length > SHOWN_AT_FIRST + 1;
  const shown = all || !long ? options : options.filter((o, i) => i < SHOWN_AT_FIRST || o.chosen);
  return (
    <fieldset className="border-t border-line py-4">
      <legend className="float-left mb-2 w-full text-xs font-semibold uppercase tracking-[0.15em] text-ink">{title}</legend>
      <div className="clear-left grid gap-0.5">{children(shown)}</div>
      {long && (
        <button type="button" onClick={() => setAll(!all)} className="mt-1 min-h-9 text-sm font-medium text-wine underline-offset-4 hover:underline">
          {all ? 'Show fewer' : `Show all ${options.length}`}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The filters of a list (issue 20): in stock only, price, discount, colour, fabric, occasion, weave
 * or work, origin and size, each choice with the number of pieces it would give alongside the
 * others chosen. The desktop column applies a choice at once; the phone's sheet holds its choices
 * until Apply.
 */
export function FilterPanel({ filters, answer, onChange }: { filters: ListFilters; answer: ChoiceCounts | undefined; onChange: (next: ListFilters) => void }) {
  const discountName = useId();
  const countOf = (facet: string, value: string) => (answer ? (answer.counts[facet]?.[value] ?? 0) : undefined);
  const listed = (facet: ListedFacet): Option[] =>
    Object.entries(LISTED_FACETS[facet] as Readonly<Record<string, string>>).map(([value, label]) => ({
      value,
      label,
      count: countOf(facet, value),
      chosen: filters.chosen[facet].includes(value),
      swatch: facet === 'colour' ? (value as Colour) : undefined,
    }));
  // A piece in one size (a saree) is no choice of size; a list with no sized piece left has no Size group.
  const sizeCounts = answer?.counts.size ?? {};
  const sized = filters.sizes.length > 0 || Object.entries(sizeCounts).some(([s, n]) => s !== ONE_SIZE && n > 0);
  const sizes = sized ? [...new Set([...Object.keys(sizeCounts), ...filters.sizes])].filter((s) => s !== ONE_SIZE).sort(bySize) : [];
  const checkboxes = (facet: ListedFacet | 'size') => (shown: Option[]) =>
    shown.map((o) => <Choice key={o.value} option={o} type="checkbox" onToggle={() => onChange(toggled(filters, facet, o.value))} />);
  const group = (facet: ListedFacet) => (
    <Group key={facet} title={FACET_TITLES[facet]} options={listed(facet)}>
      {checkboxes(facet)}
    </Group>
  );
  const inStock: Option = { value: '1', label: IN_STOCK_ONLY, count: answer?.inStock, chosen: filters.inStockOnly };

  return (
    <div>
      <div className="pb-3">
        <Choice option={inStock} type="checkbox" onToggle={() => onChange({ ...filters, inStockOnly: !filters.inStockOnly })} />
      </div>
      {group('price')}
      <Group
        title={FACET_TITLES.discount}
        options={DISCOUNT_STEPS.map((d) => ({ value: d, label: discountLabel(d), count: countOf('discount', d), chosen: filters.discount === d }))}
      >
        {(shown) => [
          <Choice
            key="any"
            option={{ value: '', label: 'Any discount', count: undefined, chosen: filters.discount === null }}
            type="radio"
            name={discountName}
            onToggle={() => onChange({ ...filters, discount: null })}
          />,
          ...shown.map((o) => <Choice key={o.value} option={o} type="radio" name={discountName} onToggle={() => onChange(toggled(filters, 'discount', o.value))} />),
        ]}
      </Group>
      {group('colour')}
      {group('fabric')}
      {group('occasion')}
      {group('weave')}
      {group('origin')}
      {sizes.length > 0 && (
        <Group
          title={FACET_TITLES.size}
          options={sizes.map((s) => ({ value: s, label: s, count: countOf('size', s), chosen: filters.sizes.includes(s) }))}
        >
          {checkboxes('size')}
        </Group>
      )}
    </div>
  );
}
