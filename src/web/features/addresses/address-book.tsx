import { clsx } from 'clsx';
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { AddressInput } from '../../../shared/address.contract.ts';
import { MAX_ADDRESSES, type Address, type AddressFields, type ProfileAddressSource } from '../../../shared/addresses.ts';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass } from '../../components/empty-state.tsx';
import { notify } from '../../lib/toast.ts';
import { AddressCard, cardClass } from './address-card.tsx';
import { AddressForm } from './address-form.tsx';
import {
  AddressListFailed,
  AddressListSkeleton,
  ChoiceGroup,
  LIST_CLASS,
  NoAddresses,
  offeredAddress,
  ProfileOffer,
  useFocusLater,
} from './address-book-parts.tsx';
import { useAddAddress, useAddresses, useDeleteAddress, useUpdateAddress } from './addresses.api.ts';
import { DeleteAddressDialog } from './delete-address-dialog.tsx';

export interface AddressBookProps {
  shopperId: string;
  /** The book's heading (an h2). */
  title?: string;
  /** Checkout: the addresses are one radio group, and one of them is always the chosen one. */
  selectable?: boolean;
  selectedId?: string | null;
  /**
   * Called with the address chosen: when the shopper picks one, adds one (the new one is chosen),
   * or edits the chosen one (its new values); and, when `selectedId` is not in the book (at first,
   * or after a delete), with the newest address, or null when the book is empty.
   */
  onSelect?: (address: Address | null) => void;
  /** The shopper's profile: its address is offered when complete and not yet saved (spec §5). */
  profile?: ProfileAddressSource;
}

/** One address is always the chosen one at checkout: the newest, unless the shopper picked another. */
export function useOneAlwaysChosen(selectable: boolean, items: Address[] | undefined, selectedId: string | null | undefined, onSelect: AddressBookProps['onSelect']) {
  useEffect(() => {
    if (!selectable || !onSelect || !items || items.some((a) => a.id === selectedId)) return;
    if ((items[0]?.id ?? null) !== (selectedId ?? null)) onSelect(items[0] ?? null);
  }, [selectable, onSelect, items, selectedId]);
}

interface BookHeadingProps {
  ids: { headingId: string; addButtonId: string; formId: string; fullId: string };
  title: string;
  /** How many addresses the book holds; undefined until they are read (no add button yet). */
  count: number | undefined;
  adding: boolean;
  full: boolean;
  onToggle: () => void;
}

/** The book's heading and its add button (Cancel while the new address's form is open), and the note when the book is full. */
function BookHeading({ ids: { headingId, addButtonId, formId, fullId }, title, count, adding, full, onToggle }: BookHeadingProps) {
  const addLabel = adding ? 'Cancel' : count ? 'Add New Address' : 'Add Delivery Address';
  const AddIcon = adding ? X : Plus;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Delivery</p>
          <h2 id={headingId} className="font-display text-3xl font-semibold">
            {title}
          </h2>
        </div>
        {count !== undefined && (
          <button
            type="button"
            id={addButtonId}
            aria-expanded={adding}
            aria-controls={adding ? formId : undefined}
            aria-describedby={full ? fullId : undefined}
            disabled={full && !adding}
            onClick={onToggle}
            className={clsx(
              count || adding ? secondaryButtonClass : buttonClass,
              'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-wine',
            )}
          >
            <AddIcon className="mr-2 size-4" aria-hidden="true" /> {addLabel}
          </button>
        )}
      </div>
      {full && (
        <p id={fullId} className="text-sm text-muted">
          You can keep up to {MAX_ADDRESSES} addresses. Delete one you no longer use to add another.
        </p>
      )}
    </>
  );
}

type OpenForm = { kind: 'none' } | { kind: 'add'; from?: AddressFields } | { kind: 'edit'; id: string };

