import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An empty or error state: the spec's words and a way forward. */
export function EmptyState({
  title,
  children,
  action,
  level = 2,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** 1 when the state is the whole screen (a product not found), so the page still has its h1. */
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <Heading className="font-display text-2xl font-semibold text-ink">{title}</Heading>
      {children && <p className="text-muted">{children}</p>}
      {action}
    </div>
  );
}

export const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-wine px-6 text-sm font-medium text-ivory transition-colors hover:bg-wine-dark disabled:cursor-wait disabled:opacity-70';

/** The way forward most empty and error states offer. */
export function BrowseProductsLink({ label = 'Browse Products', to = '/products' }: { label?: string; to?: string }) {
  return (
    <Link to={to} className={buttonClass}>
      {label}
    </Link>
  );
}

export function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button type="button" className={buttonClass} onClick={onRetry}>
      Try again
    </button>
  );
}
