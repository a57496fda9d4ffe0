import { useState } from 'react';
import { INDIA_STATE_NAMES } from '../../../shared/india.ts';
import { documentNumber, financialYearOf } from '../../../shared/invoices.ts';
import { taxSettingsContract, type TaxSettings } from '../../../shared/tax-settings.contract.ts';
import { FormMessage, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form-field.tsx';
import { useSaveTaxSettings } from './tax-settings.api.ts';
import { useContractForm } from './use-contract-form.ts';

/** Who the shop's invoices are issued by (issue 18), checked by the API's own contract before it is sent. */
export function TaxSettingsForm({ settings }: { settings: TaxSettings | null }) {
  const save = useSaveTaxSettings();
  const [registered, setRegistered] = useState(settings?.registered ?? true);
  const [text, setText] = useState({
    legalName: settings?.legalName ?? '',
    tradingName: settings?.tradingName ?? '',
    address: settings?.address ?? '',
    state: settings?.state ?? '',
    gstin: settings?.gstin ?? '',
    invoicePrefix: settings?.invoicePrefix ?? 'VST',
  });
  const form = useContractForm(taxSettingsContract, save.mutateAsync, 'Tax settings saved. Invoices are issued under them from now on.');
  const { errors, message } = form;
  const set = (key: keyof typeof text) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setText({ ...text, [key]: e.target.value });
  const prefix = /^[A-Za-z0-9]{1,4}$/.test(text.invoicePrefix.trim()) ? text.invoicePrefix.trim().toUpperCase() : null;

  return (
    <form onSubmit={form.onSubmit(() => ({ ...text, registered }))} noValidate className="grid gap-5 rounded-2xl border border-line bg-white/80 p-5 sm:p-8">
      <div>
        <h1 className="font-display text-3xl font-semibold">Tax</h1>
        <p className="mt-1 text-sm text-muted">Who the shop’s invoices are issued by. Every order gets one when it is shipped.</p>
      </div>
      {settings === null && <FormMessage tone="info">Not set yet: checkout charges GST and shows it, and until you save these each order ships with its tax invoice under the shop’s name and without a GSTIN. Save them before you ship.</FormMessage>}
      <label className="flex items-start gap-3 rounded-lg bg-sand/50 p-3 text-sm">
        <input type="checkbox" className="mt-1 size-5 accent-wine" checked={registered} onChange={(e) => setRegistered(e.target.checked)} />
        <span>
          <span className="font-medium">Registered for GST</span>
          <span className="block text-muted">On: tax invoices with CGST and SGST, or IGST. Off: a bill of supply with no tax lines, and prices carry no GST.</span>
        </span>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Legal name" hint="As on the GST registration." autoComplete="organization" value={text.legalName} error={errors.legalName} onChange={set('legalName')} />
        <TextField label="Trading name" hint="What the shop is called, if not the legal name." value={text.tradingName} error={errors.tradingName} onChange={set('tradingName')} />
      </div>
      <TextAreaField label="Registered address" rows={3} hint="As it should read on the invoice: up to 6 lines." value={text.address} error={errors.address} onChange={set('address')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="State" placeholder="Choose a state" options={INDIA_STATE_NAMES} value={text.state} error={errors.state} onChange={set('state')} />
        {registered && <TextField label="GSTIN" hint="15 characters; its first two digits are the state’s." autoCapitalize="characters" maxLength={15} value={text.gstin} error={errors.gstin} onChange={set('gstin')} />}
        <TextField
          label="Invoice prefix"
          hint={prefix ? `The first invoice of the year: ${documentNumber('invoice', prefix, financialYearOf(new Date()), 1)}` : '1 to 4 letters or digits.'}
          autoCapitalize="characters"
          maxLength={4}
          value={text.invoicePrefix}
          error={errors.invoicePrefix}
          onChange={set('invoicePrefix')}
        />
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div>
        <SubmitButton busy={save.isPending} busyText="Saving...">
          Save tax settings
        </SubmitButton>
      </div>
    </form>
  );
}
