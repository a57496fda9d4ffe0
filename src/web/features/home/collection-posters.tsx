import { Link } from 'react-router';
import { COLLECTION_POSTERS } from '../../../shared/home.ts';
import { POSTER_WIDTHS, imageAtWidth, imageSrcSet } from '../../../shared/images.ts';
import { COLLECTIONS_INTERVAL_MS } from '../../../shared/ui.ts';
import { CarouselDots } from './carousel-dots.tsx';
import { LaterImg } from '../../drawing/taken-over.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { useSnapCarousel } from './use-snap-carousel.ts';

/**
 * Spec §2 Our Collections: three posters side by side from 1200 px; below that a slider that
 * moves on every 3.5 s. From 1200 px all three fit, so there is nothing to scroll and it rests.
 * Full width by rule: in home's flex column `mx-auto` alone shrinks a section to its content, and
 * this one's grew as its posters came (a shift of the whole section, home's CLS of 0.02 to 0.03).
 */
export function CollectionPosters() {
  const { ref, selected, scrollTo, holdProps } = useSnapCarousel<HTMLUListElement>({ intervalMs: COLLECTIONS_INTERVAL_MS });

  return (
    <section aria-labelledby="collections-heading" className="mx-auto w-full max-w-7xl px-4 sm:px-6" {...holdProps}>
      <SectionHeading id="collections-heading" kicker="Curated for you" title="Our Collections" />
      <div className="-mx-2">
        <ul
          ref={ref}
          aria-roledescription="carousel"
          aria-label="Collections"
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] slider:overflow-visible"
        >
          {COLLECTION_POSTERS.map((poster) => (
            <li key={poster.to} className="w-[82%] shrink-0 snap-start px-2 sm:w-[46%] slider:w-1/3">
              <Link to={poster.to} className="group relative block overflow-hidden rounded-xl bg-sand">
                <LaterImg
                  src={imageAtWidth(poster.image, 480)}
                  srcSet={imageSrcSet(poster.image, POSTER_WIDTHS)}
                  sizes="(min-width: 1200px) 400px, (min-width: 640px) 46vw, 82vw"
                  alt=""
                  width={480}
                  height={640}
                  loading="lazy"
                  className="aspect-[3/4] w-full object-cover transition-transform duration-700 group-hover:scale-[1.03]"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/85 via-ink/45 to-transparent p-5 pt-16 text-ivory">
                  <span className="block font-display text-3xl font-semibold">{poster.title}</span>
                  <span className="mt-1 block text-sm text-ivory/90">{poster.caption}</span>
                  <span className="mt-3 inline-block text-xs font-medium uppercase tracking-[0.2em] text-gold-soft">Shop now</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <CarouselDots
        className="mt-3 slider:hidden"
        count={COLLECTION_POSTERS.length}
        selected={selected}
        onSelect={scrollTo}
        label={(i) => `Show ${COLLECTION_POSTERS[i]!.title}`}
      />
    </section>
  );
}
