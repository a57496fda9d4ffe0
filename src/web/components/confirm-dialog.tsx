import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { dangerButtonClass, secondaryButtonClass } from './buttons.ts';

interface Props {
  open: boolean;
  /** Asked to close (Escape, the backdrop, "keep"); never while the confirmed work runs. */
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** What is asked about, shown under the description. */
  children?: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => Promise<void>;
  /** Where focus goes when it closes, when the trigger may be gone (a deleted row's button). */
  onCloseFocus?: () => void;
}

/**
 * A question before what cannot be undone: a Radix dialog, so focus stays inside and Escape or the
 * backdrop say no; the red button says yes and is busy while the work runs.
 */
export function ConfirmDialog({ open, onClose, title, description, children, keepLabel, confirmLabel, busyLabel, onConfirm, onCloseFocus }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          role="alertdialog"
          onCloseAutoFocus={(e) => {
            if (!onCloseFocus) return;
            e.preventDefault();
            onCloseFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 grid w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-ivory p-6 shadow-2xl data-[state=open]:animate-[fade-in_150ms_ease-out]"
        >
          <Dialog.Title className="font-display text-2xl font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description>
          {children}
          <div className="flex flex-wrap justify-end gap-3">
            <Dialog.Close className={secondaryButtonClass} disabled={busy}>
              {keepLabel}
            </Dialog.Close>
            <button type="button" onClick={() => void confirm()} disabled={busy} className={dangerButtonClass}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
