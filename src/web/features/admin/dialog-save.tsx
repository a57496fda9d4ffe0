import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { secondaryButtonClass } from '../../components/buttons.ts';
import { buttonClass } from '../../components/empty-state.tsx';
import { FormMessage } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

/** A contract's verdict on what was typed (zod's safeParse). */
type Checked<T> = { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };

interface DialogSave<T> {
  /** Said when the contract refuses without a message of its own. */
  refused: string;
  save: (value: T) => Promise<unknown>;
  /** The toast once saved. */
  savedText: (value: T) => string;
  setError: (message: string) => void;
  close: () => void;
}

/**
 * An owner's dialog saves what its contract passed. A refusal (the contract's first, or the
 * server's) stays in the open dialog beside what was typed; a save is told in a toast as it closes.
 */
export async function saveInDialog<T>(checked: Checked<T>, dialog: DialogSave<T>): Promise<void> {
  if (!checked.success) return dialog.setError(checked.error.issues[0]?.message ?? dialog.refused);
  try {
    await dialog.save(checked.data);
    void notify(dialog.savedText(checked.data), 'success');
    dialog.close();
  } catch (err) {
    dialog.setError(err instanceof ApiError ? err.message : String(err));
  }
}

/** An owner's dialog's foot: its refusal, if any, then "Keep as it is" and the save (Saving... while it saves). */
export function DialogSaveActions({ error, busy, children }: { error: string | null; busy: boolean; children: ReactNode }) {
  return (
    <>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close className={secondaryButtonClass}>Keep as it is</Dialog.Close>
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? 'Saving...' : children}
        </button>
      </div>
    </>
  );
}
