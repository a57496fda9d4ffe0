import { Link } from 'react-router';
import { buttonClass } from '../components/empty-state.tsx';

const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-full px-6 text-sm font-medium text-wine ring-1 ring-wine hover:bg-wine hover:text-ivory';

/** Spec §2: the Coming Soon placeholder, at the real path of a screen a later stage builds. */
export function Component() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Vastra</p>
      <h1 className="font-display text-4xl font-semibold">Coming Soon</h1>
      <p className="text-muted">We are weaving this part of the shop. Meanwhile, our sarees and clothing are ready for you.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={secondaryButton}>
          Back to Home
        </Link>
        <Link to="/products" className={buttonClass}>
          Browse Products
        </Link>
      </div>
    </div>
  );
}
