import { Link } from 'react-router';
import type { StockAlert } from '../../../shared/back-in-stock.ts';
import { imageAtWidth } from '../../../shared/images.ts';
import { INDIA_TIME_ZONE } from '../../../shared/india-time.ts';
import { sizeLabel } from '../../../shared/sizes.ts';
import { notify } from '../../lib/toast.ts';
import { useStockAlerts, useToggleAlert } from './back-in-stock.api.ts';

const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: INDIA_TIME_ZONE });

/**
 * /favorites' "Back in stock" list (issue 16): what the shopper waits for, and what was mailed in
 * the last 30 days; a waiting request can be withdrawn. Nothing shows when there are none.
 */
export function StockAlertsList({ shopperId }: { shopperId: string }) {
  const alerts = useStockAlerts(shopperId);
  const toggle = useToggleAlert(shopperId);
  if (!alerts.data || alerts.data.length === 0) return null;

  const stop = (a: StockAlert) =>
    toggle.mutate(
      { productId: a.productId, size: a.size, wanted: false },
      { onSuccess: () => void notify('We will not mail you about it.', 'success'), onError: (err) => void notify(err.message, 'error') },
    );

  return (
    <section aria-labelledby="alerts-heading" className="mt-12">
      <h2 id="alerts-heading" className="font-display text-2xl font-semibold">
        Back in stock requests
      </h2>
      <p className="mt-1 text-sm text-muted">We mail you once when a sold-out piece you asked about is back.</p>
      <ul className="mt-4 divide-y divide-line rounded-lg bg-white ring-1 ring-line">
        {alerts.data.map((a) => {
          const name = a.product?.name ?? 'A piece no longer in the shop';
          const size = sizeLabel(a.size);
          return (
            <li key={`${a.productId}:${a.size}:${a.askedAt}`} className="flex items-center gap-3 p-3">
              {a.product?.thumbnail ? (
                <img src={imageAtWidth(a.product.thumbnail, 320)} alt="" width={48} height={64} className="h-16 w-12 shrink-0 rounded object-cover" loading="lazy" />
              ) : (
                <span aria-hidden className="h-16 w-12 shrink-0 rounded bg-sand" />
              )}
              <div className="min-w-0 flex-1 text-sm">
                {a.product ? (
                  <Link to={`/product/${a.productId}`} className="font-medium hover:text-wine hover:underline">
                    {name}
                  </Link>
                ) : (
                  <span className="font-medium text-muted">{name}</span>
                )}
                {size && <p className="text-muted">{size}</p>}
                <p className={a.mailedAt ? 'text-green-800' : 'text-muted'}>
                  {a.mailedAt ? `Back in stock: we mailed you on ${day.format(new Date(a.mailedAt))}` : `Waiting since ${day.format(new Date(a.askedAt))}`}
                </p>
              </div>
              {!a.mailedAt && (
                <button
                  type="button"
                  disabled={toggle.isPending}
                  onClick={() => stop(a)}
                  aria-label={`Stop waiting for ${name}${size ? `, ${size.toLowerCase()}` : ''}`}
                  className="min-h-11 shrink-0 px-2 text-sm font-medium text-muted underline underline-offset-2 hover:text-wine"
                >
                  Stop waiting
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
