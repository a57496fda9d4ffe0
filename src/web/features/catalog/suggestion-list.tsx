import { clsx } from 'clsx';
import type { Suggestion } from '../../../shared/catalog.ts';
import { imageAtWidth } from '../../../shared/images.ts';
import { formatInrShort } from '../../../shared/money.ts';

/** The combobox's listbox. Pressing an option must not blur the input first, hence preventDefault. */
export function SuggestionList({
  id,
  items,
  active,
  onPick,
}: {
  id: string;
  items: Suggestion[];
  active: number;
  onPick: (productId: number) => void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Suggestions"
      hidden={items.length === 0}
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-auto rounded-xl bg-white py-1 shadow-xl ring-1 ring-line"
    >
      {items.map((s, i) => (
        <li
          key={s.id}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(s.id)}
          className={clsx('flex cursor-pointer items-center gap-3 px-3 py-2 text-sm', i === active ? 'bg-sand' : 'hover:bg-ivory')}
        >
          <span className="block h-12 w-9 shrink-0 overflow-hidden rounded bg-sand">
            {s.thumbnail && <img src={imageAtWidth(s.thumbnail, 320)} alt="" width={36} height={48} className="size-full object-cover" />}
          </span>
          <span className="min-w-0 flex-1 truncate text-ink">{s.name}</span>
          <span className="shrink-0 font-medium text-ink">{formatInrShort(s.offerPrice ?? s.price)}</span>
        </li>
      ))}
    </ul>
  );
}
