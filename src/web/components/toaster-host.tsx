import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, toasterMounted } from '../lib/toast.ts';

/** Loaded lazily by the app shell; tells notify() when toasts can be shown. */
export default function ToasterHost() {
  useEffect(toasterMounted, []);
  return (
    <Toaster
      position="bottom-center"
      duration={TOAST_DURATION_MS}
      closeButton
      toastOptions={{
        classNames: {
          toast: '!bg-white !text-ink !ring-1 !ring-line !shadow-lg !font-sans',
          success: '!text-emerald-900',
          error: '!text-wine',
        },
      }}
    />
  );
}
