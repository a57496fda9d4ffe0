import { useState } from 'react';
import { COURIER_CHOICES, courierSettingsContract, type CourierChoice, type CourierSettingsView } from '../../../shared/parcels.contract.ts';
import { FieldError, FormMessage, SubmitButton, TextField } from '../../components/form-field.tsx';
import { useSaveCourierSettings } from './parcels.api.ts';
import { useContractForm } from './use-contract-form.ts';

const CHOICE_WORDS: Record<CourierChoice, { label: string; hint: string }> = {
  none: { label: 'My own courier', hint: 'You ship as you do now and type the tracking number on the order.' },
  shiprocket: { label: 'Shiprocket', hint: 'One button books the parcel, asks for a pickup and gives you the label.' },
  delhivery: { label: 'Delhivery', hint: 'One button books the parcel, asks for a pickup and gives you the label.' },
};

/** Which courier books the parcels (issue 48), where it picks them up, and what a parcel usually weighs. */
export function CourierSettingsForm({ settings }: { settings: CourierSettingsView }) {
  const save = useSaveCourierSettings();
  const [courier, setCourier] = useState<CourierChoice>(settings.courier);
  const [pickupLocation, setPickup] = useState(settings.pickupLocation);
  const [grams, setGrams] = useState(String(settings.parcelGrams));
  const form = useContractForm(courierSettingsContract, save.mutateAsync, 'Courier settings saved.');
  const { errors, message } = form;
  const read = () => ({ courier, pickupLocation, parcelGrams: /^\s*\d+\s*$/.test(grams) ? Number(grams) : grams });
  const hook = courier !== 'none' ? settings.webhookUrls[courier] : undefined;
  return (
    <form onSubmit={form.onSubmit(read)} noValidate className="grid gap-5 rounded-2xl border border-line bg-white/80 p-5 sm:p-8">
      <h2 className="font-display text-2xl font-semibold">Courier</h2>
      <fieldset className="grid gap-2" aria-describedby={errors.courier ? 'courier-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">Who books your parcels</legend>
        {COURIER_CHOICES.map((choice) => {
          const missing = choice !== 'none' && !settings.available.includes(choice);
          return (
            <label key={choice} className={`flex items-start gap-3 rounded-lg p-2 ring-1 ring-line ${missing ? 'opacity-60' : ''}`}>
              <input type="radio" name="courier" value={choice} checked={courier === choice} disabled={missing} onChange={() => setCourier(choice)} className="mt-1 accent-wine" />
              <span>
                <span className="font-medium">{CHOICE_WORDS[choice].label}</span>
                <span className="block text-sm text-muted">{missing ? 'Not set up on this server: its keys go in the environment (README, Couriers).' : CHOICE_WORDS[choice].hint}</span>
              </span>
            </label>
          );
        })}
        {errors.courier && <FieldError id="courier-error">{errors.courier}</FieldError>}
      </fieldset>
      {settings.local && <FormMessage tone="info">Development: the local courier plays the couriers here. It books at once and sends each parcel's scans on its own; nothing real is booked.</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Pickup location" hint="Its name in the courier's panel, exactly as it is there." value={pickupLocation} error={errors.pickupLocation} maxLength={60} onChange={(e) => setPickup(e.target.value)} />
        <TextField label="Usual parcel weight (grams)" hint="Packed. You can change it for each parcel." inputMode="numeric" value={grams} error={errors.parcelGrams} onChange={(e) => setGrams(e.target.value)} />
      </div>
      {hook && (
        <p className="text-sm text-muted">
          In the courier's panel, set the tracking webhook to <span className="break-all font-mono text-ink">{hook}</span> with the token from the server's environment, so its scans move your orders.
        </p>
      )}
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div>
        <SubmitButton busy={save.isPending} busyText="Saving...">
          Save courier settings
        </SubmitButton>
      </div>
    </form>
  );
}
