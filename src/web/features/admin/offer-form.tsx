/**
 * A new offer (issue 50): a code or an automatic offer, what it takes off and on which conditions,
 * checked by the API's own contract before it is sent (the same words under each field).
 */
import { useRef, useState } from 'react';
import { parsePriceText } from '../../../shared/money.ts';
import { offerContract, type OfferInput } from '../../../shared/offers.contract.ts';
import type { OfferMode, OfferType } from '../../../shared/offers.ts';
import { FormMessage, GroupPicker, SubmitButton, TextField } from '../../components/form-field.tsx';
import { useCreateOffer } from './offers.api.ts';
import { PiecePicker, type PickedPiece } from './piece-picker.tsx';
import { useGroupChoices } from './products.api.ts';
import { useContractForm } from './use-contract-form.ts';

const TYPE_LABELS: Record<OfferType, string> = { percent: 'Percent off', flat: 'Flat amount off', free_shipping: 'Free shipping' };
const wholeOrText = (typed: string): unknown => (/^\s*\d+\s*$/.test(typed) ? Number(typed) : typed);
/** Rupees as typed, in paise; empty is none; anything else goes to the contract as typed, to be refused in its words. */
const paiseOrNull = (typed: string): unknown => (typed.trim() === '' ? null : (parsePriceText(typed) ?? typed));
const countOrNull = (typed: string): unknown => (typed.trim() === '' ? null : wholeOrText(typed));

