/**
 * The owner's offer figures and a batch's codes as CSV (issue 50): for the mailer, and for the
 * campaign's accounts. csv-stringify, as the GST register (a leading BOM for Excel; a value that a
 * spreadsheet would take for a formula is escaped: codes and names are the owner's text).
 */
import { stringify } from 'csv-stringify/sync';
import { indiaMinute } from '../../../shared/india-time.ts';
import type { OfferFigures } from '../../../shared/offers.ts';

const csv = (rows: (string | number | null)[][]) => stringify(rows, { bom: true, escape_formulas: true, record_delimiter: 'windows' });
const rupees = (paise: number) => (paise / 100).toFixed(2);

export const codesCsv = (codes: { code: string; uses: number; maxUses: number | null }[]) =>
  csv([['Code', 'Used', 'Uses allowed'], ...codes.map((c) => [c.code, c.uses, c.maxUses ?? ''])]);

/** One row per offer, for one campaign or all: its orders, sales (goods after discount) and discount given, in rupees. */
export const figuresCsv = (rows: OfferFigures<Date>[]) =>
  csv([
    ['Campaign', 'Offer', 'Code', 'Single-use codes', 'Status', 'Starts (India time)', 'Ends (India time)', 'Uses', 'Uses allowed', 'Orders', 'Sales (₹)', 'Discount given (₹)'],
    ...rows.map((r) => [
      r.offer.campaign,
      r.offer.name,
      r.code ?? (r.offer.mode === 'automatic' ? 'Automatic' : ''),
      r.batchCodes,
      r.offer.status,
      indiaMinute(r.offer.startsAt),
      r.offer.endsAt ? indiaMinute(r.offer.endsAt) : '',
      r.liveUses,
      r.offer.maxUses ?? '',
      r.orders,
      rupees(Number(r.sales)),
      rupees(Number(r.given)),
    ]),
  ]);
