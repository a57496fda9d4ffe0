import { clsx } from 'clsx';
import { forwardRef } from 'react';
import { IN_A_CART, type SizeChart, type SizeChoice } from '../../../shared/sizes.ts';
import { SizeChartDialog } from './size-chart-dialog.tsx';

interface Props {
  productName: string;
  sizes: SizeChoice[];
  chart: SizeChart | null;
  chosen: string | null;
  onChoose: (size: string) => void;
  /** 'Please choose a size.' when Add to Cart or Buy Now was pressed without one. */
  message: string | null;
}

/**
 * The product page's sizes (issue 16) as a group of radio buttons drawn as chips: a sold-out size is
 * shown struck and cannot be chosen (one only held by an unpaid order is not struck, and says it is
 * in a cart: issue 53); 'Only 2 left' sits under a size that is running low. The
 * group is the target of the cards' "choose a size" link (#size).
 */
export const SizePicker = forwardRef<HTMLDivElement, Props>(function SizePicker({ productName, sizes, chart, chosen, onChoose, message }, ref) {
  const messageId = 'size-message';
  // A radiogroup named by its visible heading (a fieldset's legend could not share a row with the chart's button).
  return (
    <div ref={ref} id="size" role="radiogroup" tabIndex={-1} aria-labelledby="size-heading" aria-describedby={message ? messageId : undefined} className="scroll-mt-40 outline-none">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-4">
        <p id="size-heading" className="font-medium">
          Size{chosen && <span className="font-normal text-muted">: {chosen}</span>}
        </p>
        {chart && <SizeChartDialog chart={chart} productName={productName} />}
      </div>
      <div className="flex flex-wrap gap-2">
        {sizes.map((s) => (
          <label key={s.size} className={clsx('flex flex-col items-center gap-1', s.soldOut ? 'cursor-not-allowed' : 'cursor-pointer')}>
            <input
              type="radio"
              name="size"
              value={s.size}
              checked={chosen === s.size}
              disabled={s.soldOut}
              onChange={() => onChoose(s.size)}
              className="peer sr-only"
            />
            <span
              className={clsx(
                'grid h-11 min-w-12 place-items-center rounded-md px-3 text-sm font-medium ring-1 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-wine',
                s.held ? 'bg-sand/50 text-muted ring-line' : s.soldOut ? 'bg-sand/50 text-muted line-through ring-line' : chosen === s.size ? 'bg-wine text-ivory ring-wine' : 'bg-white text-ink ring-line hover:ring-wine',
              )}
            >
              {s.size}
              {s.soldOut && <span className="sr-only">{s.held ? ` (${IN_A_CART.toLowerCase()})` : ' (sold out)'}</span>}
            </span>
            {s.left !== null && <span className="text-xs font-medium text-wine">Only {s.left} left</span>}
            {s.held && (
              <span aria-hidden="true" className="text-xs text-muted">
                {IN_A_CART}
              </span>
            )}
          </label>
        ))}
      </div>
      {message && (
        <p id={messageId} role="alert" className="mt-2 text-sm font-medium text-red-800">
          {message}
        </p>
      )}
    </div>
  );
});
