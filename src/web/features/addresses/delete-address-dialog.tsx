import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { Address } from '../../../shared/addresses.ts';
import { dangerButtonClass, secondaryButtonClass } from '../../components/buttons.ts';
import { AddressLines } from '../../components/address-lines.tsx';

interface Props {
  /** The address asked about; null when the dialog is closed. */
  address: Address | null;
  onConfirm: (address: Address) => Promise<void>;
  onClose: () => void;
  /** Where focus goes when the dialog closes (its trigger may be gone with the address). */
  onCloseFocus: () => void;
}

/**
 * Deleting an address cannot be undone (only typed again), so it is asked first: a Radix dialog,
 * so focus stays inside, Escape and the backdrop say no.
 */
export function DeleteAddressDialog({ address, onConfirm, onClose, onCloseFocus }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!address) return;
    setBusy(true);
    try {
      await onConfirm(address);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={address !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onCloseFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-ivory p-6 shadow-2xl data-[state=open]:animate-[fade-in_150ms_ease-out]"
        >
          <Dialog.Title className="font-display text-2xl font-semibold">Delete this address?</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">It will be removed from your saved addresses. You can add it again later.</Dialog.Description>
          {address && (
            <div className="rounded-lg border border-line bg-white/70 p-3">
              <AddressLines address={address} />
            </div>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            <Dialog.Close className={secondaryButtonClass} disabled={busy}>
              Keep it
            </Dialog.Close>
            <button
              type="button"
              onClick={() => void confirm()}
              disabled={busy}
              className={dangerButtonClass}
            >
              {busy ? 'Deleting...' : 'Delete address'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
