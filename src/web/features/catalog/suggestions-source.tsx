import { useEffect } from 'react';
import type { Suggestion } from '../../../shared/catalog.ts';
import { useSuggestions } from './catalog.api.ts';
import { SuggestionList } from './suggestion-list.tsx';

export interface SuggestionsState {
  items: Suggestion[];
  fetching: boolean;
}

const EMPTY: Suggestion[] = [];

interface Props {
  term: string;
  /** The combobox keeps the keyboard state, so it needs the items too. */
  onChange: (state: SuggestionsState) => void;
  listId: string;
  show: boolean;
  active: number;
  onPick: (productId: number) => void;
}

/**
 * The search box's suggestions: fetched, cached and listed. Loaded the first time a shopper types,
 * with the query client (features/catalog/search-box.tsx), so the search box on every page costs
 * the first download almost nothing.
 */
export default function SuggestionsSource({ term, onChange, listId, show, active, onPick }: Props) {
  const query = useSuggestions(term);
  const items = (term && query.data) || EMPTY; // a stable array: a new [] each render would loop the effect
  useEffect(() => onChange({ items, fetching: query.isFetching }), [items, query.isFetching, onChange]);
  return <SuggestionList id={listId} items={show ? items : []} active={active} onPick={onPick} />;
}
