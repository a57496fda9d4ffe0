import { Suspense, lazy, useSyncExternalStore } from 'react';
import { onToasterWanted, toasterWanted } from '../lib/toast.ts';

const ToasterHost = lazy(() => import('./toaster-host.tsx'));

/** Renders the toaster only after the first toast is asked for (see lib/toast.ts). */
export function ToasterGate() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  return wanted ? (
    <Suspense>
      <ToasterHost />
    </Suspense>
  ) : null;
}
