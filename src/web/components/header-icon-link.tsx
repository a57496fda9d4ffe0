import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

/** An icon in the navbar with its count (spec §2: wishlist and cart): always in its name, drawn as a badge above 0. */
export function HeaderIconLink({ to, label, icon: Icon, count }: { to: string; label: string; icon: LucideIcon; count?: number }) {
  const fullLabel = count === undefined ? label : `${label}, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link to={to} aria-label={fullLabel} title={label} className="relative grid size-11 place-items-center rounded-full text-ink hover:bg-sand hover:text-wine">
      <Icon className="size-[1.35rem]" aria-hidden="true" />
      {count !== undefined && count > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 grid h-[1.15rem] min-w-[1.15rem] place-items-center rounded-full bg-wine px-1 text-[0.65rem] font-semibold leading-none text-ivory"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
