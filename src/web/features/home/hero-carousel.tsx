import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { HERO_SLIDES } from '../../../shared/home.ts';
import { HERO_INTERVAL_MS } from '../../../shared/ui.ts';
import { CarouselDots } from './carousel-dots.tsx';
import { HeroSlideView } from './hero-slide.tsx';
import { useSnapCarousel } from './use-snap-carousel.ts';

const arrowClass =
  'absolute top-1/2 z-10 hidden size-11 -translate-y-1/2 place-items-center rounded-full bg-ivory/85 text-ink shadow ring-1 ring-line hover:bg-ivory lg:grid';

/**
 * Spec §2 hero: two banners (desktop and phone pictures, switching at 1024 px), a new one every
 * 5 s, arrows on desktop, dots. It holds still under the pointer or focus, and a pause button
 * stops it for good (WCAG 2.2.2).
 */
export function HeroCarousel() {
  const [paused, setPaused] = useState(false);
  const { ref, selected, scrollTo, holdProps } = useSnapCarousel<HTMLDivElement>({ intervalMs: HERO_INTERVAL_MS, paused });
  const count = HERO_SLIDES.length;

  return (
    <section aria-roledescription="carousel" aria-label="Featured" className="relative mx-auto max-w-[1920px]" {...holdProps}>
      <div ref={ref} className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]">
        {HERO_SLIDES.map((slide, i) => (
          <div
            key={slide.stem}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== selected}
            inert={i !== selected}
            className="w-full shrink-0 snap-start snap-always"
          >
            <HeroSlideView slide={slide} first={i === 0} />
          </div>
        ))}
      </div>
      <button type="button" onClick={() => scrollTo((selected - 1 + count) % count)} aria-label="Previous slide" className={`${arrowClass} left-4`}>
        <ChevronLeft className="size-5" aria-hidden="true" />
      </button>
      <button type="button" onClick={() => scrollTo((selected + 1) % count)} aria-label="Next slide" className={`${arrowClass} right-4`}>
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
      <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-ivory/80 px-2 backdrop-blur-sm">
        <CarouselDots count={count} selected={selected} onSelect={scrollTo} label={(i) => `Show slide ${i + 1}`} />
        <button
          type="button"
          onClick={() => setPaused(!paused)}
          aria-label={paused ? 'Play slides' : 'Pause slides'}
          className="grid size-8 place-items-center rounded-full text-ink/70 hover:text-ink"
        >
          {paused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
        </button>
      </div>
    </section>
  );
}
