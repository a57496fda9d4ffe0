import { Suspense, lazy } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { WhenNear } from '../components/when-near.tsx';
import { withData } from '../lib/data-client.ts';
import type { ServerContext } from '../drawing/route-data.ts';
import { NoscriptCopy } from '../drawing/taken-over.tsx';
import { OurBestsellers } from '../features/catalog/our-bestsellers.tsx';
import { ProductGridSkeleton } from '../features/catalog/product-skeletons.tsx';
import { BestSellerTiles } from '../features/home/best-seller-tiles.tsx';
import { CollectionPosters } from '../features/home/collection-posters.tsx';
import { HeroCarousel } from '../features/home/hero-carousel.tsx';
import { TrustStrip } from '../features/home/trust-strip.tsx';
import { HOME_FEATURED_PAGE_SIZE } from '../../shared/catalog.ts';

// Far below the fold on every screen: the grid's code and products load as the shopper nears it.
const BestsellersGrid = lazy(withData(() => import('../features/catalog/bestsellers-grid.tsx')));
// Its copy for a browser without JavaScript, drawn on the server only (drawing/taken-over.tsx).
const BestsellersCopy = lazy(() => import('../features/catalog/bestsellers-grid.tsx'));

/**
 * On the server, the grid's first page for that copy: a browser without JavaScript finds names,
 * prices and links on home too. The answer travels with the page, so the grid drawn in the browser
 * as a shopper nears it starts from it. When it fails, home is drawn without the copy.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  // The server's context only (drawing/route-data.ts); in the browser the grid asks as it draws. Not
  // through `preloading`, whose module would join home's first download for this one check.
  const client = (context as Partial<ServerContext> | undefined)?.queryClient;
  if (client) {
    const { bestsellersQuery } = await import('../features/catalog/bestsellers-grid.tsx');
    await client.prefetchInfiniteQuery(bestsellersQuery());
  }
  return null;
}

/** Home (spec §2): hero, Our Collections, Best Sellers tiles, Our Bestsellers. */
export function Component() {
  const skeleton = <ProductGridSkeleton count={HOME_FEATURED_PAGE_SIZE} />;
  // Hidden without JavaScript (styles.css), where the copy shows instead.
  const waiting = (
    <>
      <div data-later="">{skeleton}</div>
      <NoscriptCopy>
        <Suspense>
          <BestsellersCopy />
        </Suspense>
      </NoscriptCopy>
    </>
  );
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
        <WhenNear placeholder={waiting}>
          <Suspense fallback={skeleton}>
            <BestsellersGrid />
          </Suspense>
        </WhenNear>
      </OurBestsellers>
    </div>
  );
}
