import { useState } from 'react';
import { parsePriceText, formatInr } from '../../../shared/money.ts';
import { pricingSettingsContract } from '../../../shared/pricing-settings.contract.ts';
import { priceOrder } from '../../../shared/order-price.ts';
import type { PricingSettings } from '../../../shared/pricing.ts';
import { FieldError, FormMessage, SubmitButton, TextField } from '../../components/form-field.tsx';
import { useSaveSettings } from './admin.api.ts';
import { useContractForm } from './use-contract-form.ts';

type Money = 'freeShippingThreshold' | 'standardShippingCharge' | 'expressShippingCharge' | 'expressShippingThreshold' | 'codFee';
const MONEY: { key: Money; label: string; hint: string }[] = [
  { key: 'freeShippingThreshold', label: 'Free shipping from (₹)', hint: 'A subtotal at or above this ships free.' },
  { key: 'expressShippingThreshold', label: 'Lower charge from (₹)', hint: 'Below this subtotal, the higher charge applies.' },
  { key: 'standardShippingCharge', label: 'Shipping charge (₹)', hint: 'For a subtotal between the two thresholds.' },
  { key: 'expressShippingCharge', label: 'Shipping charge below the lower threshold (₹)', hint: 'For the smallest orders.' },
  { key: 'codFee', label: 'Cash on Delivery fee (₹)', hint: 'Its own line at checkout when paying on delivery; 0 for none.' },
];

const rupees = (paise: number) => (paise / 100).toFixed(2);
/** A whole number as typed, or the text itself for the contract to refuse with its words. */
const wholeOrText = (typed: string | undefined) => (/^\s*\d{1,4}\s*$/.test(typed ?? '') ? Number(typed) : (typed ?? ''));

/** The owner's pricing settings (spec §3 pricing_settings, design.md GST), checked by the same contract as the API. */
export function SettingsForm({ settings }: { settings: PricingSettings }) {
  const save = useSaveSettings();
  const [text, setText] = useState<Record<string, string>>({
    gstRateBp: (settings.gstRateBp / 100).toFixed(2),
    apparelThreshold: rupees(settings.apparelThreshold),
    apparelLowRateBp: (settings.apparelLowRateBp / 100).toFixed(2),
    apparelHighRateBp: (settings.apparelHighRateBp / 100).toFixed(2),
    ...Object.fromEntries(MONEY.map(({ key }) => [key, rupees(settings[key])])),
    lowStockThreshold: String(settings.lowStockThreshold),
    reservationMinutes: String(settings.reservationMinutes),
  });
  const [included, setIncluded] = useState(settings.pricesIncludeGst);
  const [ambiguousRate, setAmbiguousRate] = useState(settings.ambiguousRate);

  const asSettings = () => ({
    gstRateBp: parsePriceText(text.gstRateBp) ?? -1,
    ...Object.fromEntries(MONEY.map(({ key }) => [key, parsePriceText(text[key]) ?? -1])),
    pricesIncludeGst: included,
    apparelThreshold: parsePriceText(text.apparelThreshold) ?? -1,
    apparelLowRateBp: parsePriceText(text.apparelLowRateBp) ?? -1,
    apparelHighRateBp: parsePriceText(text.apparelHighRateBp) ?? -1,
    ambiguousRate,
    lowStockThreshold: wholeOrText(text.lowStockThreshold),
    reservationMinutes: wholeOrText(text.reservationMinutes),
  });
  const checked = pricingSettingsContract.safeParse(asSettings());
  const example = checked.success ? priceOrder(800_00, checked.data) : null;

  const form = useContractForm(pricingSettingsContract, save.mutateAsync, 'Settings saved. New checkouts use them now.');
  const { errors, message } = form;

  const field = (key: string, label: string, hint: string, inputMode: 'decimal' | 'numeric' = 'decimal') => (
    <TextField key={key} label={label} hint={hint} inputMode={inputMode} value={text[key]} error={errors[key]} onChange={(e) => setText({ ...text, [key]: e.target.value })} />
  );
  return (
    <form onSubmit={form.onSubmit(asSettings)} noValidate className="grid gap-5 rounded-2xl border border-line bg-white/80 p-5 sm:p-8">
      <h1 className="font-display text-3xl font-semibold">Pricing</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('gstRateBp', 'GST (%)', 'The rate of a product with no tax rule, 0 to 28.')}
        <label className="flex items-start gap-3 self-end rounded-lg bg-sand/50 p-3 text-sm">
          <input type="checkbox" className="mt-1 size-5 accent-wine" checked={included} onChange={(e) => setIncluded(e.target.checked)} />
          <span>
            <span className="font-medium">Prices include GST</span>
            <span className="block text-muted">Shown as “GST included”; off, GST is added at checkout.</span>
          </span>
        </label>
        {MONEY.map(({ key, label, hint }) => field(key, label, hint))}
      </div>
      {example && (
        <p className="text-sm text-muted">
          An order of {formatInr(800_00)} would pay {example.shippingCharges === 0 ? 'no shipping' : `${formatInr(example.shippingCharges)} shipping`}, GST{' '}
          {formatInr(example.gstAmount)} {example.gstIncluded ? 'included' : 'added'}: {formatInr(example.total)} in all.
        </p>
      )}
      <h2 className="font-display text-2xl font-semibold">GST on apparel</h2>
      <p className="-mt-3 text-sm text-muted">
        For products taxed as apparel by value (kurtas, lehengas, suits, dupattas): since 22 September 2025 a piece worth up to ₹2,500 before GST is taxed at 5%, above it at 18%.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('apparelThreshold', 'Threshold per piece (₹)', 'The value before GST, after any discount.')}
        {field('apparelLowRateBp', 'GST up to it (%)', 'At or below the threshold.')}
        {field('apparelHighRateBp', 'GST above it (%)', 'Above the threshold.')}
      </div>
      <fieldset className="grid gap-2 text-sm">
        <legend className="mb-1 font-medium">A price between the bands</legend>
        <p className="text-muted">With prices including GST, a price from about ₹2,626 to ₹2,950 fits neither rate. Such a piece is taxed at:</p>
        {(['higher', 'lower'] as const).map((r) => (
          <label key={r} className="flex items-center gap-2">
            <input type="radio" name="ambiguousRate" className="size-4 accent-wine" checked={ambiguousRate === r} onChange={() => setAmbiguousRate(r)} />
            {r === 'higher' ? 'The higher rate (the safe choice)' : 'The lower rate'}
          </label>
        ))}
        {errors.ambiguousRate && <FieldError>{errors.ambiguousRate}</FieldError>}
      </fieldset>
      <h2 className="font-display text-2xl font-semibold">Stock</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('lowStockThreshold', 'Running low at (pieces)', 'At or below this, the shop says Only a few left, and a size shows Only 2 left.', 'numeric')}
        {field('reservationMinutes', 'Unpaid orders hold pieces for (minutes)', 'Pieces wait this long for payment, then go back on sale. 12 to 120.', 'numeric')}
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div>
        <SubmitButton busy={save.isPending} busyText="Saving...">
          Save settings
        </SubmitButton>
      </div>
    </form>
  );
}
