import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the spot comes within `margin` of the screen, and `placeholder` until
 * then. For sections far below the fold: their code and data wait until a shopper heads their way,
 * so the first screen gets the phone's network and CPU to itself. A spot already scrolled past
 * (a jump to the footer, the End key) counts as near too: between two frames it may never have
 * been within the margin, and the shopper scrolling back up should find it there.
 */
export function WhenNear({ children, placeholder, margin = '800px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    // Near: within the margin below the screen, on it, or anywhere above it.
    const within = Number.parseFloat(margin);
    const check = () => el.getBoundingClientRect().top < window.innerHeight + within && setNear(true);
    const observer = new IntersectionObserver(check, { rootMargin: margin });
    observer.observe(el);
    // The observer speaks only when the spot crosses into or out of the margin: a jump from below
    // it to far above it in one frame says nothing (CI's phone run once waited a minute on Our
    // Bestsellers after a jump to the footer). A scroll asks too, until the spot is near.
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', check);
    };
  }, [near, margin]);
  return <div ref={ref}>{near ? children : placeholder}</div>;
}
