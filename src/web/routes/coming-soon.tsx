import { Link } from 'react-router';
import { secondaryButtonClass } from '../components/buttons.ts';
import { buttonClass } from '../components/empty-state.tsx';

/** Spec §2: the Coming Soon placeholder, at the real path of a screen a later stage builds. */
export function Component() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Vastra</p>
      <h1 className="font-display text-4xl font-semibold">Coming Soon</h1>
      <p className="text-muted">We are weaving this part of the shop. Meanwhile, our sarees and clothing are ready for you.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={secondaryButtonClass}>
          Back to Home
        </Link>
        <Link to="/products" className={buttonClass}>
          Browse Products
        </Link>
      </div>
    </div>
  );
}
