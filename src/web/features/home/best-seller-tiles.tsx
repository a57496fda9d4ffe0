import { Link } from 'react-router';
import { BEST_SELLER_TILES, tileImage } from '../../../shared/home.ts';
import { POSTER_WIDTHS, imageAtWidth, imageSrcSet } from '../../../shared/images.ts';
import { LaterImg } from '../../drawing/taken-over.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';

/** Spec §2 Best Sellers: five tiles, each opening its search. A swipeable row on phones. */
export function BestSellerTiles() {
  return (
    <section aria-labelledby="tiles-heading" className="mx-auto w-full max-w-7xl px-4 sm:px-6">
      <SectionHeading id="tiles-heading" kicker="Most loved" title="Best Sellers" />
      <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-5 sm:gap-5 sm:overflow-visible sm:px-0">
        {BEST_SELLER_TILES.map((tile) => (
          <li key={tile.slug} className="w-[38%] shrink-0 snap-start sm:w-auto">
            <Link to={`/products?search=${tile.search}`} className="group block text-center">
              <span className="block overflow-hidden rounded-t-full rounded-b-2xl bg-sand ring-1 ring-line transition-shadow group-hover:ring-2 group-hover:ring-gold-soft">
                <LaterImg
                  src={imageAtWidth(tileImage(tile.slug), 480)}
                  srcSet={imageSrcSet(tileImage(tile.slug), POSTER_WIDTHS)}
                  sizes="(min-width: 640px) 20vw, 38vw"
                  alt=""
                  width={480}
                  height={640}
                  loading="lazy"
                  className="aspect-[3/4] w-full object-cover transition-transform duration-700 group-hover:scale-105"
                />
              </span>
              <span className="mt-2 block font-medium text-ink group-hover:text-wine">{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
