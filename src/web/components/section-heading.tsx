import type { ReactNode } from 'react';

/** A home section's heading: a small gold kicker over the serif title, with an optional link. */
export function SectionHeading({ id, kicker, title, action }: { id: string; kicker: string; title: string; action?: ReactNode }) {
  return (
    <header className="mb-5 flex items-end justify-between gap-4 sm:mb-7">
      <div>
        <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">{kicker}</p>
        <h2 id={id} className="mt-1 font-display text-3xl font-semibold sm:text-4xl">
          {title}
        </h2>
      </div>
      {action}
    </header>
  );
}
