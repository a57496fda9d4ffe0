import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FilteredPage } from '../../../shared/catalog.ts';
import { cleared, writeFilters } from '../../../shared/filters.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass } from '../../components/empty-state.tsx';
import type { SheetProps } from '../../components/mobile-sidebar.tsx';
import { listCountsQuery } from './list-queries.ts';
import { FilterPanel } from './filter-panel.tsx';
import { pieces } from './listing-header.tsx';
import type { ListFiltersState } from './use-list-filters.ts';

/**
 * The phone's filters (issue 20): a full-height sheet whose choices wait for Apply, each beside the
 * count it would give with the others chosen so far (asked of the API as the shopper chooses).
 * Clear empties the choices here; Apply takes them to the list. A Radix dialog: focus stays
 * inside, Escape closes it without applying, and focus goes back to the Filters button. Loaded on
 * first open.
 */
export default function FilterSheet({
  open,
  onOpenChange,
  returnFocusTo,
  state,
  applied,
  countsPath,
}: SheetProps & {
  state: ListFiltersState;
  /** The list's answer for the choices applied. */
  applied: FilteredPage | undefined;
  countsPath: string;
}) {
  const [draft, setDraft] = useState(state.filters);
  // Each opening starts from what the list shows.
  useEffect(() => {
    if (open) setDraft(state.filters);
  }, [open, state.filters]);
  const address = writeFilters(draft);
  const same = address === state.address;
  // Until a choice's counts come, the last ones stay (the list's own at first): no blank flicker.
  const asked = useQuery({ ...listCountsQuery(countsPath, address), enabled: open && !same, placeholderData: (last) => last ?? applied });
  const answer = same ? applied : asked.data;
  const apply = () => {
    state.change(draft);
    onOpenChange(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-ivory data-[state=open]:animate-[fade-in_150ms_ease-out]"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-2">
            <Dialog.Title className="font-display text-2xl font-semibold">Filters</Dialog.Title>
            <Dialog.Close className="grid size-11 place-items-center rounded-full text-muted hover:bg-sand hover:text-ink" aria-label="Close filters">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Choose what to see, then apply.</Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-3">
            <FilterPanel filters={draft} answer={answer} onChange={setDraft} />
          </div>
          <div className="border-t border-line bg-white px-4 py-3">
            <p className="mb-2 text-center text-sm text-muted" aria-live="polite">
              {answer ? `${pieces(answer.total)} with these choices` : ''}
            </p>
            <div className="grid grid-cols-2 gap-3">
              <button type="button" onClick={() => setDraft(cleared(draft))} className={secondaryButtonClass}>
                Clear
              </button>
              <button type="button" onClick={apply} className={buttonClass}>
                Apply
              </button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