/** Spec §4 Checkout, §5 Address: the shopper's delivery addresses, newest first, to add, edit, delete and (at checkout) choose. */
export function AddressBook({ shopperId, title = 'Saved addresses', selectable = false, selectedId, onSelect, profile }: AddressBookProps) {
  const ids = useId();
  const headingId = `${ids}heading`;
  const addButtonId = `${ids}add`;
  const formId = `${ids}form`;
  const fullId = `${ids}full`;
  const cardIds = (id: string) => `${ids}card-${id}`;
  const book = useAddresses(shopperId);
  const add = useAddAddress(shopperId);
  const update = useUpdateAddress(shopperId);
  const remove = useDeleteAddress(shopperId);
  const [open, setOpen] = useState<OpenForm>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Address | null>(null);
  const focusLater = useFocusLater();
  const asked = useRef('');

  const items = book.data;
  const adding = open.kind === 'add';
  const full = (items?.length ?? 0) >= MAX_ADDRESSES;
  const offer = profile && items && !full && !adding ? offeredAddress(profile, items) : null;

  useOneAlwaysChosen(selectable, items, selectedId, onSelect);

  const close = (focusId: string) => {
    setOpen({ kind: 'none' });
    focusLater(focusId);
  };
  const saveNew = async (input: AddressInput) => {
    const saved = await add.mutateAsync(input);
    void notify('Address saved.', 'success');
    if (selectable) onSelect?.(saved);
    close(addButtonId);
  };
  const saveEdit = (id: string) => async (input: AddressInput) => {
    const saved = await update.mutateAsync({ id, input });
    void notify('Address updated.', 'success');
    if (selectable && saved.id === selectedId) onSelect?.(saved);
    close(`${cardIds(id)}-edit`);
  };
  const confirmDelete = async (address: Address) => {
    try {
      await remove.mutateAsync(address.id);
      void notify('Address deleted.', 'success');
    } catch {
      void notify('We could not delete this address. Please try again.', 'error');
    }
    setDeleting(null);
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <BookHeading
        ids={{ headingId, addButtonId, formId, fullId }}
        title={title}
        count={items?.length}
        adding={adding}
        full={full}
        onToggle={() => (adding ? close(addButtonId) : setOpen({ kind: 'add' }))}
      />

      {adding && (
        <div id={formId} className={cardClass}>
          <AddressForm title="New address" initial={open.from} save={saveNew} onCancel={() => close(addButtonId)} />
        </div>
      )}
      {offer && <ProfileOffer address={offer} onUse={() => setOpen({ kind: 'add', from: offer })} />}

      {book.isPending ? (
        <AddressListSkeleton />
      ) : book.isError ? (
        <AddressListFailed onRetry={() => void book.refetch()} />
      ) : book.data.length === 0 ? (
        !adding && !offer && <NoAddresses />
      ) : (
        <ChoiceGroup selectable={selectable}>
          <ul className={LIST_CLASS}>
            {book.data.map((a) =>
              open.kind === 'edit' && open.id === a.id ? (
                <li key={a.id} className={clsx(cardClass, 'sm:col-span-2')}>
                  <AddressForm title="Edit address" initial={a} save={saveEdit(a.id)} onCancel={() => close(`${cardIds(a.id)}-edit`)} />
                </li>
              ) : (
                <AddressCard
                  key={a.id}
                  address={a}
                  idBase={cardIds(a.id)}
                  onEdit={() => setOpen({ kind: 'edit', id: a.id })}
                  onDelete={() => {
                    asked.current = a.id;
                    setDeleting(a);
                  }}
                  choice={selectable ? { group: `${ids}choice`, checked: a.id === selectedId, onChoose: () => onSelect?.(a) } : undefined}
                />
              ),
            )}
          </ul>
        </ChoiceGroup>
      )}

      <DeleteAddressDialog
        address={deleting}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        // Back to the card's Delete when it is still there, else to the add button.
        onCloseFocus={() => (document.getElementById(`${cardIds(asked.current)}-delete`) ?? document.getElementById(addButtonId))?.focus()}
      />
    </section>
  );
}
