import { clsx } from 'clsx';
import { Bell, BellRing } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { ALERT_SET } from '../../../shared/back-in-stock.ts';
import type { ProductDetail } from '../../../shared/catalog.ts';
import { heldSentence, type HeldSize } from '../../../shared/sizes.ts';
import { ONE_SIZE } from '../../../shared/stock.ts';
import { useSession } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { useHeldMinutes } from '../../lib/held-sizes.ts';
import { isWaiting, useStockAlerts, useToggleAlert } from './back-in-stock.api.ts';

const listOf = (sizes: string[]) => (sizes.length === 1 ? sizes[0]! : `${sizes.slice(0, -1).join(', ')} and ${sizes.at(-1)!}`);

/** A bell's look, the same whether it is a visitor's link or a shopper's toggle, so neither moves the page. */
const bellClass = (waiting: boolean) =>
  clsx(
    'inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 font-medium ring-1 transition-colors disabled:cursor-wait',
    waiting ? 'bg-wine text-ivory ring-wine' : 'bg-white text-ink ring-line hover:ring-wine',
  );

/**
 * The product page's "Notify me" (issue 16): for each sold-out size (or the sold-out piece), a
 * signed-in shopper asks to be mailed once when it is back, and can take it back. A size whose last
 * pieces are only held by an unpaid order says so, and when they are back unless paid (issue 53). A visitor's
 * bell is a link to sign in first, which comes back to the sizes.
 *
 * Drawn on the server, before anyone knows who is here (issue 19): the heading, the line under
 * it and the bells are the same boxes for a visitor and a shopper, so nothing below moves when
 * the session answers. Only a bell's colour and icon tell that the shopper already waits.
 */
export function NotifyMe({ product }: { product: ProductDetail }) {
  const session = useSession();
  const waiting = product.sizes.filter((s) => s.soldOut);
  if (waiting.length === 0) return null;
  const gone = waiting.filter((s) => !s.held).map((s) => s.size);
  const sizes = waiting.map((s) => s.size);

  return (
    <section aria-labelledby="notify-heading" className="rounded-lg bg-sand/40 px-4 py-3 text-sm">
      <div id="notify-heading" className="font-medium">
        {gone.length > 0 && <p>{product.sized ? `Sold out in ${listOf(gone)}.` : 'This piece is sold out.'}</p>}
        {waiting.map((s) => s.held && <HeldLine key={s.size} size={s.size} held={s.held} />)}
      </div>
      <p className="mt-1 text-muted">{product.sized ? 'Tap a size and we will mail you once when it is back.' : 'Tap the bell and we will mail you once when it is back.'}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {session.status === 'signed-in' ? <Requests shopperId={session.shopper.id} productId={product.id} sizes={sizes} /> : <SignInFirst sizes={sizes} />}
      </div>
    </section>
  );
}

/** A size only held by an unpaid order (issue 53): in someone's cart, and when it is back unless they pay. */
function HeldLine({ size, held }: { size: string; held: HeldSize }) {
  const minutes = useHeldMinutes(held) ?? held.minutes;
  return <p>{heldSentence(size, minutes)}</p>;
}

/** What a bell is about: the piece, or one of its sizes. */
const whatIsBack = (size: string) => (size === ONE_SIZE ? 'it' : `size ${size}`);
const bellName = (size: string) => `Notify me when ${whatIsBack(size)} is back`;

/** What a bell shows: the size, or for a one-size piece the words of its name. */
const BellFace = ({ size, waiting }: { size: string; waiting: boolean }) => (
  <>
    {waiting ? <BellRing aria-hidden className="h-4 w-4" /> : <Bell aria-hidden className="h-4 w-4" />}
    {size === ONE_SIZE ? bellName(size) : size}
  </>
);

/** A visitor's bells (and everyone's, as drawn before the session is known): each asks them to sign in first. */
function SignInFirst({ sizes }: { sizes: string[] }) {
  const { pathname } = useLocation();
  return sizes.map((size) => (
    <Link key={size} to="/login" state={{ from: `${pathname}#size` }} aria-label={`Sign in to be mailed when ${whatIsBack(size)} is back`} className={bellClass(false)}>
      <BellFace size={size} waiting={false} />
    </Link>
  ));
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

  return sizes.map((size) => {
    const waiting = isWaiting(alerts.data, { productId, size });
    return (
      <button key={size} type="button" aria-pressed={waiting} aria-label={bellName(size)} disabled={busy} onClick={() => change(size, !waiting)} className={bellClass(waiting)}>
        <BellFace size={size} waiting={waiting} />
      </button>
    );
  });
}
