import type { ReactNode } from 'react';

/** The head of a listing screen: a gold kicker (or breadcrumb), the serif title, a line of context. */
export function ListingHeader({
  kicker,
  title,
  children,
  aside,
}: {
  kicker: ReactNode;
  title: string;
  children?: ReactNode;
  /** A picture beside the words, such as a collection's poster. */
  aside?: ReactNode;
}) {
  return (
    <header className="mb-8 flex items-start gap-4 border-b border-line pb-6 sm:mb-10 sm:items-end sm:gap-8">
      {aside}
      <div className="min-w-0">
        <div className="text-xs font-medium uppercase tracking-[0.2em] text-gold">{kicker}</div>
        <h1 className="mt-1 font-display text-3xl font-semibold sm:text-5xl">{title}</h1>
        {children && <div className="mt-3 max-w-2xl leading-relaxed text-muted">{children}</div>}
      </div>
    </header>
  );
}

/** '1 piece', '24 pieces'. */
export const pieces = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;
