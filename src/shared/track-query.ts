/**
 * The tracking look-up's two values as an address writes them (issue 48), without zod: the server
 * draws and keeps /track pages by this one form of their query, and the page reads it.
 */
import { pincodeProblem } from './pincode.ts';
import { tidy } from './text-rules.ts';

export const ORDER_NUMBER_MESSAGE = 'Enter your order number as it is in your mail, such as VA100001.';
/** The one answer to a wrong number and a wrong PIN alike: neither says which was wrong. */
export const TRACK_NOT_FOUND = 'We could not find an order with that number and delivery PIN code. Check both against your order mail.';

/** An order number as a shopper may type it (VA100001, va100001, 100001, #VA100001): its one form, or null. */
export function orderNumberOf(typed: string): string | null {
  const digits = tidy(typed).toUpperCase().replace(/^#/, '').replace(/^VA/, '');
  return /^\d{6,9}$/.test(digits) ? `VA${digits}` : null;
}

/** `?order=VA100001&pin=570001` for a look-up whose values are both well formed; '' for any other. */
export function trackedQuery(params: URLSearchParams): string {
  const order = orderNumberOf(params.get('order') ?? '');
  const pin = tidy(params.get('pin') ?? '');
  return order && !pincodeProblem(pin) ? `?order=${order}&pin=${pin}` : '';
}
