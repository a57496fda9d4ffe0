/**
 * The owner's monthly register of invoices and credit notes (issue 18): the month asked for, by
 * India's calendar, and the two shapes it comes in.
 */
import { indiaMidnight } from './india-time.ts';
import { z } from './zod.ts';

export const REGISTER_MONTH_MESSAGE = 'Choose a month, such as 2026-11.';
export const REGISTER_VIEWS = ['documents', 'summary'] as const;
export type RegisterView = (typeof REGISTER_VIEWS)[number];

export const registerQuery = z.object({
  month: z
    .string({ error: REGISTER_MONTH_MESSAGE })
    .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, REGISTER_MONTH_MESSAGE),
  view: z.enum(REGISTER_VIEWS, { error: 'The register is by document or a summary by state and rate.' }).default('documents'),
});
export type RegisterQuery = z.infer<typeof registerQuery>;

/** The month's bounds as instants: from 00:00 on its first day to 00:00 on the next month's, in India (UTC+5:30). */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: indiaMidnight(y, m - 1), to: indiaMidnight(y, m) };
}
