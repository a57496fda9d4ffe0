/**
 * Toasts (Sonner), kept out of the first download: the toaster's code is fetched the first time
 * a toast is asked for, and that toast waits for it. Spec §4: toasts close after 2 seconds.
 */
export const TOAST_DURATION_MS = 2000;

let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** For the app shell: mount the toaster once someone has asked for a toast. */
export const toasterWanted = () => wanted;
export function onToasterWanted(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** Called by the toaster when it is on the page. */
export const toasterMounted = () => markReady();

type Kind = 'message' | 'success' | 'error';

export async function notify(text: string, kind: Kind = 'message'): Promise<void> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  const [{ toast }] = await Promise.all([import('sonner'), toasterReady]);
  if (kind === 'message') toast(text);
  else toast[kind](text);
}
