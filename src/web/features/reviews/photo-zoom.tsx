/**
 * Buyers' photographs, opened large (issue 51): a tap on one in the strip or under a review opens
 * them in a dialog with the gallery's zoom and swipe, at the one tapped. Drawn on the server as
 * plain links to the photograph, so before the app takes over (or without it) a tap still shows it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** The gallery the route composes in: the photographs (their full-size URLs) and the one to open at. */
export type ZoomGallery = (photos: string[], start: number) => ReactNode;

export interface Zoomed {
  photos: string[];
  start: number;
}

export function PhotoZoom({ zoomed, gallery, onClose }: { zoomed: Zoomed | null; gallery: ZoomGallery; onClose: () => void }) {
  return (
    <Dialog.Root open={zoomed !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60 data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-1rem)] w-[min(36rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-1/2 gap-3 overflow-y-auto rounded-2xl bg-ivory p-3 shadow-2xl data-[state=open]:animate-[fade-in_150ms_ease-out] sm:p-4">
          <div className="flex items-center justify-between gap-4">
            <Dialog.Title className="font-display text-xl font-semibold">Buyers’ photographs</Dialog.Title>
            <Dialog.Close aria-label="Close the photographs" className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-sand hover:text-wine">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Pinch, scroll or use the buttons to zoom; swipe or choose a picture below to see the next.</Dialog.Description>
          {zoomed && gallery(zoomed.photos, zoomed.start)}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A link to a photograph that, once the app is here, opens the zoom instead (a modified click still opens a tab). */
export function zoomOnClick(open: () => void) {
  return (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    open();
  };
}
