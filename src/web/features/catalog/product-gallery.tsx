import { Minus, Plus, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchContentRef } from 'react-zoom-pan-pinch';
import { GALLERY_SIZES, GALLERY_SRC_WIDTH, imageAtWidth, imageSrcSet } from '../../../shared/images.ts';
import { LaterImg } from '../../drawing/taken-over.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useGalleryGestures } from './product-gallery-gestures.ts';

/** Spec §9: zoom 1x to 3x; a swipe changes the picture past 50 px. */
const MIN_ZOOM = 1;
const MAX_ZOOM = 3;
const SWIPE_PX = 50;

const iconButton =
  'grid size-10 place-items-center rounded-full bg-ivory/95 text-ink shadow ring-1 ring-line hover:text-wine disabled:opacity-40';

/**
 * The pictures with zoom and swipe. `start` opens at a picture other than the first (a buyer's
 * photograph tapped in the reviews); `first` says it is the page's first picture, fetched before all else.
 */
export function ProductGallery({ images, name, start = 0, first = true }: { images: string[]; name: string; start?: number; first?: boolean }) {
  const [index, setIndex] = useState(start);
  const [scale, setScale] = useState(1);
  const settledScale = useDebouncedValue(scale.toFixed(1), 500);
  const zoom = useRef<ReactZoomPanPinchContentRef>(null);
  const picture = images[index];
  // Animations may land a hair off 1; anything that rounds to 1.0x counts as not zoomed.
  const zoomed = scale > MIN_ZOOM + 0.01;

  const show = (next: number) => {
    setIndex((next + images.length) % images.length);
    setScale(1);
  };

  // Swipes change pictures only at 1x and with one finger; zoomed in, a drag moves the picture instead.
  const gestures = useGalleryGestures({ swipe: !zoomed && images.length > 1, threshold: SWIPE_PX, onSwipe: (step) => show(index + step) });

  if (!picture) return <div className="aspect-[3/4] rounded-lg bg-sand" role="img" aria-label={`${name}: no picture yet`} />;

  const photo = (
    <img
      src={imageAtWidth(picture, GALLERY_SRC_WIDTH)}
      srcSet={imageSrcSet(picture)}
      sizes={GALLERY_SIZES}
      alt={`${name}, picture ${index + 1} of ${images.length}`}
      width={768}
      height={1024}
      fetchPriority={first ? 'high' : undefined}
      draggable={false}
      className="size-full object-cover"
    />
  );

  return (
    <div className="flex flex-col gap-3">
      <div
        // At 1x the page may still scroll vertically through the picture, while horizontal swipes and
        // pinches (pan-y excludes the browser's own pinch-zoom) reach our handlers and the zoom library.
        // Zoomed in, every touch belongs to the library, so a pan is never taken over by a page scroll.
        className={`relative aspect-[3/4] overflow-hidden rounded-lg bg-sand ${zoomed ? 'touch-none' : 'touch-pan-y'}`}
        {...gestures}
        data-testid="gallery-main"
      >
        {/* Drawn on the server too, so the picture the page paints first is the one it keeps (a
            swap after the takeover counts as a new, late largest paint). The wrapper's one inline
            style at rest is allowed by its hash in the page's CSP (shared/csp.ts). */}
        <TransformWrapper
          key={index}
          ref={zoom}
          minScale={MIN_ZOOM}
          maxScale={MAX_ZOOM}
          doubleClick={{ mode: 'reset' }}
          wheel={{ step: 0.2 }}
          // No rubber band past the limits: the readout never shows more than 3x or less than 1x.
          disablePadding
          panning={{ disabled: !zoomed }}
          onTransform={(_ref, state) => setScale(state.scale)}
        >
          <TransformComponent wrapperClass="!size-full" contentClass="!size-full">
            {photo}
          </TransformComponent>
        </TransformWrapper>
        <div className="absolute bottom-3 right-3 flex items-center gap-2">
          <button type="button" className={iconButton} aria-label="Zoom out" disabled={!zoomed} onClick={() => zoom.current?.zoomOut(0.5)}>
            <Minus className="size-4" aria-hidden="true" />
          </button>
          <span className="min-w-12 rounded-full bg-ivory/95 px-2 py-1 text-center text-xs font-medium" data-testid="zoom-level">
            {scale.toFixed(1)}x
          </span>
          {/* Said once a gesture settles, not on every animation frame of a pinch or wheel. */}
          <span className="sr-only" aria-live="polite">
            {`Zoom ${settledScale}x`}
          </span>
          <button type="button" className={iconButton} aria-label="Zoom in" disabled={scale >= MAX_ZOOM - 0.01} onClick={() => zoom.current?.zoomIn(0.5)}>
            <Plus className="size-4" aria-hidden="true" />
          </button>
          <button type="button" className={iconButton} aria-label="Reset zoom" disabled={!zoomed} onClick={() => zoom.current?.resetTransform()}>
            <RotateCcw className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto" aria-label="Pictures">
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                aria-label={`Show picture ${i + 1}`}
                aria-current={i === index}
                onMouseEnter={() => i !== index && show(i)}
                onClick={() => show(i)}
                className={`block w-16 overflow-hidden rounded-md ring-2 sm:w-20 ${i === index ? 'ring-wine' : 'ring-transparent hover:ring-line'}`}
              >
                {/* Under the picture on a phone's first screen, but no part of it: they wait for the app (LaterImg). */}
                <LaterImg src={imageAtWidth(src, 320)} alt="" width={80} height={107} loading="lazy" className="aspect-[3/4] w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
