import { type FocusEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

/**
 * A carousel on the browser's own scroll snapping: swiping is native (smooth on a cheap phone),
 * and this hook adds what CSS cannot: which slide shows, going to one, and moving on by itself
 * every `intervalMs`. It pauses while the pointer or keyboard focus is inside, while the tab is
 * hidden, when `paused`, and when everything fits without scrolling (nothing to move to).
 * (Embla did this for 9 KB more of JavaScript on the home page; docs/decisions/0006-navigation.md.)
 */
export function useSnapCarousel<T extends HTMLElement>({ intervalMs, paused = false }: { intervalMs: number; paused?: boolean }) {
  const ref = useRef<T>(null);
  const [selected, setSelected] = useState(0);
  const [holding, setHolding] = useState(false);
  const [tick, setTick] = useState(0);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const slides = () => Array.from(ref.current?.children ?? []) as HTMLElement[];

  const scrollTo = useCallback((index: number) => {
    const track = ref.current;
    const slide = (track?.children[index] as HTMLElement | undefined) ?? undefined;
    if (!track || !slide) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.scrollTo({ left: slide.offsetLeft - track.offsetLeft, behavior: smooth ? 'smooth' : 'auto' });
    setTick((t) => t + 1); // a hand on the controls restarts the wait
  }, []);

  // Which slide is showing: the one whose start is nearest the track's scroll position.
  useEffect(() => {
    const track = ref.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const starts = slides().map((s) => Math.abs(s.offsetLeft - track.offsetLeft - track.scrollLeft));
        setSelected(starts.indexOf(Math.min(...starts)));
      });
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    const track = ref.current;
    if (!track || paused || holding) return;
    const timer = setInterval(() => {
      if (document.hidden || track.scrollWidth <= track.clientWidth + 1) return;
      const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
      scrollTo(atEnd ? 0 : Math.min(selectedRef.current + 1, slides().length - 1));
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, paused, holding, tick, scrollTo]);

  /** Spread on the carousel's outer element: hovering or focusing inside holds it still. */
  const holdProps = {
    onPointerEnter: (e: PointerEvent) => e.pointerType === 'mouse' && setHolding(true),
    onPointerLeave: () => setHolding(false),
    onFocus: () => setHolding(true),
    onBlur: (e: FocusEvent) => !e.currentTarget.contains(e.relatedTarget) && setHolding(false),
  };

  return { ref, selected, scrollTo, holdProps };
}
