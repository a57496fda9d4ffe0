import { useRef, type MouseEvent, type PointerEvent } from 'react';

/**
 * The gallery's own share of touch handling, beside what react-zoom-pan-pinch does (wheel, pinch,
 * pan, double tap): spread the returned handlers on the element around the zoom area.
 *
 * Swipe: one finger (or the mouse) dragged past `threshold` px changes the picture, at 1x only
 * (`swipe` false otherwise). A second finger cancels it: a pinch lifts its fingers one by one, and the
 * first to leave has often travelled past the threshold, which used to count as a swipe, move to the
 * next picture and so throw away the zoom the pinch had just made. A drag the browser takes over
 * (a vertical page scroll, which ends in pointercancel) is no swipe either.
 *
 * Taps: after a tap the browser fires made-up mousedown/mouseup/click events. The zoom library
 * listens for mousedown on window to start a mouse pan, and starting one stops any running
 * animation, so the second tap of a double tap cut its own reset animation short (stuck near 3x).
 * Those mousedowns are kept from bubbling out of the gallery; a real mouse press, which always
 * comes with a pointerdown of type "mouse" first, still gets through.
 */
export function useGalleryGestures({ swipe, threshold, onSwipe }: { swipe: boolean; threshold: number; onSwipe: (step: 1 | -1) => void }) {
  const start = useRef<{ id: number; x: number } | null>(null);
  const lastPointerType = useRef('mouse');

  return {
    onPointerDown(e: PointerEvent) {
      lastPointerType.current = e.pointerType;
      // Touch: the first finger down is the primary pointer; any further one makes a multi-finger gesture.
      start.current = e.isPrimary && swipe ? { id: e.pointerId, x: e.clientX } : null;
    },
    onPointerUp(e: PointerEvent) {
      const from = start.current;
      if (!from || from.id !== e.pointerId) return;
      start.current = null;
      if (!swipe) return;
      const dx = e.clientX - from.x;
      if (Math.abs(dx) > threshold) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
    onMouseDown(e: MouseEvent) {
      if (lastPointerType.current !== 'mouse') e.stopPropagation();
    },
  };
}
