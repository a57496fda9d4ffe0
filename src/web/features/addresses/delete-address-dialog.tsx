import type { Address } from '../../../shared/addresses.ts';
import { AddressLines } from '../../components/address-lines.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

interface Props {
  /** The address asked about; null when the dialog is closed. */
  address: Address | null;
  onConfirm: (address: Address) => Promise<void>;
  onClose: () => void;
  /** Where focus goes when the dialog closes (its trigger may be gone with the address). */
  onCloseFocus: () => void;
}

/** Deleting an address cannot be undone (only typed again), so it is asked first. */
export function DeleteAddressDialog({ address, onConfirm, onClose, onCloseFocus }: Props) {
  return (
    <ConfirmDialog
      open={address !== null}
      onClose={onClose}
      onCloseFocus={onCloseFocus}
      title="Delete this address?"
      description="It will be removed from your saved addresses. You can add it again later."
      keepLabel="Keep it"
      confirmLabel="Delete address"
      busyLabel="Deleting..."
      onConfirm={async () => {
        if (address) await onConfirm(address);
      }}
    >
      {address && (
        <div className="rounded-lg border border-line bg-white/70 p-3">
          <AddressLines address={address} />
        </div>
      )}
    </ConfirmDialog>
  );
}
