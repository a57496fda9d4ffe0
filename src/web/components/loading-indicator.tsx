import { clsx } from 'clsx';

const sizes = { sm: 'size-4 border-2', md: 'size-8 border-[3px]', lg: 'size-12 border-4' } as const;

/** Spec §2: a loading indicator with a size, a text (default 'Loading...') and a full-page option. */
export function LoadingIndicator({
  size = 'md',
  text = 'Loading...',
  fullPage = false,
}: {
  size?: keyof typeof sizes;
  text?: string;
  fullPage?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={clsx('flex flex-col items-center justify-center gap-3 text-muted', fullPage ? 'min-h-dvh' : 'py-10')}
    >
      <span className={clsx('animate-spin rounded-full border-line border-t-wine', sizes[size])} aria-hidden="true" />
      {text && <span className="text-sm">{text}</span>}
    </div>
  );
}
