import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { AdminProduct } from '../../../shared/admin-product.contract.ts';
import { dangerButtonClass, secondaryButtonClass } from '../../components/buttons.ts';

interface Props {
  product: AdminProduct;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
}

/**
 * A delete is asked first. A product that orders name is hidden instead, so the dialog says which
 * will happen before the owner chooses.
 */
export function DeleteProductDialog({ product, open, onOpenChange, onConfirm }: Props) {
  const [busy, setBusy] = useState(false);
  const ordered = product.orderCount > 0;
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 grid w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-ivory p-6 shadow-2xl"
        >
          <Dialog.Title className="font-display text-2xl font-semibold">Delete “{product.name}”?</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">
            {ordered
              ? `${product.orderCount === 1 ? 'An order names' : `${product.orderCount} orders name`} this product, so it will be hidden from the shop instead: those orders stay whole, and you can show it again later.`
              : 'It leaves the shop and every cart and wishlist for good. This cannot be undone.'}
          </Dialog.Description>
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
              {busy ? 'Deleting...' : ordered ? 'Hide from the shop' : 'Delete product'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
