import { X } from 'lucide-react';
import { useState } from 'react';
import { deliverySettingsContract } from '../../../shared/delivery.contract.ts';
import { dayText, ZONE_LABELS, ZONES, type DeliverySettings, type Zone } from '../../../shared/delivery.ts';
import { parsePriceText } from '../../../shared/money.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { FieldError, FormMessage, inputClass, SubmitButton, TextField } from '../../components/form-field.tsx';
import { useSaveDelivery } from './delivery.api.ts';
import { useContractForm } from './use-contract-form.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const rupees = (paise: number) => (paise / 100).toFixed(2);
/** A whole number as typed, or the text itself for the contract to refuse with its words. */
const whole = (typed: string) => (/^\s*\d{1,3}\s*$/.test(typed) ? Number(typed) : typed);

type TransitText = Record<Zone, { min: string; max: string }>;

/** Dispatch, transit by zone and Cash on Delivery's limits (issue 17), checked by the API's own contract before it is sent. */
export function DeliverySettingsForm({ settings }: { settings: DeliverySettings }) {
  const save = useSaveDelivery();
  const [text, setText] = useState({
    dispatchPin: settings.dispatchPin,
    processingDays: String(settings.processingDays),
    cutoff: settings.cutoff,
    codMinPaise: rupees(settings.codMinPaise),
    codMaxPaise: rupees(settings.codMaxPaise),
    codOpenOrdersMax: String(settings.codOpenOrdersMax),
  });
  const [closed, setClosed] = useState(settings.closedWeekdays);
  const [holidays, setHolidays] = useState(settings.holidays);
  const [transit, setTransit] = useState<TransitText>(
    () => Object.fromEntries(ZONES.map((z) => [z, { min: String(settings.transit[z].min), max: String(settings.transit[z].max) }])) as TransitText,
  );

  const asSettings = () => ({
    dispatchPin: text.dispatchPin,
    processingDays: whole(text.processingDays),
    cutoff: text.cutoff,
    closedWeekdays: closed,
    holidays,
    transit: Object.fromEntries(ZONES.map((z) => [z, { min: whole(transit[z].min), max: whole(transit[z].max) }])),
    codMinPaise: parsePriceText(text.codMinPaise) ?? -1,
    codMaxPaise: parsePriceText(text.codMaxPaise) ?? -1,
    codOpenOrdersMax: whole(text.codOpenOrdersMax),
  });

  const form = useContractForm(deliverySettingsContract, save.mutateAsync, 'Delivery settings saved. Product pages and checkout use them now.');
  const { errors, message } = form;

  const field = (key: keyof typeof text, label: string, hint: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField label={label} hint={hint} value={text[key]} error={errors[key]} onChange={(e) => setText({ ...text, [key]: e.target.value })} {...extra} />
  );

  return (
    <form onSubmit={form.onSubmit(asSettings)} noValidate className="grid gap-5 rounded-2xl border border-line bg-white/80 p-5 sm:p-8">
      <h1 className="font-display text-3xl font-semibold">Delivery</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('dispatchPin', 'Dispatch pincode', 'Where parcels leave from.', { inputMode: 'numeric', maxLength: 6 })}
        {field('processingDays', 'Packing time (dispatch days)', '0: sent the same day, before the cut-off.', { inputMode: 'numeric' })}
        {field('cutoff', 'Daily cut-off (India time)', 'Orders after it count from the next dispatch day.', { type: 'time' })}
      </div>

      <ClosedWeekdays closed={closed} onChange={setClosed} error={errors.closedWeekdays} />
      <Holidays holidays={holidays} onChange={setHolidays} error={errors.holidays} />
      <TransitDays transit={transit} onChange={setTransit} error={errors.transit} />

      <h2 className="font-display text-2xl font-semibold">Cash on Delivery</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('codMinPaise', 'Smallest order (₹)', 'Orders below this pay online.', { inputMode: 'decimal' })}
        {field('codMaxPaise', 'Largest order (₹)', 'Orders above this pay online.', { inputMode: 'decimal' })}
        {field('codOpenOrdersMax', 'Open orders per shopper', 'Not yet paid at the door; the next pays online.', { inputMode: 'numeric' })}
      </div>

      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div>
        <SubmitButton busy={save.isPending} busyText="Saving...">
          Save delivery settings
        </SubmitButton>
      </div>
    </form>
  );
}

/** The weekdays nothing is dispatched, as checkboxes. */
function ClosedWeekdays({ closed, onChange, error }: { closed: number[]; onChange: (days: number[]) => void; error?: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Days nothing is dispatched</legend>
      <div className="flex flex-wrap gap-2">
        {WEEKDAYS.map((name, day) => (
          <label key={name} className="flex min-h-11 items-center gap-2 rounded-full bg-sand/50 px-4 text-sm">
            <input type="checkbox" className="size-4 accent-wine" checked={closed.includes(day)} onChange={(e) => onChange(e.target.checked ? [...closed, day].sort() : closed.filter((d) => d !== day))} />
            {name}
          </label>
        ))}
      </div>
      {error && <FieldError>{error}</FieldError>}
    </fieldset>
  );
}

/** The holidays: a date to add, and each one set with a button to remove it. */
function Holidays({ holidays, onChange, error }: { holidays: string[]; onChange: (days: string[]) => void; error?: string }) {
  const [holiday, setHoliday] = useState('');
  const addHoliday = () => {
    if (holiday && !holidays.includes(holiday)) onChange([...holidays, holiday].sort());
    setHoliday('');
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Holidays</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor="holiday-date">
          A holiday
        </label>
        <input id="holiday-date" type="date" value={holiday} onChange={(e) => setHoliday(e.target.value)} className={`${inputClass} max-w-xs`} />
        <button type="button" className={secondaryButtonClass} onClick={addHoliday}>
          Add holiday
        </button>
      </div>
      {holidays.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Holidays">
          {holidays.map((d) => (
            <li key={d} className="flex items-center gap-1 rounded-full bg-sand/60 py-1 pl-3 pr-1 text-sm">
              {dayText(d)} {d.slice(0, 4)}
              <button type="button" className="grid size-9 place-items-center rounded-full hover:bg-wine/10" aria-label={`Remove ${dayText(d)} ${d.slice(0, 4)}`} onClick={() => onChange(holidays.filter((h) => h !== d))}>
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <FieldError>{error}</FieldError>}
    </fieldset>
  );
}

/** Each zone's earliest and latest days in transit, as typed. */
function TransitDays({ transit, onChange, error }: { transit: TransitText; onChange: (transit: TransitText) => void; error?: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Days in transit, after dispatch</legend>
      <div className="grid gap-2">
        {ZONES.map((zone) => (
          <div key={zone} className="grid items-center gap-2 sm:grid-cols-[1fr_7rem_7rem]">
            <span className="text-sm">{ZONE_LABELS[zone]}</span>
            {(['min', 'max'] as const).map((end) => (
              <label key={end} className="flex items-center gap-2 text-sm text-muted">
                {end === 'min' ? 'From' : 'To'}
                <input
                  inputMode="numeric"
                  aria-label={`${ZONE_LABELS[zone]}: ${end === 'min' ? 'earliest' : 'latest'} days`}
                  value={transit[zone][end]}
                  onChange={(e) => onChange({ ...transit, [zone]: { ...transit[zone], [end]: e.target.value } })}
                  className={inputClass}
                />
              </label>
            ))}
          </div>
        ))}
      </div>
      {error && <FieldError>{error}</FieldError>}
    </fieldset>
  );
}
