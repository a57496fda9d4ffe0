import { useSyncExternalStore } from 'react';
import { minutesUntil, type HeldSize, type SizeChoice } from '../../shared/sizes.ts';

/** How often the minutes are counted again: a minute's change shows within a quarter of one. */
const TICK_MS = 15_000;

const everyTick = (changed: () => void) => {
  const timer = setInterval(changed, TICK_MS);
  return () => clearInterval(timer);
};

/**
 * Minutes until a held size is back (issue 53), counted down on the shopper's clock. A drawn page
 * (and its first render in the browser, so the two agree) says the minutes as of the server's read;
 * a kept page may be some minutes old, so the count moves to the time left as soon as the code runs.
 */
export function useHeldMinutes(held: HeldSize | null): number | null {
  return useSyncExternalStore(
    everyTick,
    () => (held ? minutesUntil(held.until, Date.now()) : null),
    () => held?.minutes ?? null,
  );
}

/** A piece with nothing left but pieces held by unpaid orders: its page says it is in a cart, not out of stock. */
export const onlyInCarts = (product: { availability: string; sizes: SizeChoice[] }) => product.availability === 'Out of Stock' && product.sizes.some((s) => s.held);
