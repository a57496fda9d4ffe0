/**
 * The owner's return rules and counts (issue 49): the window and where pieces are sent back,
 * checked with the API's contract; the pieces asked back by reason, and those whose fit comes back
 * one way.
 */
import { useState } from 'react';
import { parsePriceText } from '../../../shared/money.ts';
import { returnSettingsContract } from '../../../shared/returns.contract.ts';
import { COD_REFUND_WAYS, FEE_WINDOW_DAYS, FIT_FLAG, REASON_LABELS, type CodRefundWay, type ReturnSettings } from '../../../shared/returns.ts';
import { FormMessage, SubmitButton, TextAreaField, TextField } from '../../components/form-field.tsx';
import { useReturnsSummary, useSaveReturnSettings } from './returns.api.ts';
import { useContractForm } from './use-contract-form.ts';

const COD_WAY_LABELS: Record<CodRefundWay, string> = {
  store_credit: 'Store credit, at once',
  credit_or_payout: 'The shopper chooses: store credit, or paid to their UPI ID or bank account (RazorpayX)',
};

const wholeOf = (typed: string): unknown => (/^\s*\d+\s*$/.test(typed) ? Number(typed) : typed);
const rupeesText = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

export function ReturnRulesForm({ settings }: { settings: ReturnSettings }) {
  const save = useSaveReturnSettings();
  const [windowDays, setWindow] = useState(String(settings.windowDays));
  const [returnAddress, setAddress] = useState(settings.returnAddress);
  const [codRefund, setCodRefund] = useState<CodRefundWay>(settings.codRefund);
  const [fee, setFee] = useState(settings.pickupFeePaise === 0 ? '0' : rupeesText(settings.pickupFeePaise));
  const [feeAfter, setFeeAfter] = useState(settings.feeAfterReturns === null ? '' : String(settings.feeAfterReturns));
  const form = useContractForm(returnSettingsContract, save.mutateAsync, 'Return rules saved.');
  const { errors, message } = form;
  const read = () => ({ ...settings, windowDays: wholeOf(windowDays), returnAddress, codRefund, pickupFeePaise: parsePriceText(fee) ?? fee, feeAfterReturns: feeAfter.trim() === '' ? null : wholeOf(feeAfter) });
  return (
    <form onSubmit={form.onSubmit(read)} noValidate className="grid gap-5 rounded-2xl border border-line bg-white/80 p-5 sm:p-8">
      <h2 className="font-display text-2xl font-semibold">Return rules</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Return window (days)" hint="From delivery, 0 to 30." inputMode="numeric" value={windowDays} error={errors.windowDays} onChange={(e) => setWindow(e.target.value)} />
        <TextField label="Pickup fee (₹)" hint="0 to 500; 0 is free." inputMode="decimal" value={fee} error={errors.pickupFeePaise} onChange={(e) => setFee(e.target.value)} />
        <TextField label="Fee from return no." hint={`In ${FEE_WINDOW_DAYS} days; empty: every one.`} inputMode="numeric" value={feeAfter} error={errors.feeAfterReturns} onChange={(e) => setFeeAfter(e.target.value)} />
        <p className="text-sm text-muted sm:col-span-3">
          The pickup fee is taken from a refund when your courier collects the piece, with an invoice of its own; never for a damaged or wrong piece, nor on an exchange. With 3, a shopper’s first two returns in {FEE_WINDOW_DAYS} days are collected free.
        </p>
      </div>
      <fieldset className="grid gap-2 text-sm">
        <legend className="mb-1 font-medium">Refunds of Cash on Delivery orders</legend>
        {COD_REFUND_WAYS.map((way) => (
          <label key={way} className="flex min-h-10 items-center gap-3">
            <input type="radio" name="cod-refund" className="size-4 accent-wine" checked={codRefund === way} onChange={() => setCodRefund(way)} />
            {COD_WAY_LABELS[way]}
          </label>
        ))}
        {errors.codRefund && <FormMessage tone="error">{errors.codRefund}</FormMessage>}
        <p className="text-muted">Prepaid orders are always refunded to the way the shopper paid. Store credit is valid a year.</p>
      </fieldset>
      <TextAreaField label="Return address" hint="Where shoppers send pieces back, as it goes on the parcel." rows={4} maxLength={300} value={returnAddress} error={errors.returnAddress} onChange={(e) => setAddress(e.target.value)} />
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div>
        <SubmitButton busy={save.isPending} busyText="Saving...">
          Save return rules
        </SubmitButton>
      </div>
    </form>
  );
}

/** Pieces asked back by reason, and by piece and size with a flag where the fit comes back one way. */
export function ReturnCounts() {
  const summary = useReturnsSummary();
  if (!summary.data || summary.data.byReason.length === 0) return null;
  const { byReason, byPiece } = summary.data;
  const flagged = byPiece.filter((p) => p.flag);
  return (
    <section aria-labelledby="return-counts" className="grid gap-4 rounded-2xl border border-line bg-white/80 p-5 sm:p-8">
      <h2 id="return-counts" className="font-display text-2xl font-semibold">
        Why pieces come back
      </h2>
      <ul className="grid gap-1 text-sm sm:grid-cols-2 sm:gap-x-10">
        {byReason.map((r) => (
          <li key={r.reason} className="flex justify-between gap-4 border-b border-line/60 py-1">
            <span>{REASON_LABELS[r.reason]}</span>
            <span className="font-medium">{r.pieces}</span>
          </li>
        ))}
      </ul>
      {flagged.length > 0 && (
        <div>
          <h3 className="font-medium">Check the size chart</h3>
          <p className="text-sm text-muted">
            At least {FIT_FLAG.share * 100}% of {FIT_FLAG.minReturns} or more returns of these say the same about the fit.
          </p>
          <ul className="mt-2 grid gap-1 text-sm">
            {flagged.map((p) => (
              <li key={`${p.productId}-${p.size}`}>
                <span className="font-medium">{p.name}</span>
                {p.size && ` (${p.size})`}: runs {p.flag}, {p.flag === 'small' ? p.tooSmall : p.tooLarge} of {p.pieces} returned say too {p.flag}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
