/**
 * "Return or exchange" on a delivered order (issue 49): the pieces and how many, why, photographs
 * for a damaged or wrong piece, another size or a refund, checked with the API's own contract
 * before it is sent; the requests already made, with where each stands.
 */
import { useId, useState } from 'react';
import { problems } from '../../../shared/contract-kit.ts';
import { returnRequestContract } from '../../../shared/returns.contract.ts';
import { dayInWords, PICKUP_FEE_WORDS, REASON_LABELS, RETURN_PHOTOS, RETURN_REASONS, RETURN_STATE_LABELS, SHOP_AT_FAULT, type Resolution, type ReturnOptions, type ReturnReason, type ShopperReturn } from '../../../shared/returns.ts';
import { formatInr } from '../../../shared/money.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { PickupFeeLine } from '../../components/pickup-fee-line.tsx';
import { FieldError, FormMessage, SubmitButton, TextAreaField } from '../../components/form-field.tsx';
import { uploadReturnPhoto, useAskReturn, useReturnOptions } from './orders.api.ts';
import { RefundChoice } from './refund-choice.tsx';

type Line = ReturnOptions['lines'][number];
interface Chosen {
  quantity: number;
  exchangeSize: string;
}

/** On a delivered order's card: the button, then the panel with the shopper's requests and the form. */
export function ReturnRequest({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  const options = useReturnOptions(orderId, open);
  if (!open) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Return or exchange
      </button>
    );
  }
  return (
    <section aria-label="Return or exchange" className="grid w-full gap-4 rounded-xl border border-line bg-sand/30 p-4 sm:p-5">
      <h3 className="font-display text-xl font-semibold">Return or exchange</h3>
      {options.isPending && <p className="text-sm text-muted">Loading what you can return...</p>}
      {options.isError && <FormMessage tone="error">{options.error.message}</FormMessage>}
      {options.data && <Requests orderId={orderId} options={options.data} />}
      {options.data && (closedWords(options.data) ? <FormMessage tone="info">{closedWords(options.data)}</FormMessage> : <RequestForm orderId={orderId} options={options.data} onDone={() => setOpen(false)} />)}
    </section>
  );
}

/** Why no more can be asked now: the window, or every piece already asked back. */
function closedWords(options: ReturnOptions): string | null {
  if (options.closedBecause) return options.closedBecause;
  return options.lines.every((l) => l.most === 0) ? 'Every piece of this order has been asked back.' : null;
}

