import * as Dialog from '@radix-ui/react-dialog';
import { secondaryButtonClass } from '../../components/buttons.ts';

interface Props {
  /** The statement asked about; null when the dialog is closed. */
  statement: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Write mode is consent for one statement, given here, after reading it once more. */
export function WriteModeDialog({ statement, onConfirm, onClose }: Props) {
  return (
    <Dialog.Root open={statement !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          role="alertdialog"
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-ivory p-6 shadow-2xl data-[state=open]:animate-[fade-in_150ms_ease-out]"
        >
          <Dialog.Title className="font-display text-2xl font-semibold">Run this statement in write mode?</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">
            It may change the shop’s data at once, and cannot be undone from here. Write mode is for this one statement only; it is logged
            with your name.
          </Dialog.Description>
          <pre tabIndex={0} className="max-h-48 overflow-auto rounded-lg border border-line bg-white p-3 font-mono text-xs break-words whitespace-pre-wrap">
            <code>{statement}</code>
          </pre>
          <div className="flex flex-wrap justify-end gap-3">
            <Dialog.Close className={secondaryButtonClass}>Cancel</Dialog.Close>
            <button
              type="button"
              onClick={onConfirm}
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-red-800 px-6 text-sm font-medium text-white hover:bg-red-900"
            >
              Run in write mode
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
