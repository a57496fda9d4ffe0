import { SlidersHorizontal, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { FilteredPage } from '../../../shared/catalog.ts';
import { chosenChips, cleared, isFiltered, LIST_SORTS, type ListSort } from '../../../shared/filters.ts';
import { EmptyState, buttonClass } from '../../components/empty-state.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { pieces } from './listing-header.tsx';
import type { ListFiltersState } from './use-list-filters.ts';

// The phone's sheet: its code comes the first time a shopper opens it (issue 20's budget).
const FilterSheet = lazy(() => import('./filter-sheet.tsx'));

/** A list's own order: one of the sorts, or a search's best match first. */
export type OwnOrder = ListSort | 'relevance';

function SortSelect({ state, ownOrder }: { state: ListFiltersState; ownOrder: OwnOrder }) {
  const { filters, change } = state;
  // The list's own order is no choice in the address: choosing it again leaves the address clean.
  const own = ownOrder === 'relevance' ? '' : ownOrder;
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      <span className="sr-only sm:not-sr-only">Sort by</span>
      <select
        value={filters.sort ?? own}
        onChange={(e) => change({ ...filters, sort: e.target.value === own || !e.target.value ? null : (e.target.value as ListSort) })}
        className="min-h-11 rounded-full border border-line bg-white px-4 pr-8 text-sm text-ink focus:border-wine focus:outline-none lg:min-h-10"
      >
        {ownOrder === 'relevance' && <option value="">Best match</option>}
        {Object.entries(LIST_SORTS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The choices in force, each removable, and a way to clear them all. */
function Chips({ state }: { state: ListFiltersState }) {
  const chips = chosenChips(state.filters);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Filters chosen" className="mt-4 flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => state.change(chip.without)}
            aria-label={`Remove ${chip.label}`}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-sand px-3 text-sm text-ink ring-1 ring-line hover:ring-wine"
          >
            {chip.label}
            <X className="size-3.5 text-muted" aria-hidden="true" />
          </button>
        </li>
      ))}
      <li>
        <button type="button" onClick={() => state.change(cleared(state.filters))} className="min-h-9 px-2 text-sm font-medium text-wine underline-offset-4 hover:underline">
          Clear all
        </button>
      </li>
    </ul>
  );
}

/**
 * A product list with its filters (issue 20): on a desktop a column beside the grid, applied at
 * once; on a phone a Filters button that opens a full-height sheet. Above the grid, the count, the
 * order and the chosen filters as chips with Clear all. A choice that leaves nothing says so and
 * offers the way back, never a dead end.
 */
export function FilteredListing({
  state,
  answer,
  countsPath,
  ownOrder,
  total = 'always',
  stale = false,
  children,
}: {
  state: ListFiltersState;
  /** The list's answer with its counts; undefined until the first one. */
  answer: FilteredPage | undefined;
  /** The list's address in the API, for the counts of choices not yet applied. */
  countsPath: string;
  /** The list's own order, when the shopper chose none. */
  ownOrder: OwnOrder;
  /**
   * When the count shows above the grid: a group's heading says its own count, so only once
   * filtered; a search's heading always says it (spec §2), so never.
   */
  total?: 'always' | 'when-filtered' | 'never';
  /** The cards are the previous choice's, while the new ones come. */
  stale?: boolean;
  children: ReactNode;
}) {
  const { filters } = state;
  const filtered = isFiltered(filters);
  const [sheet, setSheet] = useState<'closed' | 'open' | 'never'>('never');
  const opener = useRef<HTMLButtonElement>(null);
  const active = chosenChips(filters).length;
  const nothing = filtered && answer?.total === 0;
  return (
    <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
      <aside aria-label="Filters" className="hidden lg:block">
        <h2 className="pb-3 font-display text-xl font-semibold">Filters</h2>
        <FilterPanel filters={filters} answer={answer} onChange={state.change} />
      </aside>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            {answer && (total === 'always' || (total === 'when-filtered' && filtered)) ? pieces(answer.total) : ''}
          </p>
          <div className="flex items-center gap-2">
            <button
              ref={opener}
              type="button"
              onClick={() => setSheet('open')}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm text-ink hover:border-wine lg:hidden"
            >
              <SlidersHorizontal className="size-4 text-gold" aria-hidden="true" />
              Filters
              {active > 0 && (
                <span className="rounded-full bg-wine px-1.5 text-xs font-semibold text-ivory">
                  {active}
                  <span className="sr-only"> chosen</span>
                </span>
              )}
            </button>
            <SortSelect state={state} ownOrder={ownOrder} />
          </div>
        </div>
        <Chips state={state} />
        <div className={`mt-6 transition-opacity ${stale ? 'opacity-60' : ''}`} aria-busy={stale || undefined}>
          {nothing ? (
            <EmptyState
              title="No products found"
              action={
                <button type="button" className={buttonClass} onClick={() => state.change(cleared(filters))}>
                  Clear all filters
                </button>
              }
            >
              No piece here matches all of these choices. Remove one above, or clear them all.
            </EmptyState>
          ) : (
            children
          )}
        </div>
      </div>
      {sheet !== 'never' && (
        <Suspense fallback={null}>
          <FilterSheet
            open={sheet === 'open'}
            onOpenChange={(open) => setSheet(open ? 'open' : 'closed')}
            returnFocusTo={opener}
            state={state}
            applied={answer}
            countsPath={countsPath}
          />
        </Suspense>
      )}
    </div>
  );
}
