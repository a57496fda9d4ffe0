import { clsx } from 'clsx';

/** One dot per slide; the current one is marked for screen readers too. */
export function CarouselDots({
  count,
  selected,
  onSelect,
  label,
  className,
}: {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
  label: (index: number) => string;
  className?: string;
}) {
  return (
    <div className={clsx('flex justify-center', className)}>
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          onClick={() => onSelect(i)}
          aria-label={label(i)}
          aria-current={i === selected ? 'true' : undefined}
          className="group grid size-8 place-items-center"
        >
          <span
            className={clsx(
              'block h-2 rounded-full transition-all',
              i === selected ? 'w-6 bg-wine' : 'w-2 bg-ink/30 group-hover:bg-ink/50',
            )}
          />
        </button>
      ))}
    </div>
  );
}