function Requests({ orderId, options }: { orderId: string; options: ReturnOptions }) {
  if (options.requests.length === 0) return null;
  return (
    <div>
      <h3 className="font-medium">Your requests</h3>
      <ul className="mt-2 grid gap-2 text-sm">
        {options.requests.map((r) => (
          <li key={r.id} className="grid gap-1 rounded-lg bg-ivory px-3 py-2">
            <span>
              <span className="font-medium">{RETURN_STATE_LABELS[r.state]}</span>: {r.resolution === 'exchange' ? 'exchange' : 'refund'} of {r.lines.map((l) => `${l.quantity} × ${l.name}${l.exchangeSize ? ` for size ${l.exchangeSize}` : ''}`).join(', ')} ({REASON_LABELS[r.reason].toLowerCase()})
            </span>
            {r.ownerNote && <span className="text-muted">{r.ownerNote}</span>}
            {r.sendTo && (
              <span>
                Please send the piece, with its tags, to:
                <span className="mt-1 block whitespace-pre-line font-medium">{r.sendTo}</span>
              </span>
            )}
            {r.parcels.map((parcel) => (
              <span key={parcel.kind}>{parcelWords(parcel)}</span>
            ))}
            {r.refunds.map((m) => (m.choosing ? <RefundChoice key={m.way} orderId={orderId} requestId={r.id} amount={m.amount} /> : <span key={m.way}>{refundWords(m)}</span>))}
            <PickupFeeLine request={r} invoiceHref={`/api/orders/${orderId}/returns/${r.id}/pickup-fee-invoice`} />
            {r.creditNote && (
              <a className="w-fit font-medium text-wine underline underline-offset-4 hover:text-wine-dark" href={`/api/orders/${orderId}/returns/${r.id}/credit-note`} download>
                Credit note {r.creditNote} (PDF)
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Where a return's parcel is, as the shopper reads it: the courier's pickup, or the new size on its way. */
function parcelWords(parcel: ShopperReturn['parcels'][number]): string {
  const courier = `${parcel.courier}${parcel.awb ? `, AWB ${parcel.awb}` : ''}`;
  if (parcel.kind === 'pickup') {
    if (parcel.step === 'booked') return `A courier will collect the piece from your delivery address (${courier}).`;
    if (parcel.step === 'delivered') return `The courier has brought the piece back to us (${courier}).`;
    if (parcel.step === 'cancelled') return `The courier’s pickup was cancelled (${courier}). We will write to say what happens next.`;
    return `Pickup by ${courier}: ${parcel.stepLabel.toLowerCase()}.`;
  }
  return `Your new size: ${parcel.stepLabel.toLowerCase()} (${courier}).`;
}

/** Where the money stands, as the shopper reads it. */
function refundWords(refund: ShopperReturn['refunds'][number]): string {
  if (refund.way === 'payout') {
    if (refund.failed) return `Your payout of ${formatInr(refund.amount)} to your ${refund.payoutTo} is delayed. We are looking into it and will write to you.`;
    return refund.made ? `${formatInr(refund.amount)} paid to your ${refund.payoutTo}.` : `${formatInr(refund.amount)} is being paid to your ${refund.payoutTo}.`;
  }
  if (refund.way === 'store_credit') return `${formatInr(refund.amount)} added to your store credit. Spend it at checkout.`;
  if (refund.failed) return `We could not refund ${formatInr(refund.amount)} automatically. We will refund it by hand and write to you.`;
  return refund.made ? `${formatInr(refund.amount)} refunded to the way you paid. Banks usually show it within 5 to 7 working days.` : `${formatInr(refund.amount)} is being refunded to the way you paid.`;
}

function RequestForm({ orderId, options, onDone }: { orderId: string; options: ReturnOptions; onDone: () => void }) {
  const id = useId();
  const ask = useAskReturn(orderId);
  const [chosen, setChosen] = useState<Record<number, Chosen>>({});
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [resolution, setResolution] = useState<Resolution>('refund');
  const [photos, setPhotos] = useState<{ id: string; name: string }[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lines = Object.entries(chosen).map(([lineId, c]) => ({ lineId: Number(lineId), quantity: c.quantity, ...(resolution === 'exchange' && c.exchangeSize && { exchangeSize: c.exchangeSize }) }));
  const canExchange = lines.length > 0 && lines.every((l) => (options.lines.find((o) => o.lineId === l.lineId)?.sizes.length ?? 0) > 0);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const feeApplies = resolution === 'refund' && reason !== null && !SHOP_AT_FAULT.has(reason);
    const input = { lines, reason, resolution, note, photos: photos.map((p) => p.id), pickupFeeShown: feeApplies ? options.pickupFee : 0 };
    const found = problems(returnRequestContract, input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await ask.mutateAsync(returnRequestContract.parse(input));
      onDone();
    } catch (err) {
      setErrors({ form: err instanceof Error ? err.message : String(err) });
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <p className="text-sm text-muted">You can ask until {options.lastDay ? dayInWords(options.lastDay) : 'the window closes'}.</p>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Which pieces?</legend>
        {options.lines.map((line) => (
          <PieceChoice key={line.lineId} line={line} chosen={chosen[line.lineId]} exchange={resolution === 'exchange'} onChange={(c) => setChosen(({ [line.lineId]: _old, ...rest }) => (c ? { ...rest, [line.lineId]: c } : rest))} />
        ))}
        {errors.lines && <FieldError>{errors.lines}</FieldError>}
      </fieldset>
      <fieldset className="grid gap-1 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="mb-1 text-sm font-medium">Why are you returning it?</legend>
        {RETURN_REASONS.map((r) => (
          <label key={r} className="flex min-h-11 items-center gap-3 rounded-lg px-2 text-sm hover:bg-sand/50">
            <input type="radio" name={`${id}-reason`} className="size-4 accent-wine" checked={reason === r} onChange={() => setReason(r)} />
            {REASON_LABELS[r]}
          </label>
        ))}
        {errors.reason && <FieldError>{errors.reason}</FieldError>}
      </fieldset>
      {reason && SHOP_AT_FAULT.has(reason) && <Photos
          photos={photos}
          onChange={(added) => {
            setPhotos(added);
            setErrors(({ photos: _said, ...rest }) => rest);
          }}
          error={errors.photos}
        />}
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">What would you like?</legend>
        <label className="flex min-h-11 items-center gap-3 px-2 text-sm">
          <input type="radio" name={`${id}-resolution`} className="size-4 accent-wine" checked={resolution === 'refund'} onChange={() => setResolution('refund')} />
          A refund
        </label>
        <label className="flex min-h-11 items-center gap-3 px-2 text-sm">
          <input type="radio" name={`${id}-resolution`} className="size-4 accent-wine" checked={resolution === 'exchange'} disabled={!canExchange} onChange={() => setResolution('exchange')} />
          Another size of the same piece{!canExchange && lines.length > 0 ? ' (no other size in stock)' : ''}
        </label>
      </fieldset>
      {options.pickupFee > 0 && resolution === 'refund' && reason && !SHOP_AT_FAULT.has(reason) && (
        <p className="text-sm text-muted">
          {PICKUP_FEE_WORDS.ifCollected(options.pickupFee)} An exchange for another size is collected free.
        </p>
      )}
      <TextAreaField label="Anything we should know? (optional)" rows={2} value={note} error={errors.note} onChange={(e) => setNote(e.target.value)} />
      {errors.form && <FormMessage tone="error">{errors.form}</FormMessage>}
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={ask.isPending} busyText="Sending...">
          Ask for {resolution === 'exchange' ? 'the exchange' : 'the refund'}
        </SubmitButton>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Not now
        </button>
      </div>
    </form>
  );
}

function PieceChoice({ line, chosen, exchange, onChange }: { line: Line; chosen: Chosen | undefined; exchange: boolean; onChange: (c: Chosen | null) => void }) {
  const why = line.underWay ? 'A request for it is under way.' : line.most === 0 ? 'Already returned.' : line.finalSale ? 'Final sale: returnable only if it arrived damaged or is the wrong piece.' : null;
  const off = line.underWay || line.most === 0;
  return (
    <div className="grid gap-2 rounded-lg bg-ivory px-3 py-2 text-sm">
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" className="size-5 shrink-0 accent-wine" disabled={off} checked={!!chosen} onChange={(e) => onChange(e.target.checked ? { quantity: 1, exchangeSize: line.sizes[0] ?? '' } : null)} />
        <span>
          {line.name}
          {line.size && <span className="text-muted"> · Size {line.size}</span>}
          {why && <span className="block text-xs text-muted">{why}</span>}
        </span>
      </label>
      {chosen && (
        <div className="flex flex-wrap gap-4 pl-8">
          {line.most > 1 && (
            <label className="flex items-center gap-2">
              How many
              <select className="min-h-11 rounded-lg border border-line bg-ivory px-2" value={chosen.quantity} onChange={(e) => onChange({ ...chosen, quantity: Number(e.target.value) })}>
                {Array.from({ length: line.most }, (_, i) => (
                  <option key={i + 1}>{i + 1}</option>
                ))}
              </select>
            </label>
          )}
          {exchange && line.sizes.length > 0 && (
            <label className="flex items-center gap-2">
              New size
              <select className="min-h-11 rounded-lg border border-line bg-ivory px-2" value={chosen.exchangeSize} onChange={(e) => onChange({ ...chosen, exchangeSize: e.target.value })}>
                {line.sizes.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
    </div>
  );
}

function Photos({ photos, onChange, error }: { photos: { id: string; name: string }[]; onChange: (p: { id: string; name: string }[]) => void; error?: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const add = async (files: FileList | null) => {
    setFailed(null);
    setBusy(true);
    try {
      const added = [...photos];
      for (const file of [...(files ?? [])].slice(0, RETURN_PHOTOS.max - photos.length)) added.push({ id: await uploadReturnPhoto(file), name: file.name });
      onChange(added);
    } catch (err) {
      setFailed(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        Photographs of the damage or the wrong piece (1 to 3)
      </label>
      <input id={id} type="file" accept="image/jpeg,image/png,image/webp" multiple disabled={busy || photos.length >= RETURN_PHOTOS.max} onChange={(e) => {
          const input = e.currentTarget;
          void add(input.files).finally(() => (input.value = ''));
        }} className="text-sm" />
      {busy && <p className="text-muted">Adding...</p>}
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {photos.map((p) => (
            <li key={p.id}>
              <img src={`/api/returns/photos/${p.id}`} alt={p.name} className="size-20 rounded-lg object-cover" />
            </li>
          ))}
        </ul>
      )}
      {(failed ?? error) && <FieldError>{failed ?? error}</FieldError>}
    </div>
  );
}
