import { clsx } from 'clsx';
import { Bell, BellRing } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { ALERT_SET } from '../../../shared/back-in-stock.ts';
import type { ProductDetail } from '../../../shared/catalog.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { isWaiting, useStockAlerts, useToggleAlert } from './back-in-stock.api.ts';

const listOf = (sizes: string[]) => (sizes.length === 1 ? sizes[0]! : `${sizes.slice(0, -1).join(', ')} and ${sizes.at(-1)!}`);

/**
 * The product page's "Notify me" (issue 16): for each sold-out size (or the sold-out piece), a
 * signed-in shopper asks to be mailed once when it is back, and can take it back. A visitor is
 * asked to sign in first, and comes back to the sizes.
 */
export function NotifyMe({ product }: { product: ProductDetail }) {
  const session = useSession();
  const { pathname } = useLocation();
  const soldOut = product.sizes.filter((s) => s.soldOut).map((s) => s.size);
  if (soldOut.length === 0 || session.status === 'unknown') return null;
  const heading = product.sized ? `Sold out in ${listOf(soldOut)}.` : 'This piece is sold out.';

  return (
    <section aria-labelledby="notify-heading" className="rounded-lg bg-sand/40 px-4 py-3 text-sm">
      <p id="notify-heading" className="font-medium">
        {heading}
      </p>
      {session.status === 'signed-in' ? (
        <Requests shopperId={session.shopper.id} productId={product.id} sizes={soldOut} />
      ) : (
        <p className="mt-1 text-muted">
          <Link to="/login" state={{ from: `${pathname}#size` }} className="font-medium text-wine underline underline-offset-2">
            Sign in
          </Link>{' '}
          and we will mail you once when it is back.
        </p>
      )}
    </section>
  );
}

function Requests({ shopperId, productId, sizes }: { shopperId: string; productId: number; sizes: string[] }) {
  const alerts = useStockAlerts(shopperId);
  const toggle = useToggleAlert(shopperId);
  const change = (size: string, wanted: boolean) =>
    toggle.mutate(
      { productId, size, wanted },
      {
        onSuccess: () => void notify(wanted ? ALERT_SET(size) : size === ONE_SIZE ? 'We will not mail you about this piece.' : `We will not mail you about size ${size}.`, 'success'),
        onError: (err) => void notify(err.message, 'error'),
      },
    );
  const busy = toggle.isPending || alerts.isPending;

  if (sizes.length === 1 && sizes[0] === ONE_SIZE) {
    const waiting = isWaiting(alerts.data, { productId, size: ONE_SIZE });
    return waiting ? (
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1.5 text-wine">
          <BellRing aria-hidden className="h-4 w-4" /> We will mail you once when it is back.
        </span>
        <button type="button" disabled={busy} onClick={() => change(ONE_SIZE, false)} className="min-h-11 font-medium text-muted underline underline-offset-2 hover:text-wine">
          Stop waiting
        </button>
      </p>
    ) : (
      <button type="button" disabled={busy} onClick={() => change(ONE_SIZE, true)} className={clsx(secondaryButtonClass, 'mt-2 gap-2')}>
        <Bell aria-hidden className="h-4 w-4" /> Notify me when it is back
      </button>
    );
  }

  return (
    <>
      <p className="mt-1 text-muted">Tap a size and we will mail you once when it is back.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {sizes.map((size) => {
          const waiting = isWaiting(alerts.data, { productId, size });
          return (
            <button
              key={size}
              type="button"
              aria-pressed={waiting}
              aria-label={`Notify me when size ${size} is back`}
              disabled={busy}
              onClick={() => change(size, !waiting)}
              className={clsx(
                'inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 font-medium ring-1 transition-colors disabled:cursor-wait',
                waiting ? 'bg-wine text-ivory ring-wine' : 'bg-white text-ink ring-line hover:ring-wine',
              )}
            >
              {waiting ? <BellRing aria-hidden className="h-4 w-4" /> : <Bell aria-hidden className="h-4 w-4" />}
              {size}
            </button>
          );
        })}
      </div>
    </>
  );
}
