import { Suspense, lazy } from 'react';
import { WhenNear } from '../components/when-near.tsx';
import { withData } from '../lib/data-client.ts';
import { OurBestsellers } from '../features/catalog/our-bestsellers.tsx';
import { ProductGridSkeleton } from '../features/catalog/product-skeletons.tsx';
import { BestSellerTiles } from '../features/home/best-seller-tiles.tsx';
import { CollectionPosters } from '../features/home/collection-posters.tsx';
import { HeroCarousel } from '../features/home/hero-carousel.tsx';
import { TrustStrip } from '../features/home/trust-strip.tsx';
import { HOME_FEATURED_PAGE_SIZE } from '../../shared/catalog.ts';

// Far below the fold on every screen: the grid's code and products load as the shopper nears it.
const BestsellersGrid = lazy(withData(() => import('../features/catalog/bestsellers-grid.tsx')));

/** Home (spec §2): hero, Our Collections, Best Sellers tiles, Our Bestsellers. */
export function Component() {
  const skeleton = <ProductGridSkeleton count={HOME_FEATURED_PAGE_SIZE} />;
  return (
    <div className="flex flex-col gap-12 pb-16 sm:gap-16">
      <h1 className="sr-only">Vastra: handwoven sarees and clothing from India</h1>
      <div>
        <HeroCarousel />
        <TrustStrip />
      </div>
      <CollectionPosters />
      <BestSellerTiles />
      <OurBestsellers>
        <WhenNear placeholder={skeleton}>
          <Suspense fallback={skeleton}>
            <BestsellersGrid />
          </Suspense>
        </WhenNear>
      </OurBestsellers>
    </div>
  );
}
