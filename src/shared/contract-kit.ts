/**
 * For the contracts' tests, here and on the server: one address and one reading of a refusal, so
 * the contract's own tests and the API's start from the same things.
 */
import type { z } from './zod.ts';

/** Meera's home in Chennai: spec §5's every field typed as a shopper would, all of it valid. */
export const MEERA_HOME = {
  name: 'Meera Iyer',
  phone: '9876543210',
  house: 'Flat 4B, Lotus Apartments',
  street: '12 Cathedral Road',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pincode: '600086',
};

/** Field name to first message, as the API's 422 answers and the forms show them. */
export function problems(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0] ?? '_form')] ??= issue.message;
  return fields;
}
