/**
 * A GSTIN (issue 18): 15 characters, the state's GST code (2 digits), the holder's PAN (5 letters,
 * 4 digits, a letter), the entity's number for that PAN in the state (1-9 or A-Z), 'Z' by default,
 * and a check character: the GST Network's mod-36 scheme, each character's value weighted 1, 2,
 * 1, 2... and its product's two base-36 digits added up.
 */
import { INDIA_STATES, type IndiaState } from './india.ts';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character for the first 14 characters of a GSTIN. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

export const GSTIN_MESSAGES = {
  shape: 'A GSTIN is 15 characters, such as 33ABCDE1234F1Z5.',
  check: 'This GSTIN’s last character does not match: please check it for a typing mistake.',
  state: (code: string, state: string) => `This GSTIN is registered in state code ${code}, not ${state}.`,
  unknownState: 'This GSTIN’s first two digits are no state’s GST code.',
} as const;

/** What is wrong with a GSTIN for a shop in `state` (its shape, its check character, its state), or null. */
export function gstinProblem(gstin: string, state: IndiaState): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return GSTIN_MESSAGES.shape;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_MESSAGES.check;
  const code = gstin.slice(0, 2);
  const own = INDIA_STATES.find((s) => s.name === state)!.gst;
  if (!INDIA_STATES.some((s) => s.gst === code)) return GSTIN_MESSAGES.unknownState;
  return code === own ? null : GSTIN_MESSAGES.state(code, state);
}