export function OfferForm() {
  const create = useCreateOffer();
  const [mode, setMode] = useState<OfferMode>('code');
  const [type, setType] = useState<OfferType>('percent');
  const [f, setF] = useState({ name: '', campaign: '', code: '', kind: 'order', percent: '', cap: '', flat: '', minOrder: '', minPieces: '', startsAt: '', endsAt: '', perShopper: '1', maxUses: '' });
  const [flags, setFlags] = useState({ firstOrderOnly: false, codAllowed: true, includeSaleItems: false });
  // Which pieces, by category (slugs, as the pickers hold them): none chosen, every piece.
  const [only, setOnly] = useState<string[]>([]);
  const [notFor, setNotFor] = useState<string[]>([]);
  // And single pieces, chosen by name.
  const [onlyPieces, setOnlyPieces] = useState<PickedPiece[]>([]);
  const [notForPieces, setNotForPieces] = useState<PickedPiece[]>([]);
  const categories = useGroupChoices().data?.categories ?? [];
  const typed = useRef<OfferInput | null>(null);
  const form = useContractForm(offerContract, () => create.mutateAsync(typed.current!), 'Offer saved. Shoppers can use it from its start.');
  const { errors, message } = form;
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  const read = (): OfferInput => {
    typed.current = {
      name: f.name,
      campaign: f.campaign,
      mode,
      code: mode === 'code' ? f.code : null,
      type,
      kind: type === 'free_shipping' ? 'shipping' : mode === 'automatic' ? (f.kind as 'product' | 'order') : 'order',
      percent: type === 'percent' ? (countOrNull(f.percent) as number) : null,
      capPaise: type === 'percent' ? (paiseOrNull(f.cap) as number | null) : null,
      flatPaise: type === 'flat' ? (paiseOrNull(f.flat) as number) : null,
      minOrderPaise: (paiseOrNull(f.minOrder) ?? 0) as number,
      minPieces: (countOrNull(f.minPieces) ?? 0) as number,
      startsAt: f.startsAt || null,
      endsAt: f.endsAt || null,
      perShopperMax: countOrNull(f.perShopper) as number | null,
      maxUses: countOrNull(f.maxUses) as number | null,
      ...flags,
      scope: [
        ...[...only.map((slug) => ({ slug, included: true })), ...notFor.map((slug) => ({ slug, included: false }))].flatMap(({ slug, included }) => {
          const id = categories.find((c) => c.slug === slug)?.id;
          return id === undefined ? [] : [{ target: 'category' as const, targetId: id, included }];
        }),
        ...onlyPieces.map((p) => ({ target: 'product' as const, targetId: p.id, included: true })),
        ...notForPieces.map((p) => ({ target: 'product' as const, targetId: p.id, included: false })),
      ],
    };
    return typed.current;
  };
  return (
    <form onSubmit={form.onSubmit(read)} noValidate aria-labelledby="new-offer" className="grid gap-5 rounded-2xl border border-line bg-white/80 p-5 sm:p-8">
      <h2 id="new-offer" className="font-display text-2xl font-semibold">
        New offer
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name shoppers read" hint="Such as: 10% off above ₹2,999" value={f.name} error={errors.name} onChange={set('name')} />
        <TextField label="Campaign" hint="Optional: groups the figures, such as Diwali 2026." value={f.campaign} error={errors.campaign} onChange={set('campaign')} />
      </div>
      <fieldset className="grid gap-2 text-sm">
        <legend className="mb-1 font-medium">How it is used</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          {(['code', 'automatic'] as const).map((m) => (
            <label key={m} className="flex min-h-10 items-center gap-3">
              <input type="radio" name="offer-mode" className="size-4 accent-wine" checked={mode === m} onChange={() => setMode(m)} />
              {m === 'code' ? 'A code shoppers type' : 'Automatic, no code'}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'code' && <TextField label="Code" hint="4 to 20 letters, digits and hyphens; kept in capitals." autoCapitalize="characters" value={f.code} error={errors.code} onChange={set('code')} />}
      <fieldset className="grid gap-2 text-sm">
        <legend className="mb-1 font-medium">What it takes off</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          {(Object.keys(TYPE_LABELS) as OfferType[]).map((t) => (
            <label key={t} className="flex min-h-10 items-center gap-3">
              <input type="radio" name="offer-type" className="size-4 accent-wine" checked={type === t} onChange={() => setType(t)} />
              {TYPE_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {type === 'percent' && <TextField label="Percent off" hint="1 to 90." inputMode="numeric" value={f.percent} error={errors.percent} onChange={set('percent')} />}
        {type === 'percent' && <TextField label="At most (₹)" hint="Optional cap." inputMode="decimal" value={f.cap} error={errors.capPaise} onChange={set('cap')} />}
        {type === 'flat' && <TextField label="Amount off (₹)" hint="₹1 to ₹10,000, at most the minimum order." inputMode="decimal" value={f.flat} error={errors.flatPaise} onChange={set('flat')} />}
        {mode === 'automatic' && type !== 'free_shipping' && (
          <label className="grid gap-1 text-sm">
            <span className="font-medium">Takes off</span>
            <select className="min-h-11 rounded-lg border border-line bg-white px-3 text-base" value={f.kind} onChange={set('kind')}>
              <option value="order">The whole order</option>
              <option value="product">The pieces it is for</option>
            </select>
          </label>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Minimum order (₹)" hint="The goods as shown; empty: none." inputMode="decimal" value={f.minOrder} error={errors.minOrderPaise} onChange={set('minOrder')} />
        <TextField label="Minimum pieces" hint="Such as 2 for “2 or more”." inputMode="numeric" value={f.minPieces} error={errors.minPieces} onChange={set('minPieces')} />
        <TextField label="Uses per shopper" hint="Empty: any number." inputMode="numeric" value={f.perShopper} error={errors.perShopperMax} onChange={set('perShopper')} />
        <TextField label="Total uses" hint="Empty: no limit." inputMode="numeric" value={f.maxUses} error={errors.maxUses} onChange={set('maxUses')} />
        <TextField label="Starts (India time)" hint="Empty: now." type="datetime-local" value={f.startsAt} error={errors.startsAt} onChange={set('startsAt')} />
        <TextField label="Ends (India time)" hint="Empty: until you end it." type="datetime-local" value={f.endsAt} error={errors.endsAt} onChange={set('endsAt')} />
      </div>
      <div className="grid gap-4">
        {categories.length > 0 && <GroupPicker legend="Only for pieces in (none: every piece)" choices={categories} chosen={only} error={errors.scope} onChange={setOnly} />}
        <PiecePicker legend="Only for these pieces" chosen={onlyPieces} onChange={setOnlyPieces} />
        {categories.length > 0 && <GroupPicker legend="Not for pieces in" choices={categories} chosen={notFor} onChange={setNotFor} />}
        <PiecePicker legend="Not for these pieces" chosen={notForPieces} onChange={setNotForPieces} />
      </div>
      <Flags flags={flags} onChange={setFlags} />
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <div>
        <SubmitButton busy={create.isPending} busyText="Saving...">
          Save offer
        </SubmitButton>
      </div>
    </form>
  );
}

type OfferFlags = { firstOrderOnly: boolean; codAllowed: boolean; includeSaleItems: boolean };

function Flags({ flags, onChange }: { flags: OfferFlags; onChange: (next: OfferFlags) => void }) {
  return (
    <div className="grid gap-1 text-sm">
      {(
        [
          ['firstOrderOnly', 'First order only'],
          ['codAllowed', 'Allowed with Cash on Delivery'],
          ['includeSaleItems', 'Also on pieces already on sale'],
        ] as const
      ).map(([key, label]) => (
        <label key={key} className="flex min-h-10 items-center gap-3">
          <input type="checkbox" className="size-4 accent-wine" checked={flags[key]} onChange={(e) => onChange({ ...flags, [key]: e.target.checked })} />
          {label}
        </label>
      ))}
    </div>
  );
}
