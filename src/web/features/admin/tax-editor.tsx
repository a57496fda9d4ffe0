import { useId } from 'react';
import { gstPercentText, pieceRate, taxOf, type ProductTax } from '../../../shared/gst.ts';
import { formatInr } from '../../../shared/money.ts';
import type { PricingSettings } from '../../../shared/pricing.ts';
import { FieldError, inputClass, TextField } from '../../components/form-field.tsx';

/** What the owner typed for the tax (issue 18): the HSN code and rate as typed, the rule as picked ('' = the shop's rate). */
export interface TaxDraft {
  hsnCode: string;
  taxRule: '' | 'fixed' | 'apparel';
  fixedRate: string;
}

export const taxDraft = (t: ProductTax | undefined): TaxDraft => ({
  hsnCode: t?.hsnCode ?? '',
  taxRule: t?.taxRule ?? '',
  fixedRate: t?.fixedRateBp == null ? '5' : String(t.fixedRateBp / 100),
});

/** A rate as typed, in basis points; the text itself when it is not one, for the contract to refuse with its words. */
const rateOf = (typed: string) => (/^\s*\d{1,2}(\.\d{1,2})?\s*$/.test(typed) ? Math.round(Number(typed) * 100) : typed);

/** The draft as the contract takes it. */
export const taxInput = (d: TaxDraft) => ({
  hsnCode: d.hsnCode,
  taxRule: d.taxRule === '' ? null : d.taxRule,
  fixedRateBp: d.taxRule === 'fixed' ? rateOf(d.fixedRate) : null,
});

/** What GST the shop will take on one piece at this price, and why, in the owner's words. */
function rateNote(tax: ProductTax, pay: number, s: PricingSettings): { text: string; warning: string | null } {
  const { rateBp, ambiguous } = pieceRate(tax, pay, s);
  const t = taxOf(pay, rateBp, s.pricesIncludeGst);
  const text = `At ${formatInr(pay)} a piece: GST ${gstPercentText(rateBp)}, ${formatInr(t.gst)} ${s.pricesIncludeGst ? 'included' : 'added'}.`;
  if (!ambiguous) return { text, warning: null };
  const at = (bp: number) => formatInr(taxOf(pay, bp, true).taxable);
  return {
    text,
    warning:
      `${formatInr(pay)} fits neither apparel rate: at ${gstPercentText(s.apparelLowRateBp)} the piece’s value would be ${at(s.apparelLowRateBp)}, above ${formatInr(s.apparelThreshold)}; ` +
      `at ${gstPercentText(s.apparelHighRateBp)} it would be ${at(s.apparelHighRateBp)}, not above it. The shop takes the ${s.ambiguousRate} rate (Settings › Pricing). ` +
      `A price up to ${formatInr(Math.floor((s.apparelThreshold * (10_000 + s.apparelLowRateBp)) / 10_000))} is clearly ${gstPercentText(s.apparelLowRateBp)}.`,
  };
}

/** The HSN code and how the piece is taxed, with the rate the shop will take at the price typed. */
export function TaxEditor({ draft, error, pay, settings, onChange }: { draft: TaxDraft; error?: string; pay: number | null; settings: PricingSettings; onChange: (d: TaxDraft) => void }) {
  const ruleId = useId();
  const input = taxInput(draft);
  const note = pay !== null && typeof input.fixedRateBp !== 'string' ? rateNote({ hsnCode: null, taxRule: input.taxRule, fixedRateBp: input.fixedRateBp }, pay, settings) : null;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField label="HSN code" inputMode="numeric" placeholder="5007" maxLength={8} hint="4, 6 or 8 digits: 5007 silk, 5208 cotton, 6204 kurtas and suits." value={draft.hsnCode} onChange={(e) => onChange({ ...draft, hsnCode: e.target.value })} />
      <label className={`grid content-start gap-1 text-sm ${draft.taxRule === 'fixed' ? '' : 'sm:col-span-2'}`} htmlFor={ruleId}>
        <span className="font-medium">Taxed as</span>
        <select id={ruleId} value={draft.taxRule} onChange={(e) => onChange({ ...draft, taxRule: e.target.value as TaxDraft['taxRule'] })} className={inputClass}>
          <option value="">The shop’s GST rate ({gstPercentText(settings.gstRateBp)})</option>
          <option value="fixed">A fixed rate (fabric, sarees)</option>
          <option value="apparel">
            Apparel by value ({gstPercentText(settings.apparelLowRateBp)} / {gstPercentText(settings.apparelHighRateBp)})
          </option>
        </select>
      </label>
      {draft.taxRule === 'fixed' && <TextField label="Fixed rate (%)" inputMode="decimal" value={draft.fixedRate} onChange={(e) => onChange({ ...draft, fixedRate: e.target.value })} />}
      {error && (
        <div className="sm:col-span-3">
          <FieldError>{error}</FieldError>
        </div>
      )}
      {note && (
        <div className="grid gap-2 text-sm sm:col-span-3" aria-live="polite">
          <p className="text-muted">{note.text}</p>
          {note.warning && <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">{note.warning}</p>}
        </div>
      )}
    </div>
  );
}
