import { clsx } from 'clsx';
import { Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { AddressLines } from '../../components/address-lines.tsx';
import { isPlaceholderAddress, PLACEHOLDER_NOTICE, type AddressFields } from '../../../shared/addresses.ts';

export const cardClass = 'rounded-2xl border border-line bg-white/70 p-4 sm:p-5';
const actionClass = 'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium';

/** How a person says where an address is: used in the cards, the delete question and buttons' names. */
export const placeOf = (a: AddressFields) => `${a.name}, ${a.house}, ${a.city}`;


interface Props {
  address: AddressFields & { id: string };
  onEdit: () => void;
  onDelete: () => void;
  /** Checkout: the card is one option of the book's radio group. */
  choice?: { group: string; checked: boolean; onChoose: () => void };
  /** Its buttons' ids are this plus '-edit' and '-delete': focus comes back to them when a form or question closes. */
  idBase: string;
}

/** One saved address with its Edit and Delete; a placeholder one says so and asks to be edited. */
export function AddressCard({ address, onEdit, onDelete, choice, idBase }: Props) {
  const radioId = useId();
  const placeholder = isPlaceholderAddress(address);
  const place = placeOf(address);
  const lines = <AddressLines address={address} />;
  return (
    <li className={clsx(cardClass, 'flex flex-col', choice && 'has-[:checked]:border-wine has-[:checked]:bg-white has-[:checked]:ring-1 has-[:checked]:ring-wine')}>
      {choice ? (
        <div className="flex items-start gap-3">
          <input
            type="radio"
            id={radioId}
            name={choice.group}
            checked={choice.checked}
            onChange={choice.onChoose}
            className="mt-1 size-4 shrink-0 accent-wine"
          />
          <label htmlFor={radioId} className="min-w-0 flex-1 cursor-pointer">
            {lines}
          </label>
        </div>
      ) : (
        lines
      )}
      {placeholder && (
        <div className="mt-3 rounded-lg border border-gold-soft bg-sand/60 px-3 pt-2 text-sm text-ink">
          <p className="flex items-start gap-2">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden="true" />
            {PLACEHOLDER_NOTICE}
          </p>
          <button type="button" onClick={onEdit} className={clsx(actionClass, 'ml-3 text-wine underline underline-offset-4 hover:bg-white')}>
            Update details
          </button>
        </div>
      )}
      <div className="mt-auto pt-3">
        <div className="-mb-2 flex gap-1 border-t border-line/70 pt-1 *:first:-ml-3">
          <CardAction id={`${idBase}-edit`} label={`Edit address: ${place}`} onClick={onEdit} tone="text-wine">
            <Pencil className="size-4" aria-hidden="true" /> Edit
          </CardAction>
          <CardAction id={`${idBase}-delete`} label={`Delete address: ${place}`} onClick={onDelete} tone="text-muted hover:text-red-800">
            <Trash2 className="size-4" aria-hidden="true" /> Delete
          </CardAction>
        </div>
      </div>
    </li>
  );
}

function CardAction({ id, label, onClick, tone, children }: { id?: string; label: string; onClick: () => void; tone: string; children: ReactNode }) {
  return (
    <button type="button" id={id} aria-label={label} onClick={onClick} className={clsx(actionClass, 'hover:bg-sand', tone)}>
      {children}
    </button>
  );
}
