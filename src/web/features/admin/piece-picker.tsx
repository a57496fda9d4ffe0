/**
 * Single pieces for an offer's scope (issue 50: "products or categories included or excluded"):
 * the owner types part of a name, adds pieces from the matches, and takes them off again.
 */
import { X } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { formatInr } from '../../../shared/money.ts';
import { usePieceSearch } from './offers.api.ts';

export interface PickedPiece {
  id: number;
  name: string;
}

/** How many matches are offered at once: a name narrows it further. */
const SHOWN = 6;

export function PiecePicker({ legend, chosen, onChange }: { legend: string; chosen: PickedPiece[]; onChange: (next: PickedPiece[]) => void }) {
  const [typed, setTyped] = useState('');
  const found = usePieceSearch(useDeferredValue(typed));
  const matches = (found.data?.items ?? []).filter((p) => !chosen.some((c) => c.id === p.id)).slice(0, SHOWN);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Chosen: ${legend}`}>
          {chosen.map((p) => (
            <li key={p.id} className="inline-flex min-h-10 items-center gap-1 rounded-full border border-wine bg-wine/5 pl-3 text-sm">
              {p.name}
              <button type="button" aria-label={`Take off ${p.name}`} className="grid size-10 place-items-center rounded-full hover:bg-wine/10" onClick={() => onChange(chosen.filter((c) => c.id !== p.id))}>
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        type="search"
        aria-label={`Find a piece by name: ${legend}`}
        placeholder="Type part of a piece’s name"
        className="min-h-11 rounded-lg border border-line bg-white px-3 text-base sm:max-w-sm"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      {typed.trim().length >= 2 && found.data && (
        matches.length === 0 ? (
          <p className="text-sm text-muted">No other piece by that name.</p>
        ) : (
          <ul className="grid gap-1" aria-label={`Pieces found: ${legend}`}>
            {matches.map((p) => (
              <li key={p.id}>
                <button type="button" className="flex min-h-10 w-full items-center justify-between gap-3 rounded-lg px-3 text-left text-sm hover:bg-sand sm:max-w-sm" onClick={() => onChange([...chosen, { id: p.id, name: p.name }])}>
                  <span>
                    Add <span className="font-medium">{p.name}</span>
                  </span>
                  <span className="text-muted">{formatInr(p.offerPrice ?? p.price)}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      )}
      {found.isError && <p className="text-sm text-red-800">We could not look for pieces. Please try again.</p>}
    </fieldset>
  );
}
