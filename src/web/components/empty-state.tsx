import type { ReactNode } from 'react';

/** An empty or error state: the spec's words and a way forward. */
export function EmptyState({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <h2 className="font-display text-2xl font-semibold text-ink">{title}</h2>
      {children && <p className="text-muted">{children}</p>}
      {action}
    </div>
  );
}

export const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-wine px-6 text-sm font-medium text-ivory transition-colors hover:bg-wine-dark disabled:cursor-wait disabled:opacity-70';
