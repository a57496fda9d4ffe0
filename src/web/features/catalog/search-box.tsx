import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, Suspense, lazy, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MAX_SEARCH_LENGTH } from '../../../shared/catalog.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/ui.ts';
import { withData } from '../../lib/data-client.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import type { SuggestionsState } from './suggestions-source.tsx';

const SuggestionsSource = lazy(withData(() => import('./suggestions-source.tsx')));
const NONE: SuggestionsState = { items: [], fetching: false };

/**
 * The navbar's search: an ARIA 1.2 combobox with a list of suggestions, 300 ms after typing stops
 * (spec §2, §4). ArrowDown/ArrowUp move through them, Enter opens the highlighted product (or
 * searches the text), Escape closes the list. Hand-written: the pattern is small, and a combobox
 * library would add to every page's first download (docs/decisions/0006-navigation.md).
 */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const urlTerm = params.get('search') ?? '';
  const [text, setText] = useState(urlTerm);
  // A search made elsewhere (a tile, a link, Back) shows its text here too.
  useEffect(() => setText(urlTerm), [urlTerm]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [suggestions, setSuggestions] = useState(NONE);
  // Suggestions' code and data come with the first letter typed, and stay.
  const [typed, setTyped] = useState(false);
  const items = term && text.trim() ? suggestions.items : [];
  const expanded = open && items.length > 0;

  function go(to: string) {
    setOpen(false);
    setActive(-1);
    void navigate(to);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (expanded && active >= 0) return go(`/product/${items[active]!.id}`);
    if (q) go(`/products?search=${encodeURIComponent(q)}`); // Spec §5: blank is ignored.
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!items.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      const n = items.length;
      // From the text, ArrowDown enters at the top and ArrowUp at the bottom; both wrap around.
      setActive((i) => (!expanded || i < 0 ? (step === 1 ? 0 : n - 1) : (i + step + n) % n));
    } else if (e.key === 'Escape') {
      if (expanded) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    // The action is for a page not yet taken over, or a browser without JavaScript: the search is
    // sent as /products?search=…, the same list the app opens.
    <form role="search" action="/products" onSubmit={submit} className={clsx('relative flex items-center', className)}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search sarees and clothing
      </label>
      <input
        id={`${listId}-input`}
        name="search"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={typed ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder="Search sarees, kurtas, lehengas…"
        className="h-10 w-full rounded-l-full border border-line bg-white px-4 text-sm placeholder:text-muted/80"
      />
      <button type="submit" className="grid h-10 w-12 shrink-0 place-items-center rounded-r-full bg-wine text-ivory hover:bg-wine-dark" aria-label="Search">
        <Search className="size-4" aria-hidden="true" />
      </button>
      {typed && (
        <Suspense>
          <SuggestionsSource
            term={term}
            onChange={setSuggestions}
            listId={listId}
            show={expanded}
            active={active}
            onPick={(id) => go(`/product/${id}`)}
          />
        </Suspense>
      )}
      <p className="sr-only" aria-live="polite">
        {open && term ? (items.length ? `${items.length} suggestions` : suggestions.fetching ? '' : 'No suggestions') : ''}
      </p>
    </form>
  );
}
