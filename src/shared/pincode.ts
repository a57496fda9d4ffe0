/**
 * Spec §5's pincode rule, on its own and without zod: the product page's delivery check reads it,
 * and a page that loads zod and builds schemas as it opens holds a budget phone's main thread
 * (decision 0035). The address contract builds its pincode field from this same rule.
 */
import { PIN_DIGITS } from './accounts.ts';
import { tidy } from './text-rules.ts';

export const PINCODE_DIGITS_MESSAGE = 'Pincode must be 6 digits.';
const PIN = new RegExp(`^\\d{${PIN_DIGITS}}$`);

/** What is wrong with a tidied pincode: spec §5's six digits, then India Post's first digit (its postal region, 1 to 9). */
export const pincodeProblem = (pin: string): string | undefined =>
  !PIN.test(pin) ? PINCODE_DIGITS_MESSAGE : pin.startsWith('0') ? 'Please enter a valid pincode.' : undefined;

/** A pincode as typed: tidied, then its pin, or the problem with it. */
export function checkPincode(typed: string): { pin: string; problem?: undefined } | { problem: string } {
  const pin = tidy(typed);
  const problem = pincodeProblem(pin);
  return problem ? { problem } : { pin };
}
